/// @file
/// @brief The running GPU thread of each worker (detail/thread_context.hpp).

#include <simt/detail/thread_context.hpp>

namespace simt::detail {

constinit thread_local ThreadContext current_thread{};

}  // namespace simt::detail
