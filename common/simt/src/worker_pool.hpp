#pragma once
/// @file
/// @brief The threads that run a launch's blocks beside the thread that launched it: started at
/// the first launch that needs them and kept for the next, instead of started and joined at
/// every launch. Internal.

// Private to the library: its sources are built with SIMT_BUILDING_LIBRARY.
#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <simt/launch.hpp>"
#endif

namespace simt::detail {

/// @brief Runs `job(context)` on this thread and on `helpers` other threads at once, and returns
/// when all of them have returned. The other threads are the process's kept ones when no other
/// launch is using them (another host thread's, or one started from inside a job); otherwise
/// threads started for this call alone. An exception out of this thread's part is thrown on once
/// the others have finished; one out of another thread's ends the program (as from any thread).
void run_beside_this_thread(unsigned helpers, void (*job)(void*), void* context);

}  // namespace simt::detail
