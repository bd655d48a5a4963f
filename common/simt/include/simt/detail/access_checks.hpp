#pragma once
/// @file
/// @brief The translation's instrumentation: every memory access of kernel code goes through
/// load(), store() or update(), which return the address they are given. With checks off that is
/// one test of a thread-local flag; with checks on, accesses to shared memory feed the race
/// checks and the bank-conflict counters, and accesses to global memory the emulator allocated
/// are bounds-checked. Internal.
///
/// `s[i] += x` becomes `*update(&s[i], __FILE__, __LINE__) += x`: the same lvalue, so types,
/// `volatile` and references are untouched. They are `constexpr`, as a `constexpr __device__`
/// function's accesses must be.
///
/// Kernels compiled with SIMT_NO_ACCESS_CHECKS defined (simt-nvcc --simt-no-checks) have no
/// test at all. The test costs little itself, but its call, though never made with checks off,
/// makes the compiler keep a coroutine's variables in its frame in memory across every access
/// (a loop's sum is stored and reloaded each iteration): matrixMul's loops over shared memory ran
/// 3x faster without it. So the translation gives a loop of a coroutine that cannot suspend
/// (nor return, jump out, or declare a static or `__shared__` variable) the checks' state as a
/// type: `SIMT_CHECKS_KNOWN_LOOP for (...) { ... } SIMT_CHECKS_KNOWN_LOOP_END`, and its accesses
/// pass `simt_checks_known` as a fourth argument. In optimised builds the loop is compiled twice,
/// as a generic lambda called with std::true_type where the checks are on and std::false_type
/// where they are off; the second has no test and no call at all. Unoptimised builds (-O0, where
/// a debugger should see the loop's variables where they are) test at each access as before.

#include <simt/detail/global_bounds.hpp>
#include <simt/detail/heartbeat.hpp>
#include <simt/detail/initialisation_check.hpp>
#include <simt/detail/race_check.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

#include <concepts>
#include <cstddef>
#include <type_traits>

namespace simt::detail {

/// @ingroup simt
/// @brief What observe() does with checking on (out of line, so that an instrumented access
/// costs one test and an untaken branch when it is off): notes the thread's progress, then hands
/// a shared-memory access to the race, bounds and initialisation checks and the bank counters,
/// and, with diagnostics on, any other access to the bounds check of global memory.
/// `whole_object`: the access is to an object of class type (whose padding is never written).
void observe_checked(const void* address, std::size_t bytes, AccessKind kind, bool whole_object,
                     const char* file, unsigned line);

/// @brief With checking on, the access most accesses are: to global memory this worker already
/// found in bounds (not shared memory), by the thread its heartbeat last saw (and not marked
/// overdue, which the watchdog shows by clearing `running`), with no counter to feed. Then the
/// access needs nothing but its place noted for reports (a fault's, the watchdog's), written
/// here inline: a call per access was a third of a checked vector add's time.
///
/// The thread-local objects are named, never bound to a reference: GCC 12 with
/// -fsanitize=undefined miscompiles the null check of a reference to one inlined into kernel
/// code (the check's jump tests flags no instruction set) and reports a null pointer.
[[gnu::always_inline]] inline bool noted_in_passing(const void* address, std::size_t bytes,
                                                    const char* file, unsigned line) {
  Heartbeat* h = current_thread.quick_heartbeat;
  if (h == nullptr || h->running.load(std::memory_order_relaxed) != current_thread.slot ||
      current_thread.unit->arena.contains(address) || !global_access_cleared(address, bytes))
    return false;
  h->file.store(file, std::memory_order_relaxed);
  h->line.store(line, std::memory_order_relaxed);
  return true;
}

/// @brief Whether the checks are on, known only when the access runs: the thread's flag is
/// tested there. In a loop the translation compiles twice (loop_with_checks_known()), an
/// access knows it from its type instead: std::true_type (on) or std::false_type (off).
struct ChecksAtRunTime {};

/// @brief Reports an access to `bytes` at `address` when checking is on.
template <class Checks = ChecksAtRunTime>
[[gnu::always_inline]] inline void observe(const volatile void* address, std::size_t bytes,
                                           AccessKind kind, bool whole_object, const char* file,
                                           unsigned line) {
#if defined(SIMT_NO_ACCESS_CHECKS)
  (void)address, (void)bytes, (void)kind, (void)whole_object, (void)file, (void)line;
#else
  // A volatile access or not, the same byte.
  const void* at = const_cast<const void*>(address);
  if constexpr (std::same_as<Checks, std::true_type>) {
    if (!noted_in_passing(at, bytes, file, line))
      observe_checked(at, bytes, kind, whole_object, file, line);
  } else if constexpr (std::same_as<Checks, ChecksAtRunTime>) {
    if (current_thread.checking) [[unlikely]] {
      if (!noted_in_passing(at, bytes, file, line))
        observe_checked(at, bytes, kind, whole_object, file, line);
    }
  } else {
    (void)at, (void)bytes, (void)kind, (void)whole_object, (void)file, (void)line;
  }
#endif
}

/// @brief A read of `*address`.
template <class T, class Checks = ChecksAtRunTime>
[[gnu::always_inline]] constexpr T* load(T* address, const char* file, unsigned line, Checks = {}) {
  if (!std::is_constant_evaluated())
    observe<Checks>(address, sizeof(T), AccessKind::load, !std::is_scalar_v<T>, file, line);
  return address;
}
/// @brief A write of `*address`.
template <class T, class Checks = ChecksAtRunTime>
[[gnu::always_inline]] constexpr T* store(T* address, const char* file, unsigned line,
                                          Checks = {}) {
  if (!std::is_constant_evaluated())
    observe<Checks>(address, sizeof(T), AccessKind::store, !std::is_scalar_v<T>, file, line);
  return address;
}
/// @brief A read-modify-write of `*address` (`+=`, `++`).
template <class T, class Checks = ChecksAtRunTime>
[[gnu::always_inline]] constexpr T* update(T* address, const char* file, unsigned line,
                                           Checks = {}) {
  if (!std::is_constant_evaluated())
    observe<Checks>(address, sizeof(T), AccessKind::update, !std::is_scalar_v<T>, file, line);
  return address;
}

/// @brief Runs a loop the translation compiled twice: `loop(std::true_type{})` where this
/// thread's accesses are checked, `loop(std::false_type{})` where they are not (the checks'
/// state cannot change while a thread runs: it is the launch's).
template <class Loop>
[[gnu::always_inline]] inline void loop_with_checks_known(Loop&& loop) {
#if defined(SIMT_NO_ACCESS_CHECKS)
  loop(std::false_type{});
#else
  if (current_thread.checking)
    loop(std::true_type{});
  else
    loop(std::false_type{});
#endif
}

/// @brief What observe_atomic() does with checking on: notes the thread's progress; shared bytes
/// an atomic writes count as written (atomics are not races, so they take no other part in the
/// shared-memory checks); with diagnostics on, global memory is bounds-checked.
void observe_atomic_checked(const void* address, std::size_t bytes);

/// @brief An atomic function's access to `bytes` at `address`.
[[gnu::always_inline]] inline void observe_atomic(const void* address, std::size_t bytes) {
#if defined(SIMT_NO_ACCESS_CHECKS)
  (void)address, (void)bytes;
#else
  if (current_thread.checking) [[unlikely]]
    observe_atomic_checked(address, bytes);
#endif
}

/// @brief Notes that some kernels of the program were compiled without the instrumentation, so
/// that the first launch with checks on says their accesses go unchecked.
bool note_kernels_without_access_checks();
/// @brief At a launch: says so, once, if the checks are on.
void say_once_if_accesses_go_unchecked();
#if defined(SIMT_NO_ACCESS_CHECKS)
/// @brief Initialised, once per program, where a translation unit was compiled so.
inline const bool kernels_without_access_checks = note_kernels_without_access_checks();
#endif

}  // namespace simt::detail

// The translation's bracket around a loop it compiles twice (see the file comment); its accesses
// name `simt_checks_known`. (Formatted by hand: the brackets open in one macro and close in the
// other.)
// clang-format off
#if defined(__OPTIMIZE__)
#define SIMT_CHECKS_KNOWN_LOOP \
  ::simt::detail::loop_with_checks_known( \
      [&]([[maybe_unused]] auto simt_checks_known) __attribute__((always_inline)) {
#define SIMT_CHECKS_KNOWN_LOOP_END });
#else
#define SIMT_CHECKS_KNOWN_LOOP \
  { [[maybe_unused]] constexpr ::simt::detail::ChecksAtRunTime simt_checks_known{};
#define SIMT_CHECKS_KNOWN_LOOP_END }
#endif
// clang-format on
