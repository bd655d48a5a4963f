#pragma once
/// @file
/// @brief Completion waits: a thread suspended until a counter in shared memory passes a value
/// (a `cuda::barrier`'s completed phases, a block-scope pipeline's stages committed or released
/// by every thread), and the report of such a wait that never ends. Internal.

#include <simt/detail/site.hpp>
#include <simt/detail/unit_state.hpp>

#include <coroutine>
#include <cstdint>
#include <string>

namespace simt::detail {

/// @ingroup simt
/// @brief Suspends the running thread until `*counter > above`; returns the next thread to run.
std::coroutine_handle<> wait_until_above(std::coroutine_handle<> self, const std::uint64_t* counter,
                                         std::uint64_t above, const Site* site,
                                         CompletionWaitKind kind, const void* object);

/// @brief The report of a wait that can never end (a deadlock): what it waits for.
std::string describe_wait_that_never_ends(const CompletionWait& wait);
/// @brief What the guide requires, for that report's end.
std::string advice_for_wait_that_never_ends(const CompletionWait& wait);

}  // namespace simt::detail
