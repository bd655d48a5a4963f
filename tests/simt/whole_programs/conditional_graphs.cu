// Conditional graph nodes, as sample collections' graph programs use them: a while loop whose
// body halves an array until every value is 0 (a kernel decides whether to go round again), an
// if/else node and a switch node whose bodies are a kernel, a fill and a copy, a conditional node
// added to a stream capture with its body captured from a second stream, and nested conditional
// nodes. The program prints what it sees and checks it against what the CPU computes; it also
// prints the errors CUDA gives for conditional nodes it refuses. With --bad-handle it sets a
// conditional through a handle no graph made.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "check_cuda.h"

constexpr int kN = 1 << 14;
constexpr int kBlock = 256;

// One round of the loop: halve every value, and count those still not 0.
__global__ void halve(unsigned* values, unsigned* nonzero, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    values[i] /= 2;
    if (values[i] != 0) atomicAdd(nonzero, 1u);
  }
}

// One thread decides whether the loop goes round again: racing cudaGraphSetConditional calls
// are undefined, so one thread makes the call.
__global__ void decide(unsigned* nonzero, unsigned* rounds, cudaGraphConditionalHandle loop) {
  ++*rounds;
  cudaGraphSetConditional(loop, *nonzero != 0 ? 1u : 0u);
  *nonzero = 0;
}

// Sets a conditional from a value the host wrote.
__global__ void setFrom(const unsigned* value, cudaGraphConditionalHandle handle) {
  cudaGraphSetConditional(handle, *value);
}

__global__ void addTo(unsigned* target, unsigned amount) { *target += amount; }

// A body that counts its runs and turns its own condition off.
__global__ void countAndStop(unsigned* runs, cudaGraphConditionalHandle handle) {
  ++*runs;
  cudaGraphSetConditional(handle, 0);
}

// Counts down, and keeps the loop going until the counter reaches 0.
__global__ void countDown(unsigned* counter, cudaGraphConditionalHandle loop) {
  --*counter;
  cudaGraphSetConditional(loop, *counter != 0 ? 1u : 0u);
}

cudaGraphNodeParams conditionalParams(cudaGraphConditionalHandle handle,
                                      cudaGraphConditionalNodeType type, unsigned size) {
  cudaGraphNodeParams p = {};
  p.type = cudaGraphNodeTypeConditional;
  p.conditional.handle = handle;
  p.conditional.type = type;
  p.conditional.size = size;
  return p;
}

cudaGraphNodeParams kernelParams(void* kernel, dim3 grid, dim3 block, void** arguments) {
  cudaGraphNodeParams p = {};
  p.type = cudaGraphNodeTypeKernel;
  // Designated initializers (C++20), as CUDA's own struct takes them.
  p.kernel = {.func = kernel,
              .gridDim = grid,
              .blockDim = block,
              .sharedMemBytes = 0,
              .kernelParams = arguments,
              .extra = nullptr};
  return p;
}

unsigned readBack(const unsigned* device) {
  unsigned value = 0;
  checkCudaErrors(cudaMemcpy(&value, device, sizeof value, cudaMemcpyDeviceToHost));
  return value;
}

void writeTo(unsigned* device, unsigned value) {
  checkCudaErrors(cudaMemcpy(device, &value, sizeof value, cudaMemcpyHostToDevice));
}

// The error a call gave, cleared from the last-error state so that the next call starts clean.
const char* errorName(cudaError_t error) {
  cudaGetLastError();
  return cudaGetErrorName(error);
}

// What CUDA said to a node in the body of an if node, added and then instantiated.
struct BodyResults {
  const char* added;
  const char* instantiated;
};

BodyResults withNodeInBody(cudaGraphNodeParams node) {
  cudaGraph_t graph;
  checkCudaErrors(cudaGraphCreate(&graph, 0));
  cudaGraphConditionalHandle handle;
  checkCudaErrors(cudaGraphConditionalHandleCreate(&handle, graph, 1, 0));
  cudaGraphNodeParams ifParams = conditionalParams(handle, cudaGraphCondTypeIf, 1);
  cudaGraphNode_t ifNode, inBody;
  checkCudaErrors(cudaGraphAddNode(&ifNode, graph, nullptr, nullptr, 0, &ifParams));
  const cudaError_t added =
      cudaGraphAddNode(&inBody, ifParams.conditional.phGraph_out[0], nullptr, nullptr, 0, &node);
  BodyResults results{errorName(added), "not tried"};
  if (added == cudaSuccess) {
    cudaGraphExec_t exec = nullptr;
    const cudaError_t instantiated = cudaGraphInstantiate(&exec, graph, 0);
    results.instantiated = errorName(instantiated);
    if (instantiated == cudaSuccess) checkCudaErrors(cudaGraphExecDestroy(exec));
  }
  checkCudaErrors(cudaGraphDestroy(graph));
  return results;
}

// A while loop: halve the array until every value is 0.
int whileLoop(cudaStream_t stream, std::mt19937& random) {
  unsigned *d_values, *d_nonzero, *d_rounds;
  checkCudaErrors(cudaMalloc(&d_values, kN * sizeof(unsigned)));
  checkCudaErrors(cudaMalloc(&d_nonzero, sizeof(unsigned)));
  checkCudaErrors(cudaMalloc(&d_rounds, sizeof(unsigned)));
  cudaGraph_t graph;
  checkCudaErrors(cudaGraphCreate(&graph, 0));
  // Default 1, again at every launch: the loop always runs its body once.
  cudaGraphConditionalHandle loop;
  checkCudaErrors(cudaGraphConditionalHandleCreate(&loop, graph, 1, cudaGraphCondAssignDefault));
  cudaGraphNodeParams whileNode = conditionalParams(loop, cudaGraphCondTypeWhile, 1);
  cudaGraphNode_t node;
  checkCudaErrors(cudaGraphAddNode(&node, graph, nullptr, nullptr, 0, &whileNode));
  const cudaGraph_t body = whileNode.conditional.phGraph_out[0];
  int n = kN;
  void* halveArguments[] = {&d_values, &d_nonzero, &n};
  cudaGraphNodeParams halveNode =
      kernelParams(reinterpret_cast<void*>(halve), dim3(kN / kBlock), dim3(kBlock), halveArguments);
  cudaGraphNode_t halved, decided;
  checkCudaErrors(cudaGraphAddNode(&halved, body, nullptr, nullptr, 0, &halveNode));
  void* decideArguments[] = {&d_nonzero, &d_rounds, &loop};
  cudaGraphNodeParams decideNode =
      kernelParams(reinterpret_cast<void*>(decide), dim3(1), dim3(1), decideArguments);
  checkCudaErrors(cudaGraphAddNode(&decided, body, &halved, nullptr, 1, &decideNode));
  cudaGraphExec_t exec;
  checkCudaErrors(cudaGraphInstantiate(&exec, graph, 0));

  int failures = 0;
  for (const unsigned largest : {1u << 20, 1u << 9}) {
    std::vector<unsigned> values(kN);
    std::uniform_int_distribution<unsigned> pick(1, largest);
    for (unsigned& v : values) v = pick(random);
    // The CPU's count: halving ends when the largest value's bits are gone.
    unsigned expected = 0;
    for (unsigned most = *std::max_element(values.begin(), values.end()); most != 0; most /= 2)
      ++expected;
    checkCudaErrors(
        cudaMemcpy(d_values, values.data(), kN * sizeof(unsigned), cudaMemcpyHostToDevice));
    writeTo(d_nonzero, 0);
    writeTo(d_rounds, 0);
    checkCudaErrors(cudaGraphLaunch(exec, stream));
    checkCudaErrors(cudaStreamSynchronize(stream));
    checkCudaErrors(
        cudaMemcpy(values.data(), d_values, kN * sizeof(unsigned), cudaMemcpyDeviceToHost));
    const unsigned rounds = readBack(d_rounds);
    const bool zero = std::all_of(values.begin(), values.end(), [](unsigned v) { return v == 0; });
    std::printf("while loop: %u rounds, the CPU expects %u; every value 0: %s\n", rounds, expected,
                zero ? "yes" : "no");
    failures += rounds != expected || !zero;
  }
  checkCudaErrors(cudaGraphExecDestroy(exec));
  checkCudaErrors(cudaGraphDestroy(graph));
  checkCudaErrors(cudaFree(d_values));
  checkCudaErrors(cudaFree(d_nonzero));
  checkCudaErrors(cudaFree(d_rounds));
  return failures;
}

// An if/else node and a switch node, chosen by a value the host writes before each launch.
int ifAndSwitch(cudaStream_t stream) {
  unsigned *d_choice, *d_result;
  checkCudaErrors(cudaMalloc(&d_choice, sizeof(unsigned)));
  checkCudaErrors(cudaMalloc(&d_result, sizeof(unsigned)));
  cudaGraph_t graph;
  checkCudaErrors(cudaGraphCreate(&graph, 0));
  cudaGraphConditionalHandle ifHandle, switchHandle;
  checkCudaErrors(cudaGraphConditionalHandleCreate(&ifHandle, graph, 0, 0));
  checkCudaErrors(cudaGraphConditionalHandleCreate(&switchHandle, graph, 0, 0));
  cudaGraphNode_t setIf, setSwitch, ifNode, switchNode;
  void* setIfArguments[] = {&d_choice, &ifHandle};
  cudaGraphNodeParams p =
      kernelParams(reinterpret_cast<void*>(setFrom), dim3(1), dim3(1), setIfArguments);
  checkCudaErrors(cudaGraphAddNode(&setIf, graph, nullptr, nullptr, 0, &p));
  void* setSwitchArguments[] = {&d_choice, &switchHandle};
  p = kernelParams(reinterpret_cast<void*>(setFrom), dim3(1), dim3(1), setSwitchArguments);
  checkCudaErrors(cudaGraphAddNode(&setSwitch, graph, nullptr, nullptr, 0, &p));

  // if: add 100, else: add 200.
  cudaGraphNodeParams ifParams = conditionalParams(ifHandle, cudaGraphCondTypeIf, 2);
  checkCudaErrors(cudaGraphAddNode(&ifNode, graph, &setIf, nullptr, 1, &ifParams));
  unsigned hundred = 100, twoHundred = 200;
  void* thenArguments[] = {&d_result, &hundred};
  void* elseArguments[] = {&d_result, &twoHundred};
  cudaGraphNode_t inBody;
  p = kernelParams(reinterpret_cast<void*>(addTo), dim3(1), dim3(1), thenArguments);
  checkCudaErrors(
      cudaGraphAddNode(&inBody, ifParams.conditional.phGraph_out[0], nullptr, nullptr, 0, &p));
  p = kernelParams(reinterpret_cast<void*>(addTo), dim3(1), dim3(1), elseArguments);
  checkCudaErrors(
      cudaGraphAddNode(&inBody, ifParams.conditional.phGraph_out[1], nullptr, nullptr, 0, &p));

  // switch, after the if: 0 adds 1 (a kernel), 1 sets the result to 7 (a fill), 2 copies 5000
  // into it from pinned memory (a copy; a body cannot copy pageable memory, since the GPU runs
  // it); any other value runs no body.
  const cudaGraphNode_t before[] = {setSwitch, ifNode};
  cudaGraphNodeParams switchParams = conditionalParams(switchHandle, cudaGraphCondTypeSwitch, 3);
  checkCudaErrors(cudaGraphAddNode(&switchNode, graph, before, nullptr, 2, &switchParams));
  unsigned one = 1;
  void* addOneArguments[] = {&d_result, &one};
  p = kernelParams(reinterpret_cast<void*>(addTo), dim3(1), dim3(1), addOneArguments);
  checkCudaErrors(
      cudaGraphAddNode(&inBody, switchParams.conditional.phGraph_out[0], nullptr, nullptr, 0, &p));
  cudaGraphNodeParams fill = {};
  fill.type = cudaGraphNodeTypeMemset;
  fill.memset.dst = d_result;
  fill.memset.value = 7;
  fill.memset.elementSize = sizeof(unsigned);
  fill.memset.width = 1;
  fill.memset.height = 1;
  checkCudaErrors(cudaGraphAddNode(&inBody, switchParams.conditional.phGraph_out[1], nullptr,
                                   nullptr, 0, &fill));
  unsigned* fiveThousand;
  checkCudaErrors(cudaMallocHost(&fiveThousand, sizeof(unsigned)));
  *fiveThousand = 5000;
  cudaGraphNodeParams copy = {};
  copy.type = cudaGraphNodeTypeMemcpy;
  copy.memcpy.copyParams.srcPtr = make_cudaPitchedPtr(fiveThousand, sizeof(unsigned), 1, 1);
  copy.memcpy.copyParams.dstPtr = make_cudaPitchedPtr(d_result, sizeof(unsigned), 1, 1);
  copy.memcpy.copyParams.extent = make_cudaExtent(sizeof(unsigned), 1, 1);
  copy.memcpy.copyParams.kind = cudaMemcpyHostToDevice;
  checkCudaErrors(cudaGraphAddNode(&inBody, switchParams.conditional.phGraph_out[2], nullptr,
                                   nullptr, 0, &copy));
  cudaGraphNodeType type;
  checkCudaErrors(cudaGraphNodeGetType(switchNode, &type));
  std::printf("a switch node's type: %d\n", static_cast<int>(type));

  cudaGraphExec_t exec;
  checkCudaErrors(cudaGraphInstantiate(&exec, graph, 0));
  int failures = 0;
  for (const unsigned choice : {0u, 1u, 2u, 9u}) {
    writeTo(d_choice, choice);
    writeTo(d_result, 10);
    checkCudaErrors(cudaGraphLaunch(exec, stream));
    checkCudaErrors(cudaStreamSynchronize(stream));
    const unsigned result = readBack(d_result);
    // The CPU's answer: the if's body or its else, then the switch's body for the choice.
    unsigned expected = 10 + (choice != 0 ? 100u : 200u);
    if (choice == 0) expected += 1;
    if (choice == 1) expected = 7;
    if (choice == 2) expected = 5000;
    std::printf("if and switch on %u: result %u, the CPU expects %u\n", choice, result, expected);
    failures += result != expected;
  }
  checkCudaErrors(cudaGraphExecDestroy(exec));

  // What CUDA refuses: a while loop with two bodies, an if with three, a handle of another
  // graph, flags it does not know, cloning the graph, a copy of pageable memory and a host node
  // in a body.
  cudaGraphNode_t refused;
  cudaGraphNodeParams twoBodies = conditionalParams(ifHandle, cudaGraphCondTypeWhile, 2);
  std::printf("while node with 2 bodies: %s\n",
              errorName(cudaGraphAddNode(&refused, graph, nullptr, nullptr, 0, &twoBodies)));
  cudaGraphNodeParams threeBodies = conditionalParams(ifHandle, cudaGraphCondTypeIf, 3);
  std::printf("if node with 3 bodies: %s\n",
              errorName(cudaGraphAddNode(&refused, graph, nullptr, nullptr, 0, &threeBodies)));
  cudaGraph_t other;
  checkCudaErrors(cudaGraphCreate(&other, 0));
  cudaGraphNodeParams foreign = conditionalParams(ifHandle, cudaGraphCondTypeIf, 1);
  std::printf("node with another graph's handle: %s\n",
              errorName(cudaGraphAddNode(&refused, other, nullptr, nullptr, 0, &foreign)));
  cudaGraphConditionalHandle unknownFlags;
  std::printf("handle with flags 2: %s\n",
              errorName(cudaGraphConditionalHandleCreate(&unknownFlags, other, 0, 2)));
  checkCudaErrors(cudaGraphDestroy(other));
  cudaGraph_t clone = nullptr;
  std::printf("clone of a graph with conditional nodes: %s\n",
              errorName(cudaGraphClone(&clone, graph)));
  // A body belongs to its node: it is not instantiated, made a child or destroyed on its own.
  const cudaGraph_t body = ifParams.conditional.phGraph_out[0];
  cudaGraphExec_t bodyExec;
  std::printf("instantiate a body: %s\n", errorName(cudaGraphInstantiate(&bodyExec, body, 0)));
  checkCudaErrors(cudaGraphCreate(&other, 0));
  cudaGraphNode_t child;
  std::printf("a body as a child graph: %s\n",
              errorName(cudaGraphAddChildGraphNode(&child, other, nullptr, 0, body)));
  std::printf("a graph with conditional nodes as a child graph: %s\n",
              errorName(cudaGraphAddChildGraphNode(&child, other, nullptr, 0, graph)));
  checkCudaErrors(cudaGraphDestroy(other));
  std::printf("destroy a body: %s\n", errorName(cudaGraphDestroy(body)));
  checkCudaErrors(cudaGraphDestroy(graph));

  cudaGraphNodeParams host = {};
  host.type = cudaGraphNodeTypeHost;
  host.host.fn = [](void*) {};
  const BodyResults hostInBody = withNodeInBody(host);
  std::printf("host node in a body: %s, instantiating it: %s\n", hostInBody.added,
              hostInBody.instantiated);
  static unsigned pageable = 5000;
  copy.memcpy.copyParams.srcPtr = make_cudaPitchedPtr(&pageable, sizeof(unsigned), 1, 1);
  const BodyResults copyInBody = withNodeInBody(copy);
  std::printf("copy of pageable memory in a body: %s, instantiating it: %s\n", copyInBody.added,
              copyInBody.instantiated);
  // What a body may not hold, one level down: a child graph with a host node.
  cudaGraph_t hostGraph;
  checkCudaErrors(cudaGraphCreate(&hostGraph, 0));
  cudaGraphNode_t hostNode;
  checkCudaErrors(cudaGraphAddNode(&hostNode, hostGraph, nullptr, nullptr, 0, &host));
  cudaGraphNodeParams childParams = {};
  childParams.type = cudaGraphNodeTypeGraph;
  childParams.graph.graph = hostGraph;
  const BodyResults childInBody = withNodeInBody(childParams);
  std::printf("child graph with a host node in a body: %s, instantiating it: %s\n",
              childInBody.added, childInBody.instantiated);
  checkCudaErrors(cudaGraphDestroy(hostGraph));
  checkCudaErrors(cudaFreeHost(fiveThousand));
  checkCudaErrors(cudaFree(d_choice));
  checkCudaErrors(cudaFree(d_result));
  return failures;
}

// A copy from pageable memory captured into a body: each step's error.
void capturedPageableCopyInBody(cudaStream_t stream) {
  unsigned* d_value;
  checkCudaErrors(cudaMalloc(&d_value, sizeof(unsigned)));
  cudaGraph_t graph;
  checkCudaErrors(cudaGraphCreate(&graph, 0));
  cudaGraphConditionalHandle handle;
  checkCudaErrors(cudaGraphConditionalHandleCreate(&handle, graph, 1, 0));
  cudaGraphNodeParams ifParams = conditionalParams(handle, cudaGraphCondTypeIf, 1);
  cudaGraphNode_t ifNode;
  checkCudaErrors(cudaGraphAddNode(&ifNode, graph, nullptr, nullptr, 0, &ifParams));
  checkCudaErrors(cudaStreamBeginCaptureToGraph(stream, ifParams.conditional.phGraph_out[0],
                                                nullptr, nullptr, 0, cudaStreamCaptureModeGlobal));
  static unsigned pageable = 17;
  const cudaError_t copied =
      cudaMemcpyAsync(d_value, &pageable, sizeof pageable, cudaMemcpyHostToDevice, stream);
  cudaGraph_t ended = nullptr;
  const cudaError_t end = cudaStreamEndCapture(stream, &ended);
  cudaGraphExec_t exec = nullptr;
  const cudaError_t instantiated =
      end == cudaSuccess ? cudaGraphInstantiate(&exec, graph, 0) : cudaErrorUnknown;
  if (exec != nullptr) checkCudaErrors(cudaGraphExecDestroy(exec));
  std::printf(
      "captured copy of pageable memory in a body: %s, ending the capture: %s, "
      "instantiating it: %s\n",
      errorName(copied), errorName(end),
      end == cudaSuccess ? errorName(instantiated) : "not tried");
  cudaGetLastError();  // what the capture left, so that the next checks start clean
  checkCudaErrors(cudaGraphDestroy(graph));
  checkCudaErrors(cudaFree(d_value));
}

// A conditional node added to a stream capture, its body captured from another stream into the
// graph the node made; and conditional nodes nested in a loop.
int capturedAndNested(cudaStream_t stream, cudaStream_t other) {
  unsigned *d_choice, *d_result, *d_counter, *d_runs;
  checkCudaErrors(cudaMalloc(&d_choice, sizeof(unsigned)));
  checkCudaErrors(cudaMalloc(&d_result, sizeof(unsigned)));
  checkCudaErrors(cudaMalloc(&d_counter, sizeof(unsigned)));
  checkCudaErrors(cudaMalloc(&d_runs, sizeof(unsigned)));
  int failures = 0;

  cudaGraph_t graph;
  checkCudaErrors(cudaGraphCreate(&graph, 0));
  cudaGraphConditionalHandle handle;
  checkCudaErrors(cudaGraphConditionalHandleCreate(&handle, graph, 0, 0));
  checkCudaErrors(cudaStreamBeginCaptureToGraph(stream, graph, nullptr, nullptr, 0,
                                                cudaStreamCaptureModeGlobal));
  setFrom<<<1, 1, 0, stream>>>(d_choice, handle);
  cudaStreamCaptureStatus status;
  cudaGraph_t capturing;
  const cudaGraphNode_t* dependencies;
  size_t count;
  checkCudaErrors(cudaStreamGetCaptureInfo(stream, &status, nullptr, &capturing, &dependencies,
                                           nullptr, &count));
  cudaGraphNodeParams ifParams = conditionalParams(handle, cudaGraphCondTypeIf, 1);
  cudaGraphNode_t ifNode;
  checkCudaErrors(cudaGraphAddNode(&ifNode, capturing, dependencies, nullptr, count, &ifParams));
  checkCudaErrors(cudaStreamUpdateCaptureDependencies(stream, &ifNode, nullptr, 1,
                                                      cudaStreamSetCaptureDependencies));
  addTo<<<1, 1, 0, stream>>>(d_result, 1000);  // after the if node
  cudaGraph_t ended;
  checkCudaErrors(cudaStreamEndCapture(stream, &ended));
  const cudaGraph_t body = ifParams.conditional.phGraph_out[0];
  checkCudaErrors(
      cudaStreamBeginCaptureToGraph(other, body, nullptr, nullptr, 0, cudaStreamCaptureModeGlobal));
  addTo<<<1, 1, 0, other>>>(d_result, 3);
  addTo<<<1, 1, 0, other>>>(d_result, 4);
  cudaGraph_t bodyEnded;
  checkCudaErrors(cudaStreamEndCapture(other, &bodyEnded));
  size_t nodes = 0, bodyNodes = 0;
  checkCudaErrors(cudaGraphGetNodes(graph, nullptr, &nodes));
  checkCudaErrors(cudaGraphGetNodes(body, nullptr, &bodyNodes));
  std::printf(
      "captured: the capture ends in the same graph: %s, its body's: %s; %zu nodes, %zu "
      "in the body\n",
      ended == graph ? "yes" : "no", bodyEnded == body ? "yes" : "no", nodes, bodyNodes);
  cudaGraphExec_t exec;
  checkCudaErrors(cudaGraphInstantiate(&exec, graph, 0));
  for (const unsigned choice : {1u, 0u}) {
    writeTo(d_choice, choice);
    writeTo(d_result, 0);
    checkCudaErrors(cudaGraphLaunch(exec, stream));
    checkCudaErrors(cudaStreamSynchronize(stream));
    const unsigned result = readBack(d_result);
    const unsigned expected = 1000 + (choice != 0 ? 7u : 0u);
    std::printf("captured if on %u: result %u, the CPU expects %u\n", choice, result, expected);
    failures += result != expected;
  }
  checkCudaErrors(cudaGraphExecDestroy(exec));
  checkCudaErrors(cudaGraphDestroy(graph));

  // A loop of 3 rounds whose body holds an if node; the if's variable, made for the loop's body
  // with default 1 and cudaGraphCondAssignDefault, is turned off by the if's own body. The
  // default is given at the graph's launch, not at each round.
  checkCudaErrors(cudaGraphCreate(&graph, 0));
  cudaGraphConditionalHandle loop, inner;
  checkCudaErrors(cudaGraphConditionalHandleCreate(&loop, graph, 1, cudaGraphCondAssignDefault));
  cudaGraphNodeParams loopParams = conditionalParams(loop, cudaGraphCondTypeWhile, 1);
  cudaGraphNode_t loopNode, counted, innerNode, ran;
  checkCudaErrors(cudaGraphAddNode(&loopNode, graph, nullptr, nullptr, 0, &loopParams));
  const cudaGraph_t loopBody = loopParams.conditional.phGraph_out[0];
  checkCudaErrors(
      cudaGraphConditionalHandleCreate(&inner, loopBody, 1, cudaGraphCondAssignDefault));
  void* countDownArguments[] = {&d_counter, &loop};
  cudaGraphNodeParams p =
      kernelParams(reinterpret_cast<void*>(countDown), dim3(1), dim3(1), countDownArguments);
  checkCudaErrors(cudaGraphAddNode(&counted, loopBody, nullptr, nullptr, 0, &p));
  cudaGraphNodeParams innerParams = conditionalParams(inner, cudaGraphCondTypeIf, 1);
  checkCudaErrors(cudaGraphAddNode(&innerNode, loopBody, &counted, nullptr, 1, &innerParams));
  void* countAndStopArguments[] = {&d_runs, &inner};
  p = kernelParams(reinterpret_cast<void*>(countAndStop), dim3(1), dim3(1), countAndStopArguments);
  checkCudaErrors(
      cudaGraphAddNode(&ran, innerParams.conditional.phGraph_out[0], nullptr, nullptr, 0, &p));
  checkCudaErrors(cudaGraphInstantiate(&exec, graph, 0));
  writeTo(d_runs, 0);
  for (int launch = 1; launch <= 2; ++launch) {
    writeTo(d_counter, 3);
    checkCudaErrors(cudaGraphLaunch(exec, stream));
    checkCudaErrors(cudaStreamSynchronize(stream));
    std::printf("nested, launch %d: counter %u, the inner body has run %u times in all\n", launch,
                readBack(d_counter), readBack(d_runs));
  }
  checkCudaErrors(cudaGraphExecDestroy(exec));
  checkCudaErrors(cudaGraphDestroy(graph));

  // Without cudaGraphCondAssignDefault, the default is not given: the variable starts at 0.
  checkCudaErrors(cudaGraphCreate(&graph, 0));
  cudaGraphConditionalHandle kept;
  checkCudaErrors(cudaGraphConditionalHandleCreate(&kept, graph, 1, 0));
  cudaGraphNodeParams keptParams = conditionalParams(kept, cudaGraphCondTypeIf, 1);
  checkCudaErrors(cudaGraphAddNode(&innerNode, graph, nullptr, nullptr, 0, &keptParams));
  writeTo(d_runs, 0);
  void* keptArguments[] = {&d_runs, &kept};
  p = kernelParams(reinterpret_cast<void*>(countAndStop), dim3(1), dim3(1), keptArguments);
  checkCudaErrors(
      cudaGraphAddNode(&ran, keptParams.conditional.phGraph_out[0], nullptr, nullptr, 0, &p));
  checkCudaErrors(cudaGraphInstantiate(&exec, graph, 0));
  // (Launched twice in a row without a synchronization between, this graph failed on an H200
  // with driver 580.159.04: cudaErrorLaunchFailure.)
  for (int launch = 0; launch < 2; ++launch) {
    checkCudaErrors(cudaGraphLaunch(exec, stream));
    checkCudaErrors(cudaStreamSynchronize(stream));
  }
  std::printf(
      "without cudaGraphCondAssignDefault, default 1: the body ran %u times in 2 launches\n",
      readBack(d_runs));
  checkCudaErrors(cudaGraphExecDestroy(exec));
  checkCudaErrors(cudaGraphDestroy(graph));

  checkCudaErrors(cudaFree(d_choice));
  checkCudaErrors(cudaFree(d_result));
  checkCudaErrors(cudaFree(d_counter));
  checkCudaErrors(cudaFree(d_runs));
  return failures;
}

// An if node whose variable has the default `initial` at every launch, and whose body adds 1.
cudaGraph_t ifAddsOne(unsigned* d_result, unsigned initial) {
  cudaGraph_t graph;
  checkCudaErrors(cudaGraphCreate(&graph, 0));
  cudaGraphConditionalHandle handle;
  checkCudaErrors(
      cudaGraphConditionalHandleCreate(&handle, graph, initial, cudaGraphCondAssignDefault));
  cudaGraphNodeParams ifParams = conditionalParams(handle, cudaGraphCondTypeIf, 1);
  cudaGraphNode_t ifNode, added;
  checkCudaErrors(cudaGraphAddNode(&ifNode, graph, nullptr, nullptr, 0, &ifParams));
  static unsigned one = 1;
  void* arguments[] = {&d_result, &one};
  cudaGraphNodeParams p = kernelParams(reinterpret_cast<void*>(addTo), dim3(1), dim3(1), arguments);
  checkCudaErrors(
      cudaGraphAddNode(&added, ifParams.conditional.phGraph_out[0], nullptr, nullptr, 0, &p));
  return graph;
}

// An instantiated graph updated from one of the same shape takes the new graph's variables.
int updated(cudaStream_t stream) {
  unsigned* d_result;
  checkCudaErrors(cudaMalloc(&d_result, sizeof(unsigned)));
  const cudaGraph_t taken = ifAddsOne(d_result, 1), replacing = ifAddsOne(d_result, 0);
  cudaGraphExec_t exec;
  checkCudaErrors(cudaGraphInstantiate(&exec, taken, 0));
  int failures = 0;
  for (const bool update : {false, true}) {
    if (update) {
      cudaGraphExecUpdateResultInfo info;
      checkCudaErrors(cudaGraphExecUpdate(exec, replacing, &info));
    }
    writeTo(d_result, 0);
    checkCudaErrors(cudaGraphLaunch(exec, stream));
    checkCudaErrors(cudaStreamSynchronize(stream));
    const unsigned result = readBack(d_result), expected = update ? 0 : 1;
    std::printf("%s: result %u, the CPU expects %u\n",
                update ? "updated from a graph whose default is 0" : "default 1", result, expected);
    failures += result != expected;
  }
  checkCudaErrors(cudaGraphExecDestroy(exec));
  checkCudaErrors(cudaGraphDestroy(taken));
  checkCudaErrors(cudaGraphDestroy(replacing));
  checkCudaErrors(cudaFree(d_result));
  return failures;
}

int main(int argc, char** argv) {
  findCudaDevice();
  cudaStream_t stream, other;
  checkCudaErrors(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  checkCudaErrors(cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking));
  if (argc > 1 && std::strcmp(argv[1], "--bad-handle") == 0) {
    unsigned* d_value;
    checkCudaErrors(cudaMalloc(&d_value, sizeof(unsigned)));
    writeTo(d_value, 1);
    setFrom<<<1, 1, 0, stream>>>(d_value, 0x1234);
    checkCudaErrors(cudaStreamSynchronize(stream));
    std::printf("set a conditional through a made-up handle\n");
    return EXIT_SUCCESS;
  }
  std::mt19937 random(std::random_device{}());
  int failures = whileLoop(stream, random);
  failures += ifAndSwitch(stream);
  failures += capturedAndNested(stream, other);
  capturedPageableCopyInBody(stream);
  failures += updated(stream);
  checkCudaErrors(cudaStreamDestroy(stream));
  checkCudaErrors(cudaStreamDestroy(other));
  std::printf("%s\n", failures == 0 ? "Test PASSED" : "Test FAILED");
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
