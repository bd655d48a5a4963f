/// @file
/// @brief The runtime API's streams and events. The emulator runs each piece of work when it is
/// issued, in the order the program issues it, which is an order every stream's own order
/// allows: a stream has nothing pending when a call returns, and an event is reached when it is
/// recorded. An event's time is the host clock's (std::chrono::steady_clock), so that the time
/// between two events is what the work between them took on the emulator. A stream being
/// captured into a graph (graphs.cpp) runs nothing: its work, and its events' records and waits,
/// become the graph's nodes and dependencies.

#include <simt/runtime/cuda_runtime_api.h>
#include "../host_threads.hpp"
#include "runtime_state.hpp"
#include "stream_work.hpp"

#include <chrono>
#include <set>

struct CUstream_st {
  unsigned flags;
  int priority;
  cudaAccessPolicyWindow window{};  // kept to be read back: the emulator has no L2 to keep lines in
};

struct CUevent_st {
  unsigned flags;
  bool recorded = false;
  std::chrono::steady_clock::time_point when;
};

using simt::runtime::record;
using simt::runtime::sticky_error;

namespace {

/// The streams and events the program created and has not destroyed.
struct Handles {
  simt::detail::HostMutex mutex;
  std::set<const CUstream_st*> streams;
  std::set<const CUevent_st*> events;
};

Handles& handles() {
  // Never destroyed: those the program did not destroy go with the process, as the GPU's go
  // with its context, and stay reachable until then (no leak to report at exit).
  static Handles* const instance = new Handles;
  return *instance;
}

bool valid(cudaStream_t stream) {
  if (stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread) return true;
  Handles& h = handles();
  std::lock_guard lock(h.mutex);
  return h.streams.count(stream) != 0;
}

/// A stream the program created (the default streams have no attributes of their own).
bool created(cudaStream_t stream) {
  return stream != nullptr && stream != cudaStreamLegacy && stream != cudaStreamPerThread &&
         valid(stream);
}

bool valid(cudaEvent_t event) {
  Handles& h = handles();
  std::lock_guard lock(h.mutex);
  return event != nullptr && h.events.count(event) != 0;
}

}  // namespace

cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int priority) {
  if (cudaError_t e = sticky_error()) return e;
  if (stream == nullptr || (flags & ~unsigned(cudaStreamNonBlocking)) != 0)
    return record(cudaErrorInvalidValue);
  *stream = new CUstream_st{flags, priority, {}};
  Handles& h = handles();
  std::lock_guard lock(h.mutex);
  h.streams.insert(*stream);
  return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags) {
  return cudaStreamCreateWithPriority(stream, flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t* stream) {
  return cudaStreamCreateWithPriority(stream, cudaStreamDefault, 0);
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  if (cudaError_t e = sticky_error()) return e;
  Handles& h = handles();
  std::lock_guard lock(h.mutex);
  if (h.streams.erase(stream) == 0) return record(cudaErrorInvalidResourceHandle);
  simt::runtime::forget_captured(stream);
  delete stream;
  return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  if (cudaError_t e = sticky_error()) return e;
  if (!valid(stream)) return record(cudaErrorInvalidResourceHandle);
  // Captured work runs when the graph is launched: there is nothing to wait for yet.
  return simt::runtime::capturing(stream) ? simt::runtime::refuse_in_capture(stream) : cudaSuccess;
}

cudaError_t cudaStreamQuery(cudaStream_t stream) {
  if (cudaError_t e = sticky_error()) return e;
  if (!valid(stream)) return record(cudaErrorInvalidResourceHandle);
  return simt::runtime::capturing(stream) ? simt::runtime::refuse_in_capture(stream) : cudaSuccess;
}

cudaError_t cudaStreamSetAttribute(cudaStream_t stream, cudaStreamAttrID attribute,
                                   const cudaStreamAttrValue* value) {
  if (cudaError_t e = sticky_error()) return e;
  if (value == nullptr || attribute != cudaStreamAttributeAccessPolicyWindow)
    return record(cudaErrorInvalidValue);
  if (!created(stream)) return record(cudaErrorInvalidResourceHandle);
  stream->window = value->accessPolicyWindow;
  return cudaSuccess;
}

cudaError_t cudaStreamGetAttribute(cudaStream_t stream, cudaStreamAttrID attribute,
                                   cudaStreamAttrValue* value) {
  if (cudaError_t e = sticky_error()) return e;
  if (value == nullptr || attribute != cudaStreamAttributeAccessPolicyWindow)
    return record(cudaErrorInvalidValue);
  if (!created(stream)) return record(cudaErrorInvalidResourceHandle);
  *value = cudaStreamAttrValue{};
  value->accessPolicyWindow = stream->window;
  return cudaSuccess;
}

cudaError_t cudaCtxResetPersistingL2Cache() { return sticky_error(); }

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int) {
  if (cudaError_t e = sticky_error()) return e;
  if (!valid(stream) || !valid(event)) return record(cudaErrorInvalidResourceHandle);
  cudaError_t error = cudaSuccess;
  simt::runtime::capture_stream_wait(stream, event, &error);
  return error;
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void* user_data, unsigned int flags) {
  if (cudaError_t e = sticky_error()) return e;
  if (callback == nullptr || flags != 0) return record(cudaErrorInvalidValue);
  if (!valid(stream)) return record(cudaErrorInvalidResourceHandle);
  if (simt::runtime::capturing(stream)) return simt::runtime::refuse_in_capture(stream);
  callback(stream, cudaSuccess, user_data);
  return cudaSuccess;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t function, void* user_data) {
  if (cudaError_t e = sticky_error()) return e;
  if (function == nullptr) return record(cudaErrorInvalidValue);
  if (!valid(stream)) return record(cudaErrorInvalidResourceHandle);
  return simt::runtime::issue(stream, cudaGraphNodeTypeHost, [function, user_data] {
    function(user_data);
    return cudaSuccess;
  });
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
  if (cudaError_t e = sticky_error()) return e;
  constexpr unsigned known = cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
  if (event == nullptr || (flags & ~known) != 0) return record(cudaErrorInvalidValue);
  *event = new CUevent_st{flags, false, {}};
  Handles& h = handles();
  std::lock_guard lock(h.mutex);
  h.events.insert(*event);
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t* event) {
  return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  if (cudaError_t e = sticky_error()) return e;
  if (!valid(event) || !valid(stream)) return record(cudaErrorInvalidResourceHandle);
  if (cudaError_t error = cudaSuccess; simt::runtime::capture_event_record(event, stream, &error))
    return error;
  event->recorded = true;
  event->when = std::chrono::steady_clock::now();
  return cudaSuccess;
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
  if (cudaError_t e = sticky_error()) return e;
  return valid(event) ? cudaSuccess : record(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  if (cudaError_t e = sticky_error()) return e;
  return valid(event) ? cudaSuccess : record(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaEventElapsedTime(float* milliseconds, cudaEvent_t start, cudaEvent_t end) {
  if (cudaError_t e = sticky_error()) return e;
  if (milliseconds == nullptr) return record(cudaErrorInvalidValue);
  if (!valid(start) || !valid(end)) return record(cudaErrorInvalidResourceHandle);
  if (((start->flags | end->flags) & cudaEventDisableTiming) != 0 || !start->recorded ||
      !end->recorded)
    return record(cudaErrorInvalidResourceHandle);
  *milliseconds = std::chrono::duration<float, std::milli>(end->when - start->when).count();
  return cudaSuccess;
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
  if (cudaError_t e = sticky_error()) return e;
  Handles& h = handles();
  std::lock_guard lock(h.mutex);
  if (h.events.erase(event) == 0) return record(cudaErrorInvalidResourceHandle);
  simt::runtime::forget_captured(event);
  delete event;
  return cudaSuccess;
}
