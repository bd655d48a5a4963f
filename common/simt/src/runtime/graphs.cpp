/// @file
/// @brief The runtime API's graphs: built node by node or captured from streams, instantiated,
/// and launched. A launch runs the nodes one after another on the host, in an order their
/// dependencies allow (the emulator's streams have nothing pending, so an order is all a graph
/// can add). Allocation nodes keep one address for every launch: the memory is made with the
/// node, belongs to the program from the node's launch to its free (in the graph or by cudaFree),
/// and goes when no graph or instantiation holds the node. A conditional node reads its variable
/// when it runs, after the nodes it depends on (whose kernels may have set it), and runs its
/// bodies as the value says.

#include <simt/runtime/cuda_runtime_api.h>
#include "../describe.hpp"
#include "../host_threads.hpp"
#include "runtime_state.hpp"
#include "stream_work.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <queue>
#include <set>
#include <string>
#include <vector>

using simt::runtime::record;
using simt::runtime::sticky_error;
using simt::runtime::StreamWork;

namespace {

/// The memory of an allocation node.
class GraphAllocation {
 public:
  GraphAllocation(void* pointer, std::size_t bytes);
  GraphAllocation(const GraphAllocation&) = delete;
  GraphAllocation& operator=(const GraphAllocation&) = delete;
  ~GraphAllocation();

  void* const pointer;
  const std::size_t bytes;
  bool mapped = false;  ///< The program's, from the node's launch to its free.
};

/// Every graph allocation, and the high-water marks cudaDeviceGetGraphMemAttribute reports.
struct GraphMemory {
  simt::detail::HostMutex mutex;
  std::map<const void*, GraphAllocation*> by_pointer;
  unsigned long long used_high = 0;
  unsigned long long reserved_high = 0;

  [[nodiscard]] unsigned long long used() const {
    unsigned long long sum = 0;
    for (const auto& [pointer, allocation] : by_pointer)
      if (allocation->mapped) sum += allocation->bytes;
    return sum;
  }
  [[nodiscard]] unsigned long long reserved() const {
    unsigned long long sum = 0;
    for (const auto& [pointer, allocation] : by_pointer) sum += allocation->bytes;
    return sum;
  }
};

GraphMemory& graph_memory() {
  static GraphMemory* const instance = new GraphMemory;  // never destroyed, as the runtime's
  return *instance;
}

GraphAllocation::GraphAllocation(void* p, std::size_t n) : pointer(p), bytes(n) {
  GraphMemory& m = graph_memory();
  std::lock_guard lock(m.mutex);
  m.by_pointer[pointer] = this;
  m.reserved_high = std::max(m.reserved_high, m.reserved());
}

GraphAllocation::~GraphAllocation() {
  {
    GraphMemory& m = graph_memory();
    std::lock_guard lock(m.mutex);
    m.by_pointer.erase(pointer);
  }
  // Memory still allocated to the program stays until the program frees it.
  if (!mapped) cudaFree(pointer);
}

/// Marks `allocation` allocated to the program (an allocation node's launch).
void map(GraphAllocation& allocation) {
  GraphMemory& m = graph_memory();
  std::lock_guard lock(m.mutex);
  allocation.mapped = true;
  m.used_high = std::max(m.used_high, m.used());
}

/// The variable of a conditional node; its address is the handle kernels set it through.
struct ConditionalVariable {
  ConditionalVariable(unsigned initial, bool reset);
  ConditionalVariable(const ConditionalVariable&) = delete;
  ConditionalVariable& operator=(const ConditionalVariable&) = delete;
  ~ConditionalVariable();

  const unsigned default_value;
  const bool assign_default;  ///< The default again at every launch (cudaGraphCondAssignDefault).
  std::atomic<unsigned> value;
};

/// The variables that exist, so that a kernel's cudaGraphSetConditional can tell a handle from
/// any other number.
struct ConditionalVariables {
  simt::detail::HostMutex mutex;
  std::set<const ConditionalVariable*> live;
};

ConditionalVariables& conditional_variables() {
  static ConditionalVariables* const instance = new ConditionalVariables;  // never destroyed
  return *instance;
}

ConditionalVariable::ConditionalVariable(unsigned initial, bool reset)
    : default_value(initial), assign_default(reset), value(0) {
  ConditionalVariables& v = conditional_variables();
  std::lock_guard lock(v.mutex);
  v.live.insert(this);
}

ConditionalVariable::~ConditionalVariable() {
  ConditionalVariables& v = conditional_variables();
  std::lock_guard lock(v.mutex);
  v.live.erase(this);
}

/// What a conditional node holds: its variable, its kind and its bodies, which belong to it.
struct ConditionalNode {
  std::shared_ptr<ConditionalVariable> variable;
  cudaGraphConditionalNodeType type;
  std::vector<std::shared_ptr<CUgraph_st>> bodies;
  std::vector<cudaGraph_t> handed_out;  ///< What cudaConditionalNodeParams::phGraph_out shows.
};

}  // namespace

struct CUgraphNode_st {
  cudaGraph_t graph;
  cudaGraphNodeType type;
  StreamWork work;
  std::vector<cudaGraphNode_t> dependencies;
  std::shared_ptr<GraphAllocation> allocation;   ///< An allocation node's memory.
  std::shared_ptr<ConditionalNode> conditional;  ///< A conditional node's variable and bodies.
  /// A node of a type a conditional body may hold that it may not hold all the same: a copy to
  /// or from pageable host memory, or a child graph with a node a body may not hold.
  bool refused_in_bodies = false;
};

struct CUgraph_st {
  std::vector<std::unique_ptr<CUgraphNode_st>> nodes;
  /// The variables made for this graph (cudaGraphConditionalHandleCreate).
  std::vector<std::shared_ptr<ConditionalVariable>> variables;
  /// The graph whose conditional node this graph is a body of; none for others.
  const CUgraph_st* parent = nullptr;
};

namespace {

/// One node of an instantiated graph.
struct Step {
  cudaGraphNode_t node;  ///< The node it was made from, as cudaGraphExec*SetParams names it.
  cudaGraphNodeType type;
  StreamWork work;
  std::vector<std::size_t> dependencies;  ///< Earlier steps, by position.
  std::shared_ptr<GraphAllocation> allocation;
};

}  // namespace

struct CUgraphExec_st {
  std::vector<Step> steps;  ///< In an order the dependencies allow.
  unsigned long long flags;
  /// The variables of the graph and its bodies that take their default value at every launch.
  std::vector<std::shared_ptr<ConditionalVariable>> defaults;
};

namespace {

bool instantiated(const CUgraphNode_st* node, StreamWork* work);

/// Whether `pointer` is in pageable host memory: memory the runtime did not allocate or register.
bool pageable(const void* pointer) {
  cudaPointerAttributes attributes;
  return pointer != nullptr && cudaPointerGetAttributes(&attributes, pointer) == cudaSuccess &&
         attributes.type == cudaMemoryTypeUnregistered;
}

/// Whether a conditional node's body may hold `node`: kernels, copies (not of pageable host
/// memory), fills, empty nodes, child graphs (of such nodes) and conditional nodes, as CUDA says,
/// since the GPU runs the bodies itself.
bool allowed_in_bodies(const CUgraphNode_st& node) {
  switch (node.type) {
    case cudaGraphNodeTypeKernel:
    case cudaGraphNodeTypeMemcpy:
    case cudaGraphNodeTypeMemset:
    case cudaGraphNodeTypeEmpty:
    case cudaGraphNodeTypeGraph:
    case cudaGraphNodeTypeConditional: return !node.refused_in_bodies;
    default: return false;
  }
}

/// The nodes of `graph` in an order their dependencies allow (the order they were added where
/// it is free); false for a graph with a cycle, or with a conditional body that cannot be run.
bool ordered(cudaGraph_t graph, std::vector<Step>* steps) {
  const std::size_t count = graph->nodes.size();
  std::map<const CUgraphNode_st*, std::size_t> index;
  for (std::size_t i = 0; i < count; ++i) index[graph->nodes[i].get()] = i;
  std::vector<std::size_t> waiting;  // dependencies not yet ordered, per node
  std::vector<std::vector<std::size_t>> dependents(count);
  for (std::size_t i = 0; i < count; ++i) {
    waiting.push_back(graph->nodes[i]->dependencies.size());
    for (const cudaGraphNode_t d : graph->nodes[i]->dependencies)
      dependents[index.at(d)].push_back(i);
  }
  std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>> ready;
  for (std::size_t i = 0; i < count; ++i)
    if (waiting[i] == 0) ready.push(i);
  std::map<std::size_t, std::size_t> position;  // of each ordered node
  steps->clear();
  while (!ready.empty()) {
    const std::size_t i = ready.top();
    ready.pop();
    const CUgraphNode_st& node = *graph->nodes[i];
    position[i] = steps->size();
    Step step{graph->nodes[i].get(), node.type, node.work, {}, node.allocation};
    if (node.conditional && !instantiated(&node, &step.work)) return false;
    for (const cudaGraphNode_t d : node.dependencies)
      step.dependencies.push_back(position[index.at(d)]);
    std::sort(step.dependencies.begin(), step.dependencies.end());
    steps->push_back(std::move(step));
    for (const std::size_t j : dependents[i])
      if (--waiting[j] == 0) ready.push(j);
  }
  return steps->size() == count;
}

/// Runs `steps` in order; the first error ends the run.
cudaError_t run_steps(const std::vector<Step>& steps) {
  for (const Step& step : steps)
    if (step.work)
      if (cudaError_t e = step.work()) return e;
  return cudaSuccess;
}

/// The variables made for `graph` and for the bodies of its conditional nodes, at any depth.
void add_variables(const CUgraph_st& graph,
                   std::vector<std::shared_ptr<ConditionalVariable>>* variables) {
  variables->insert(variables->end(), graph.variables.begin(), graph.variables.end());
  for (const auto& node : graph.nodes)
    if (node->conditional)
      for (const auto& body : node->conditional->bodies) add_variables(*body, variables);
}

/// The variables of `graph` and its bodies that an instantiation sets at every launch (with
/// cudaGraphCondAssignDefault); the others start at 0, as on an H200, which gives the default
/// only with the flag.
std::vector<std::shared_ptr<ConditionalVariable>> launch_defaults(const CUgraph_st& graph) {
  std::vector<std::shared_ptr<ConditionalVariable>> variables, defaults;
  add_variables(graph, &variables);
  for (auto& v : variables)
    if (v->assign_default)
      defaults.push_back(std::move(v));
    else
      v->value.store(0);
  return defaults;
}

/// What a conditional node does when it runs: its bodies, instantiated now (they were empty
/// when the node was made), run as its variable's value says. The nodes a body may hold are
/// CUDA's: kernels, copies, fills, empty nodes, child graphs and conditional nodes.
bool instantiated(const CUgraphNode_st* node, StreamWork* work) {
  const ConditionalNode& c = *node->conditional;
  std::vector<std::shared_ptr<const std::vector<Step>>> bodies;
  for (const auto& graph : c.bodies) {
    auto body = std::make_shared<std::vector<Step>>();
    if (!ordered(graph.get(), body.get())) return false;
    for (const Step& step : *body)
      if (!allowed_in_bodies(*step.node)) return false;  // as an H200 refuses it
    bodies.push_back(std::move(body));
  }
  *work = [variable = c.variable, type = c.type, bodies]() -> cudaError_t {
    switch (type) {
      case cudaGraphCondTypeIf: {
        const unsigned value = variable->value.load();
        if (value != 0) return run_steps(*bodies[0]);
        return bodies.size() == 2 ? run_steps(*bodies[1]) : cudaSuccess;
      }
      case cudaGraphCondTypeWhile:
        while (variable->value.load() != 0)
          if (cudaError_t e = run_steps(*bodies[0])) return e;
        return cudaSuccess;
      case cudaGraphCondTypeSwitch: {
        const unsigned value = variable->value.load();
        return value < bodies.size() ? run_steps(*bodies[value]) : cudaSuccess;
      }
    }
    return cudaSuccess;
  };
  return true;
}

bool has_conditional_nodes(const CUgraph_st& graph) {
  return std::any_of(graph.nodes.begin(), graph.nodes.end(),
                     [](const auto& node) { return node->conditional != nullptr; });
}

/// A new node of `graph` after `dependencies`, which must be nodes of `graph`.
cudaError_t add_node(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                     std::size_t count, cudaGraphNodeType type, StreamWork work,
                     std::shared_ptr<GraphAllocation> allocation = nullptr) {
  if (node == nullptr || graph == nullptr || (count != 0 && dependencies == nullptr))
    return record(cudaErrorInvalidValue);
  auto made = std::make_unique<CUgraphNode_st>(
      CUgraphNode_st{graph, type, std::move(work), {}, std::move(allocation), nullptr, false});
  for (std::size_t i = 0; i < count; ++i) {
    if (dependencies[i] == nullptr || dependencies[i]->graph != graph)
      return record(cudaErrorInvalidValue);
    if (std::find(made->dependencies.begin(), made->dependencies.end(), dependencies[i]) ==
        made->dependencies.end())
      made->dependencies.push_back(dependencies[i]);
  }
  *node = made.get();
  graph->nodes.push_back(std::move(made));
  return cudaSuccess;
}

/// The memory of a new allocation node, or the error for memory the device does not have.
cudaError_t new_allocation(std::size_t bytes, std::shared_ptr<GraphAllocation>* allocation) {
  if (bytes == 0) return record(cudaErrorInvalidValue);
  void* pointer = nullptr;
  if (cudaError_t e = cudaMalloc(&pointer, bytes)) return e;
  *allocation = std::make_shared<GraphAllocation>(pointer, bytes);
  return cudaSuccess;
}

StreamWork allocation_work(const std::shared_ptr<GraphAllocation>& allocation) {
  return [raw = allocation.get()] {
    map(*raw);
    return cudaSuccess;
  };
}

/// The launch a kernel node makes (arguments through `extra` are refused).
cudaError_t kernel_node_work(const cudaKernelNodeParams* p, StreamWork* work) {
  if (p == nullptr || p->extra != nullptr) return record(cudaErrorInvalidValue);
  const simt::LaunchConfig config{{p->gridDim.x, p->gridDim.y, p->gridDim.z},
                                  {p->blockDim.x, p->blockDim.y, p->blockDim.z},
                                  p->sharedMemBytes};
  return simt::runtime::kernel_work(p->func, config, p->kernelParams, work);
}

/// A fill of `p.height` rows of `p.width` elements of `p.elementSize` bytes.
StreamWork fill_work(const cudaMemsetParams& p) {
  return [p] {
    const std::size_t row_bytes = p.width * p.elementSize;
    const std::size_t pitch = p.height <= 1 ? row_bytes : p.pitch;
    // The range check, and the fill where every byte of an element is the same.
    if (cudaError_t e = cudaMemset2D(p.dst, pitch, int(p.value & 0xff), row_bytes, p.height))
      return e;
    if (p.elementSize == 1) return cudaSuccess;
    for (std::size_t row = 0; row < p.height; ++row)
      for (std::size_t i = 0; i < p.width; ++i)
        std::memcpy(static_cast<std::byte*>(p.dst) + row * pitch + i * p.elementSize, &p.value,
                    p.elementSize);
    return cudaSuccess;
  };
}

/// Where streams are being captured, and the events recorded in them.
struct Capture {
  cudaGraph_t graph;
  cudaStream_t origin;
  unsigned long long id;
  bool invalidated = false;  ///< By a call a capture cannot take; ending it then fails.
  bool owns_graph = true;    ///< Not a graph the program made (cudaStreamBeginCaptureToGraph).
};
struct CapturedStream {
  std::shared_ptr<Capture> capture;
  std::vector<cudaGraphNode_t> last;  ///< What the stream's next work depends on.
};
struct CapturedEvent {
  std::shared_ptr<Capture> capture;
  std::vector<cudaGraphNode_t> nodes;
};
struct Captures {
  simt::detail::HostMutex mutex;
  std::atomic<int> streams_captured{0};  ///< So that a launch outside captures takes no lock.
  std::map<cudaStream_t, CapturedStream> streams;
  std::map<cudaEvent_t, CapturedEvent> events;
  unsigned long long next_id = 1;

  void erase_stream(std::map<cudaStream_t, CapturedStream>::iterator at) {
    streams.erase(at);
    streams_captured.fetch_sub(1, std::memory_order_relaxed);
  }
};

Captures& captures() {
  static Captures* const instance = new Captures;  // never destroyed, as the runtime's state
  return *instance;
}

void add_unique(std::vector<cudaGraphNode_t>& into, const std::vector<cudaGraphNode_t>& nodes) {
  for (const cudaGraphNode_t n : nodes)
    if (std::find(into.begin(), into.end(), n) == into.end()) into.push_back(n);
}

/// `nodes` and every node they depend on, directly or not.
std::vector<cudaGraphNode_t> with_ancestors(std::vector<cudaGraphNode_t> nodes) {
  for (std::size_t i = 0; i < nodes.size(); ++i) add_unique(nodes, nodes[i]->dependencies);
  return nodes;
}

}  // namespace

namespace simt::runtime {

bool capturing(cudaStream_t stream) {
  Captures& c = captures();
  if (c.streams_captured.load(std::memory_order_relaxed) == 0) return false;
  std::lock_guard lock(c.mutex);
  return c.streams.count(stream) != 0;
}

cudaError_t issue(cudaStream_t stream, cudaGraphNodeType type, StreamWork work,
                  const void* destination, const void* source) {
  if (!capturing(stream)) return work ? work() : cudaSuccess;
  const bool host_pageable = pageable(destination) || pageable(source);
  Captures& c = captures();
  std::lock_guard lock(c.mutex);
  CapturedStream& s = c.streams.at(stream);
  if (s.capture->invalidated) return record(cudaErrorStreamCaptureInvalidated);
  cudaGraphNode_t node = nullptr;
  if (cudaError_t e =
          add_node(&node, s.capture->graph, s.last.data(), s.last.size(), type, std::move(work)))
    return e;
  node->refused_in_bodies = host_pageable;
  s.last = {node};
  return cudaSuccess;
}

cudaError_t capture_allocation(void** pointer, std::size_t bytes, cudaStream_t stream) {
  if (pointer == nullptr) return record(cudaErrorInvalidValue);
  std::shared_ptr<GraphAllocation> allocation;
  if (cudaError_t e = new_allocation(bytes, &allocation)) return e;
  *pointer = allocation->pointer;
  Captures& c = captures();
  std::lock_guard lock(c.mutex);
  CapturedStream& s = c.streams.at(stream);
  cudaGraphNode_t node = nullptr;
  if (cudaError_t e = add_node(&node, s.capture->graph, s.last.data(), s.last.size(),
                               cudaGraphNodeTypeMemAlloc, allocation_work(allocation), allocation))
    return e;
  s.last = {node};
  return cudaSuccess;
}

bool free_graph_allocation(void* pointer, cudaError_t* error) {
  GraphMemory& m = graph_memory();
  std::lock_guard lock(m.mutex);
  const auto found = m.by_pointer.find(pointer);
  if (found == m.by_pointer.end()) return false;
  *error = found->second->mapped ? cudaSuccess : record(cudaErrorInvalidValue);
  found->second->mapped = false;
  return true;
}

bool capture_event_record(cudaEvent_t event, cudaStream_t stream, cudaError_t* error) {
  Captures& c = captures();
  std::lock_guard lock(c.mutex);
  const auto s = c.streams.find(stream);
  if (s == c.streams.end()) {
    c.events.erase(event);  // recorded outside any capture from now on
    return false;
  }
  c.events[event] = CapturedEvent{s->second.capture, s->second.last};
  *error = cudaSuccess;
  return true;
}

bool capture_stream_wait(cudaStream_t stream, cudaEvent_t event, cudaError_t* error) {
  Captures& c = captures();
  std::lock_guard lock(c.mutex);
  const auto e = c.events.find(event);
  if (e == c.events.end()) return false;
  const auto s = c.streams.find(stream);
  if (s == c.streams.end()) {
    // The stream joins the capture: its next work depends on the event's.
    c.streams[stream] = CapturedStream{e->second.capture, e->second.nodes};
    c.streams_captured.fetch_add(1, std::memory_order_relaxed);
    *error = cudaSuccess;
  } else if (s->second.capture != e->second.capture) {
    *error = record(cudaErrorStreamCaptureMerge);
  } else {
    add_unique(s->second.last, e->second.nodes);
    *error = cudaSuccess;
  }
  return true;
}

cudaError_t refuse_in_capture(cudaStream_t stream) {
  Captures& c = captures();
  std::lock_guard lock(c.mutex);
  c.streams.at(stream).capture->invalidated = true;
  return record(cudaErrorStreamCaptureUnsupported);
}

void forget_captured(cudaStream_t stream) {
  Captures& c = captures();
  std::lock_guard lock(c.mutex);
  if (const auto s = c.streams.find(stream); s != c.streams.end()) c.erase_stream(s);
}

void forget_captured(cudaEvent_t event) {
  Captures& c = captures();
  std::lock_guard lock(c.mutex);
  c.events.erase(event);
}

}  // namespace simt::runtime

// Stream capture.

namespace {

/// Starts capturing `stream` into `graph` (a new one where null), after `dependencies`.
cudaError_t begin_capture(cudaStream_t stream, cudaGraph_t graph,
                          const cudaGraphNode_t* dependencies, std::size_t count,
                          cudaStreamCaptureMode mode) {
  if (cudaError_t e = sticky_error()) return e;
  if (mode < cudaStreamCaptureModeGlobal || mode > cudaStreamCaptureModeRelaxed ||
      (count != 0 && dependencies == nullptr))
    return record(cudaErrorInvalidValue);
  for (std::size_t i = 0; i < count; ++i)
    if (dependencies[i] == nullptr || dependencies[i]->graph != graph)
      return record(cudaErrorInvalidValue);
  // The legacy default stream synchronizes with every other: it cannot be captured.
  if (stream == nullptr || stream == cudaStreamLegacy)
    return record(cudaErrorStreamCaptureUnsupported);
  Captures& c = captures();
  std::lock_guard lock(c.mutex);
  if (c.streams.count(stream) != 0) return record(cudaErrorIllegalState);
  const bool owns = graph == nullptr;
  auto capture = std::make_shared<Capture>(
      Capture{owns ? new CUgraph_st : graph, stream, c.next_id++, false, owns});
  c.streams[stream] = CapturedStream{
      std::move(capture), std::vector<cudaGraphNode_t>(dependencies, dependencies + count)};
  c.streams_captured.fetch_add(1, std::memory_order_relaxed);
  return cudaSuccess;
}

}  // namespace

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode mode) {
  return begin_capture(stream, nullptr, nullptr, 0, mode);
}

cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
                                          const cudaGraphNode_t* dependencies,
                                          const cudaGraphEdgeData*, std::size_t count,
                                          cudaStreamCaptureMode mode) {
  if (graph == nullptr) return record(cudaErrorInvalidValue);
  return begin_capture(stream, graph, dependencies, count, mode);
}

cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t* dependencies,
                                                const cudaGraphEdgeData*, std::size_t count,
                                                unsigned int flags) {
  if (cudaError_t e = sticky_error()) return e;
  if ((count != 0 && dependencies == nullptr) ||
      (flags != cudaStreamAddCaptureDependencies && flags != cudaStreamSetCaptureDependencies))
    return record(cudaErrorInvalidValue);
  Captures& c = captures();
  std::lock_guard lock(c.mutex);
  const auto s = c.streams.find(stream);
  if (s == c.streams.end()) return record(cudaErrorIllegalState);
  const std::vector<cudaGraphNode_t> nodes(dependencies, dependencies + count);
  for (const cudaGraphNode_t n : nodes)
    if (n == nullptr || n->graph != s->second.capture->graph) return record(cudaErrorInvalidValue);
  if (flags == cudaStreamSetCaptureDependencies) s->second.last.clear();
  add_unique(s->second.last, nodes);
  return cudaSuccess;
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* graph) {
  Captures& c = captures();
  std::lock_guard lock(c.mutex);
  const auto s = c.streams.find(stream);
  if (s == c.streams.end()) return record(cudaErrorIllegalState);
  const std::shared_ptr<Capture> capture = s->second.capture;
  // A capture into the program's own graph need not hand it back.
  if (graph == nullptr && capture->owns_graph) return record(cudaErrorInvalidValue);
  if (capture->origin != stream) return record(cudaErrorStreamCaptureUnmatched);
  // Every stream that joined must have been joined back: its last work is the origin's or
  // comes before it.
  const std::vector<cudaGraphNode_t> joined = with_ancestors(s->second.last);
  bool unjoined = false;
  for (auto i = c.streams.begin(); i != c.streams.end();) {
    if (i->second.capture != capture) {
      ++i;
      continue;
    }
    for (const cudaGraphNode_t n : i->second.last)
      unjoined = unjoined || std::find(joined.begin(), joined.end(), n) == joined.end();
    c.erase_stream(i++);
  }
  for (auto i = c.events.begin(); i != c.events.end();)
    i = i->second.capture == capture ? c.events.erase(i) : std::next(i);
  if (capture->invalidated) {
    if (capture->owns_graph) delete capture->graph;
    if (graph != nullptr) *graph = nullptr;
    return record(cudaErrorStreamCaptureInvalidated);
  }
  if (unjoined) {
    if (capture->owns_graph) delete capture->graph;
    if (graph != nullptr) *graph = nullptr;
    return record(cudaErrorStreamCaptureUnjoined);
  }
  if (graph != nullptr) *graph = capture->graph;
  return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus* status) {
  return cudaStreamGetCaptureInfo(stream, status);
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, cudaStreamCaptureStatus* status,
                                     unsigned long long* id, cudaGraph_t* graph,
                                     const cudaGraphNode_t** dependencies,
                                     const cudaGraphEdgeData** edge_data,
                                     std::size_t* dependency_count) {
  if (cudaError_t e = sticky_error()) return e;
  if (status == nullptr) return record(cudaErrorInvalidValue);
  Captures& c = captures();
  std::lock_guard lock(c.mutex);
  const auto s = c.streams.find(stream);
  *status = s == c.streams.end()             ? cudaStreamCaptureStatusNone
            : s->second.capture->invalidated ? cudaStreamCaptureStatusInvalidated
                                             : cudaStreamCaptureStatusActive;
  if (s == c.streams.end()) return cudaSuccess;
  if (id != nullptr) *id = s->second.capture->id;
  if (graph != nullptr) *graph = s->second.capture->graph;
  if (dependencies != nullptr) *dependencies = s->second.last.data();
  if (edge_data != nullptr) *edge_data = nullptr;  // every edge is a default one
  if (dependency_count != nullptr) *dependency_count = s->second.last.size();
  return cudaSuccess;
}

cudaError_t cudaThreadExchangeStreamCaptureMode(cudaStreamCaptureMode* mode) {
  if (mode == nullptr || *mode < cudaStreamCaptureModeGlobal ||
      *mode > cudaStreamCaptureModeRelaxed)
    return record(cudaErrorInvalidValue);
  thread_local cudaStreamCaptureMode current = cudaStreamCaptureModeGlobal;
  std::swap(current, *mode);
  return cudaSuccess;
}

// Graphs and their nodes.

cudaError_t cudaGraphCreate(cudaGraph_t* graph, unsigned int flags) {
  if (cudaError_t e = sticky_error()) return e;
  if (graph == nullptr || flags != 0) return record(cudaErrorInvalidValue);
  *graph = new CUgraph_st;
  return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
  // A conditional node's body goes with the node.
  if (graph == nullptr || graph->parent != nullptr) return record(cudaErrorInvalidValue);
  delete graph;
  return cudaSuccess;
}

cudaError_t cudaGraphClone(cudaGraph_t* clone, cudaGraph_t original) {
  if (cudaError_t e = sticky_error()) return e;
  if (clone == nullptr || original == nullptr) return record(cudaErrorInvalidValue);
  if (has_conditional_nodes(*original)) return record(cudaErrorNotSupported);  // as CUDA says
  auto copy = std::make_unique<CUgraph_st>();
  std::map<cudaGraphNode_t, cudaGraphNode_t> counterpart;
  for (const auto& node : original->nodes) {
    auto made = std::make_unique<CUgraphNode_st>(*node);
    made->graph = copy.get();
    for (cudaGraphNode_t& d : made->dependencies) d = counterpart.at(d);
    counterpart[node.get()] = made.get();
    copy->nodes.push_back(std::move(made));
  }
  *clone = copy.release();
  return cudaSuccess;
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, std::size_t* count) {
  if (graph == nullptr || count == nullptr) return record(cudaErrorInvalidValue);
  if (nodes != nullptr)
    for (std::size_t i = 0; i < std::min(*count, graph->nodes.size()); ++i)
      nodes[i] = graph->nodes[i].get();
  *count = graph->nodes.size();
  return cudaSuccess;
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, std::size_t* count) {
  if (graph == nullptr || count == nullptr) return record(cudaErrorInvalidValue);
  std::size_t roots = 0;
  for (const auto& node : graph->nodes) {
    if (!node->dependencies.empty()) continue;
    if (nodes != nullptr && roots < *count) nodes[roots] = node.get();
    ++roots;
  }
  *count = roots;
  return cudaSuccess;
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, cudaGraphNodeType* type) {
  if (node == nullptr || type == nullptr) return record(cudaErrorInvalidValue);
  *type = node->type;
  return cudaSuccess;
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from,
                                     const cudaGraphNode_t* to, const cudaGraphEdgeData*,
                                     std::size_t count) {
  if (graph == nullptr || (count != 0 && (from == nullptr || to == nullptr)))
    return record(cudaErrorInvalidValue);
  for (std::size_t i = 0; i < count; ++i) {
    if (from[i] == nullptr || to[i] == nullptr || from[i]->graph != graph ||
        to[i]->graph != graph || from[i] == to[i])
      return record(cudaErrorInvalidValue);
    add_unique(to[i]->dependencies, {from[i]});
  }
  return cudaSuccess;
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                   const cudaGraphNode_t* dependencies, std::size_t count,
                                   const cudaKernelNodeParams* p) {
  StreamWork work;
  if (cudaError_t e = kernel_node_work(p, &work)) return e;
  return add_node(node, graph, dependencies, count, cudaGraphNodeTypeKernel, std::move(work));
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const cudaKernelNodeParams* p) {
  if (node == nullptr || node->type != cudaGraphNodeTypeKernel)
    return record(cudaErrorInvalidValue);
  return kernel_node_work(p, &node->work);
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                   const cudaGraphNode_t* dependencies, std::size_t count,
                                   const cudaMemcpy3DParms* p) {
  if (p == nullptr) return record(cudaErrorInvalidValue);
  if (cudaError_t e = add_node(node, graph, dependencies, count, cudaGraphNodeTypeMemcpy,
                               [copy = *p] { return cudaMemcpy3D(&copy); }))
    return e;
  (*node)->refused_in_bodies = (p->srcArray == nullptr && pageable(p->srcPtr.ptr)) ||
                               (p->dstArray == nullptr && pageable(p->dstPtr.ptr));
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t* node, cudaGraph_t graph,
                                     const cudaGraphNode_t* dependencies, std::size_t count,
                                     void* destination, const void* source, std::size_t bytes,
                                     cudaMemcpyKind kind) {
  if (cudaError_t e = add_node(node, graph, dependencies, count, cudaGraphNodeTypeMemcpy,
                               [=] { return cudaMemcpy(destination, source, bytes, kind); }))
    return e;
  (*node)->refused_in_bodies = pageable(source) || pageable(destination);
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                   const cudaGraphNode_t* dependencies, std::size_t count,
                                   const cudaMemsetParams* p) {
  if (p == nullptr || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4) ||
      p->width == 0 || p->height == 0)
    return record(cudaErrorInvalidValue);
  return add_node(node, graph, dependencies, count, cudaGraphNodeTypeMemset, fill_work(*p));
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                 const cudaGraphNode_t* dependencies, std::size_t count,
                                 const cudaHostNodeParams* p) {
  if (p == nullptr || p->fn == nullptr) return record(cudaErrorInvalidValue);
  return add_node(node, graph, dependencies, count, cudaGraphNodeTypeHost, [copy = *p] {
    copy.fn(copy.userData);
    return cudaSuccess;
  });
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                       const cudaGraphNode_t* dependencies, std::size_t count,
                                       cudaGraph_t child) {
  if (child == nullptr) return record(cudaErrorInvalidValue);
  // As an H200 answers: a graph with conditional nodes, or one's body, is no child.
  if (has_conditional_nodes(*child) || child->parent != nullptr)
    return record(cudaErrorNotSupported);
  // The child is copied: later changes to it do not reach this node, as in CUDA.
  auto steps = std::make_shared<std::vector<Step>>();
  if (!ordered(child, steps.get())) return record(cudaErrorInvalidValue);
  bool refused_in_bodies = false;
  for (const Step& step : *steps) {
    if (step.type == cudaGraphNodeTypeMemAlloc || step.type == cudaGraphNodeTypeMemFree)
      return record(cudaErrorNotSupported);  // CUDA refuses memory nodes in a child graph
    refused_in_bodies = refused_in_bodies || !allowed_in_bodies(*step.node);
  }
  if (cudaError_t e = add_node(node, graph, dependencies, count, cudaGraphNodeTypeGraph,
                               [steps] { return run_steps(*steps); }))
    return e;
  (*node)->refused_in_bodies = refused_in_bodies;
  return cudaSuccess;
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                  const cudaGraphNode_t* dependencies, std::size_t count) {
  return add_node(node, graph, dependencies, count, cudaGraphNodeTypeEmpty, nullptr);
}

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                        const cudaGraphNode_t* dependencies, std::size_t count,
                                        cudaEvent_t event) {
  if (event == nullptr) return record(cudaErrorInvalidValue);
  return add_node(node, graph, dependencies, count, cudaGraphNodeTypeEventRecord,
                  [event] { return cudaEventRecord(event, nullptr); });
}

cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                      const cudaGraphNode_t* dependencies, std::size_t count,
                                      cudaEvent_t event) {
  if (event == nullptr) return record(cudaErrorInvalidValue);
  // Recorded work has finished on the emulator when the record returns: nothing to wait for.
  return add_node(node, graph, dependencies, count, cudaGraphNodeTypeWaitEvent, nullptr);
}

cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                     const cudaGraphNode_t* dependencies, std::size_t count,
                                     cudaMemAllocNodeParams* p) {
  if (p == nullptr || p->poolProps.allocType != cudaMemAllocationTypePinned ||
      p->poolProps.location.type != cudaMemLocationTypeDevice || p->poolProps.location.id != 0)
    return record(cudaErrorInvalidValue);
  std::shared_ptr<GraphAllocation> allocation;
  if (cudaError_t e = new_allocation(p->bytesize, &allocation)) return e;
  if (cudaError_t e = add_node(node, graph, dependencies, count, cudaGraphNodeTypeMemAlloc,
                               allocation_work(allocation), allocation))
    return e;
  p->dptr = allocation->pointer;
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                    const cudaGraphNode_t* dependencies, std::size_t count,
                                    void* pointer) {
  {
    GraphMemory& m = graph_memory();
    std::lock_guard lock(m.mutex);
    if (m.by_pointer.count(pointer) == 0) return record(cudaErrorInvalidValue);
  }
  return add_node(node, graph, dependencies, count, cudaGraphNodeTypeMemFree,
                  [pointer] { return cudaFree(pointer); });
}

cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle* handle, cudaGraph_t graph,
                                             unsigned int default_value, unsigned int flags) {
  if (cudaError_t e = sticky_error()) return e;
  if (handle == nullptr || graph == nullptr || (flags & ~unsigned{cudaGraphCondAssignDefault}))
    return record(cudaErrorInvalidValue);
  graph->variables.push_back(
      std::make_shared<ConditionalVariable>(default_value, flags == cudaGraphCondAssignDefault));
  *handle = reinterpret_cast<std::uintptr_t>(graph->variables.back().get());
  return cudaSuccess;
}

namespace {

/// A conditional node: its variable must have been made for its graph or for a graph it is a
/// body of; its bodies are new, empty graphs.
cudaError_t add_conditional_node(cudaGraphNode_t* node, cudaGraph_t graph,
                                 const cudaGraphNode_t* dependencies, std::size_t count,
                                 cudaConditionalNodeParams& p) {
  std::shared_ptr<ConditionalVariable> variable;
  for (const CUgraph_st* g = graph; g != nullptr && !variable; g = g->parent)
    for (const auto& v : g->variables)
      if (reinterpret_cast<std::uintptr_t>(v.get()) == p.handle) variable = v;
  const bool sized = p.type == cudaGraphCondTypeIf ? p.size == 1 || p.size == 2
                     : p.type == cudaGraphCondTypeWhile
                         ? p.size == 1
                         : p.type == cudaGraphCondTypeSwitch && p.size >= 1;
  if (!variable || !sized) return record(cudaErrorInvalidValue);
  auto conditional = std::make_shared<ConditionalNode>();
  conditional->variable = variable;
  conditional->type = p.type;
  for (unsigned i = 0; i < p.size; ++i) {
    conditional->bodies.push_back(std::make_shared<CUgraph_st>());
    conditional->bodies.back()->parent = graph;
    conditional->handed_out.push_back(conditional->bodies.back().get());
  }
  if (cudaError_t e =
          add_node(node, graph, dependencies, count, cudaGraphNodeTypeConditional, nullptr))
    return e;
  (*node)->conditional = conditional;
  p.phGraph_out = conditional->handed_out.data();
  return cudaSuccess;
}

}  // namespace

cudaError_t cudaGraphAddNode(cudaGraphNode_t* node, cudaGraph_t graph,
                             const cudaGraphNode_t* dependencies, const cudaGraphEdgeData*,
                             std::size_t count, cudaGraphNodeParams* p) {
  if (cudaError_t e = sticky_error()) return e;
  if (p == nullptr) return record(cudaErrorInvalidValue);
  // Every edge runs its nodes one after the other here, whatever its type says may overlap.
  switch (p->type) {
    case cudaGraphNodeTypeKernel: {
      const cudaKernelNodeParamsV2& k = p->kernel;
      const cudaKernelNodeParams kernel{k.func,           k.gridDim,      k.blockDim,
                                        k.sharedMemBytes, k.kernelParams, k.extra};
      return cudaGraphAddKernelNode(node, graph, dependencies, count, &kernel);
    }
    case cudaGraphNodeTypeMemcpy:
      if (p->memcpy.flags != 0) return record(cudaErrorInvalidValue);
      return cudaGraphAddMemcpyNode(node, graph, dependencies, count, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset: {
      const cudaMemsetParamsV2& m = p->memset;
      const cudaMemsetParams memset{m.dst, m.pitch, m.value, m.elementSize, m.width, m.height};
      return cudaGraphAddMemsetNode(node, graph, dependencies, count, &memset);
    }
    case cudaGraphNodeTypeHost: {
      const cudaHostNodeParams host{p->host.fn, p->host.userData};
      return cudaGraphAddHostNode(node, graph, dependencies, count, &host);
    }
    case cudaGraphNodeTypeGraph:
      // Moved or copied, the child's nodes are the node's own from now on.
      return cudaGraphAddChildGraphNode(node, graph, dependencies, count, p->graph.graph);
    case cudaGraphNodeTypeEmpty: return cudaGraphAddEmptyNode(node, graph, dependencies, count);
    case cudaGraphNodeTypeWaitEvent:
      return cudaGraphAddEventWaitNode(node, graph, dependencies, count, p->eventWait.event);
    case cudaGraphNodeTypeEventRecord:
      return cudaGraphAddEventRecordNode(node, graph, dependencies, count, p->eventRecord.event);
    case cudaGraphNodeTypeMemAlloc: {
      const cudaMemAllocNodeParamsV2& a = p->alloc;
      cudaMemAllocNodeParams alloc{a.poolProps, a.accessDescs, a.accessDescCount, a.bytesize,
                                   nullptr};
      const cudaError_t e = cudaGraphAddMemAllocNode(node, graph, dependencies, count, &alloc);
      p->alloc.dptr = alloc.dptr;  // the node's allocation, returned as CUDA returns it
      return e;
    }
    case cudaGraphNodeTypeMemFree:
      return cudaGraphAddMemFreeNode(node, graph, dependencies, count, p->free.dptr);
    case cudaGraphNodeTypeConditional:
      return add_conditional_node(node, graph, dependencies, count, p->conditional);
    default: return record(cudaErrorNotSupported);  // external semaphores: not emulated
  }
}

void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value,
                             std::source_location place) {
  const auto* variable = reinterpret_cast<const ConditionalVariable*>(handle);
  {
    ConditionalVariables& v = conditional_variables();
    std::lock_guard lock(v.mutex);
    if (v.live.count(variable) != 0) {
      const_cast<ConditionalVariable*>(variable)->value.store(value);
      return;
    }
  }
  const std::string what =
      "cudaGraphSetConditional with a handle that no "
      "cudaGraphConditionalHandleCreate made (or whose graph is gone)";
  if (simt::detail::current_thread.unit == nullptr) throw simt::LaunchError(what);
  simt::detail::fail_in_kernel(what, place, simt::detail::running_thread_text());
}

// Instantiated graphs.

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t* exec, cudaGraph_t graph,
                                          unsigned long long flags) {
  if (cudaError_t e = sticky_error()) return e;
  constexpr unsigned long long known = cudaGraphInstantiateFlagAutoFreeOnLaunch |
                                       cudaGraphInstantiateFlagUpload |
                                       cudaGraphInstantiateFlagUseNodePriority;
  if (exec == nullptr || graph == nullptr || (flags & ~known) != 0)
    return record(cudaErrorInvalidValue);
  if (graph->parent != nullptr) return record(cudaErrorNotSupported);  // a body, as an H200 says
  auto made = std::make_unique<CUgraphExec_st>();
  made->flags = flags;
  if (!ordered(graph, &made->steps)) return record(cudaErrorInvalidValue);
  made->defaults = launch_defaults(*graph);
  *exec = made.release();
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph,
                                 unsigned long long flags) {
  return cudaGraphInstantiateWithFlags(exec, graph, flags);
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const cudaKernelNodeParams* p) {
  if (exec == nullptr) return record(cudaErrorInvalidValue);
  const auto step = std::find_if(exec->steps.begin(), exec->steps.end(),
                                 [&](const Step& s) { return s.node == node; });
  if (step == exec->steps.end() || step->type != cudaGraphNodeTypeKernel)
    return record(cudaErrorInvalidValue);
  return kernel_node_work(p, &step->work);
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph,
                                cudaGraphExecUpdateResultInfo* result) {
  if (exec == nullptr || graph == nullptr || result == nullptr)
    return record(cudaErrorInvalidValue);
  *result = cudaGraphExecUpdateResultInfo{cudaGraphExecUpdateSuccess, nullptr, nullptr};
  std::vector<Step> steps;
  if (!ordered(graph, &steps) || steps.size() != exec->steps.size()) {
    result->result = cudaGraphExecUpdateErrorTopologyChanged;
    return record(cudaErrorGraphExecUpdateFailure);
  }
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const Step& now = exec->steps[i];
    if (steps[i].type != now.type) {
      *result = {cudaGraphExecUpdateErrorNodeTypeChanged, steps[i].node, nullptr};
      return record(cudaErrorGraphExecUpdateFailure);
    }
    if (steps[i].dependencies != now.dependencies) {
      *result = {cudaGraphExecUpdateErrorTopologyChanged, steps[i].node, nullptr};
      return record(cudaErrorGraphExecUpdateFailure);
    }
  }
  // The nodes keep the names the instantiated graph's nodes gave them; allocation nodes take
  // the new graph's memory, whose addresses its other nodes use.
  for (std::size_t i = 0; i < steps.size(); ++i) {
    exec->steps[i].work = std::move(steps[i].work);
    exec->steps[i].allocation = std::move(steps[i].allocation);
  }
  exec->defaults = launch_defaults(*graph);  // conditional nodes read the new graph's variables
  return cudaSuccess;
}

cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t) {
  if (cudaError_t e = sticky_error()) return e;
  return exec != nullptr ? cudaSuccess : record(cudaErrorInvalidValue);
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream) {
  if (cudaError_t e = sticky_error()) return e;
  if (exec == nullptr) return record(cudaErrorInvalidValue);
  for (const Step& step : exec->steps) {
    if (step.type != cudaGraphNodeTypeMemAlloc || !step.allocation->mapped) continue;
    // Memory of the last launch that the program has not freed: CUDA refuses the launch
    // unless the graph was instantiated to free it.
    if ((exec->flags & cudaGraphInstantiateFlagAutoFreeOnLaunch) == 0) {
      std::fprintf(stderr,
                   "simt: cudaErrorInvalidValue: cudaGraphLaunch of a graph whose allocation "
                   "of %zu bytes at %p from its last launch has not been freed\n",
                   step.allocation->bytes, step.allocation->pointer);
      return record(cudaErrorInvalidValue);
    }
    cudaError_t freed = cudaSuccess;
    simt::runtime::free_graph_allocation(step.allocation->pointer, &freed);
  }
  return simt::runtime::issue(stream, cudaGraphNodeTypeGraph,
                              [steps = exec->steps, defaults = exec->defaults] {
                                for (const auto& v : defaults) v->value.store(v->default_value);
                                return run_steps(steps);
                              });
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec) {
  if (exec == nullptr) return record(cudaErrorInvalidValue);
  delete exec;
  return cudaSuccess;
}

// Graph memory.

cudaError_t cudaDeviceGetGraphMemAttribute(int device, cudaGraphMemAttributeType attribute,
                                           void* value) {
  if (cudaError_t e = sticky_error()) return e;
  if (device != 0) return record(cudaErrorInvalidDevice);
  if (value == nullptr) return record(cudaErrorInvalidValue);
  GraphMemory& m = graph_memory();
  std::lock_guard lock(m.mutex);
  unsigned long long answer = 0;
  switch (attribute) {
    case cudaGraphMemAttrUsedMemCurrent: answer = m.used(); break;
    case cudaGraphMemAttrUsedMemHigh: answer = m.used_high; break;
    case cudaGraphMemAttrReservedMemCurrent: answer = m.reserved(); break;
    case cudaGraphMemAttrReservedMemHigh: answer = m.reserved_high; break;
    default: return record(cudaErrorInvalidValue);
  }
  std::memcpy(value, &answer, sizeof answer);
  return cudaSuccess;
}

cudaError_t cudaDeviceSetGraphMemAttribute(int device, cudaGraphMemAttributeType attribute,
                                           void* value) {
  if (cudaError_t e = sticky_error()) return e;
  if (device != 0) return record(cudaErrorInvalidDevice);
  unsigned long long reset = 1;
  if (value != nullptr) std::memcpy(&reset, value, sizeof reset);
  // Only the high-water marks can be set, and only back to the current value (with 0).
  if (reset != 0) return record(cudaErrorInvalidValue);
  GraphMemory& m = graph_memory();
  std::lock_guard lock(m.mutex);
  switch (attribute) {
    case cudaGraphMemAttrUsedMemHigh: m.used_high = m.used(); return cudaSuccess;
    case cudaGraphMemAttrReservedMemHigh: m.reserved_high = m.reserved(); return cudaSuccess;
    default: return record(cudaErrorInvalidValue);
  }
}

cudaError_t cudaDeviceGraphMemTrim(int device) {
  if (cudaError_t e = sticky_error()) return e;
  // Memory of allocation nodes goes with the last graph that holds them: nothing is cached.
  return device == 0 ? cudaSuccess : record(cudaErrorInvalidDevice);
}
