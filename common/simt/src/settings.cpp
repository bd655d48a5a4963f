/// @file
/// @brief The emulator's settings: one instance per process, which starts from the defaults and
/// the environment (SIMT_CHECKS, SIMT_WORKERS, ...), so that a program that cannot call
/// simt::settings() (a whole CUDA program built with simt-nvcc) can still choose them.

#include <simt/settings.hpp>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>

namespace simt {

namespace {

/// Ends the program with a one-line error naming the variable and what it takes (exit 2, as
/// for any bad input).
[[noreturn]] void refuse(const char* name, const char* value, const char* expected) {
  std::fprintf(stderr, "simt: %s=%s: expected %s\n", name, value, expected);
  std::exit(2);
}

bool flag(const char* name, bool fallback) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return fallback;
  const std::string_view v(value);
  if (v == "1" || v == "on" || v == "yes" || v == "true") return true;
  if (v == "0" || v == "off" || v == "no" || v == "false") return false;
  refuse(name, value, "1 or 0 (on or off)");
}

template <class T>
T number(const char* name, T fallback, T lowest, T highest, const char* expected) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return fallback;
  T parsed{};
  const std::string_view v(value);
  bool whole = false;
  if constexpr (std::is_floating_point_v<T>) {
    // strtod, not from_chars: WebAssembly's C++ library (libc++ 19) has no from_chars for
    // floating point.
    char* end = nullptr;
    errno = 0;
    parsed = static_cast<T>(std::strtod(value, &end));
    whole = errno == 0 && end == v.data() + v.size() &&
            !std::isspace(static_cast<unsigned char>(*value));
  } else {
    const auto [end, error] = std::from_chars(v.data(), v.data() + v.size(), parsed);
    whole = error == std::errc{} && end == v.data() + v.size();
  }
  if (!whole || !(parsed >= lowest && parsed <= highest)) refuse(name, value, expected);
  return parsed;
}

Settings from_environment() {
  Settings s;
  s.diagnostics = flag("SIMT_CHECKS", s.diagnostics);
  s.count_bank_conflicts = flag("SIMT_BANK_COUNTERS", s.count_bank_conflicts);
  s.strict = flag("SIMT_STRICT", s.strict);
  s.worker_threads =
      number<unsigned>("SIMT_WORKERS", s.worker_threads, 0, 4096,
                       "a number of worker threads from 0 (one per hardware thread) to 4096");
  s.watchdog_seconds = number<double>("SIMT_WATCHDOG_SECONDS", s.watchdog_seconds, 0, 1e6,
                                      "seconds from 0 (off) to 1000000");
  if (const char* seed = std::getenv("SIMT_SHUFFLE_SEED"); seed != nullptr && *seed != '\0')
    s.shuffle_seed = number<std::uint64_t>("SIMT_SHUFFLE_SEED", 0, 0, UINT64_MAX,
                                           "a seed, a whole number from 0");
  if (const char* cc = std::getenv("SIMT_COMPUTE_CAPABILITY"); cc != nullptr && *cc != '\0') {
    const std::string_view v(cc);
    const int at = static_cast<int>(v.find('.'));
    int major = 0;
    int minor = 0;
    const bool parsed =
        at > 0 && std::from_chars(v.data(), v.data() + at, major).ec == std::errc{} &&
        std::from_chars(v.data() + at + 1, v.data() + v.size(), minor).ec == std::errc{};
    const ComputeCapability wanted{major, minor};
    if (!parsed || v.size() != static_cast<std::size_t>(at) + 2 || major < 5 ||
        wanted.cuda_arch() > s.compute_capability.cuda_arch())
      refuse("SIMT_COMPUTE_CAPABILITY", cc,
             "a compute capability from 5.0 to 9.0, such as 8.0 (the emulator imitates an H100, "
             "or an older GPU)");
    s.compute_capability = wanted;
  }
  return s;
}

}  // namespace

Settings& settings() {
  static Settings instance = from_environment();
  return instance;
}

}  // namespace simt
