#pragma once
/// @file
/// @brief Work issued to a stream (internal): the emulator runs it when it is issued, unless the
/// stream is being captured into a graph, where it becomes a node that runs when the graph is
/// launched. Every asynchronous call of the runtime goes through issue().

#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <cuda_runtime.h>"
#endif

#include <simt/runtime/driver_types.h>
#include <simt/launch.hpp>

#include <cstddef>
#include <functional>

namespace simt::runtime {

/// @brief A piece of stream work (a copy, a fill, a kernel, a host function) and its error.
using StreamWork = std::function<cudaError_t()>;

/// @brief Whether `stream` is being captured into a graph.
bool capturing(cudaStream_t stream);

/// @brief Runs `work` now, or, while `stream` is being captured, adds it to the capture's graph
/// as a node of `type` that depends on the stream's last captured work. A copy names its two
/// ends (`destination`, `source`; null for an array or a symbol): one in pageable host memory
/// makes a node that a conditional node's body may not hold, as on the GPU.
cudaError_t issue(cudaStream_t stream, cudaGraphNodeType type, StreamWork work,
                  const void* destination = nullptr, const void* source = nullptr);

/// @brief cudaMallocAsync on a stream being captured: an allocation node, whose address is
/// returned now.
cudaError_t capture_allocation(void** pointer, std::size_t bytes, cudaStream_t stream);

/// @brief cudaFree of memory an allocation node made: it is the program's no longer (the node's
/// next launch gives it back at the same address), and `*error` says whether it was the
/// program's. False for other memory.
bool free_graph_allocation(void* pointer, cudaError_t* error);

/// @brief A launch of the kernel whose host function is `function`, with copies of `arguments`
/// taken now, as a graph's kernel node runs it; or the error for a function that is no kernel.
cudaError_t kernel_work(const void* function, const simt::LaunchConfig& config,
                        void* const* arguments, StreamWork* work);

/// @brief Event records and waits while streams are captured: an event recorded in a captured
/// stream marks the stream's last work, and a stream that waits for it joins the capture.
/// Answer whether the call was about a capture (and so has been handled, with `*error` set).
bool capture_event_record(cudaEvent_t event, cudaStream_t stream, cudaError_t* error);
bool capture_stream_wait(cudaStream_t stream, cudaEvent_t event, cudaError_t* error);
/// @brief A call that a stream being captured cannot take (a synchronization, a callback): it
/// invalidates the capture, and is cudaErrorStreamCaptureUnsupported.
cudaError_t refuse_in_capture(cudaStream_t stream);
/// @brief Forgets a destroyed stream or event.
void forget_captured(cudaStream_t stream);
void forget_captured(cudaEvent_t event);

}  // namespace simt::runtime
