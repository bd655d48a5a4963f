#pragma once
/// @file
/// @brief Places in a kernel's source: each barrier, collective and shared-memory declaration
/// the translation rewrites gets one object with static storage, so the emulator can tell two
/// places apart by address and name them, as written, in its diagnostics.

#include <source_location>
#include <string>

namespace simt::detail {

/// @ingroup simt
/// @brief A construct in the kernel's source: where it is and how it is written there.
struct Site {
  std::source_location location;  ///< File and line (the original file: translations use #line).
  const char* text = "";          ///< The construct as written, e.g. `cta.sync()` or `tile`.
};

/// @brief The site object of one place in the source. `Where` is the type of a lambda written at
/// that place (every lambda expression has a type of its own, also per template instantiation),
/// so each place gets its own object, compared by address.
template <class Where>
inline constexpr Site site_at = Where{}();

/// @brief "file.cuh:12" for a place in a kernel's source (the file name without its
/// directories): the one way every diagnostic names a place.
std::string where(const char* file, unsigned line);
/// @brief `where(file, line)` of a source location.
std::string where(const std::source_location& location);

/// @brief The kernel a site is in, named as the other diagnostics name it: the enclosing
/// function's signature without the lambda the site was taken in.
std::string function_of(const Site& site);

}  // namespace simt::detail

/// The place where this macro is expanded, as a tag: a lambda, so an object of a type of its
/// own, whose site_at<> is the Site with `text` as its spelling. Primitives take the tag and
/// find the site from its type, so what a thread awaits holds no pointer to it. Only
/// translated kernel code uses it (the translation writes it).
#define SIMT_SITE(text) ([] { return ::simt::detail::Site{std::source_location::current(), text}; })
