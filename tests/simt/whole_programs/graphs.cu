// Task graphs, as sample collections' graph programs use them: a graph built node by node (a
// copy, a fill, two kernels, a copy back and a host callback, with dependencies), launched three
// times with a kernel's parameter changed in the instantiated graph; the same work captured from
// two streams that fork and join through events, with stream-ordered allocations that become the
// graph's allocation nodes; an instantiated graph updated from a new capture; and the errors CUDA
// gives for a stream synchronized while it is captured and for a graph launched again before
// the memory it allocated was freed. Results are checked against CPU sums.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "check_cuda.h"

constexpr int kN = 1 << 16;
constexpr int kBlock = 256;
constexpr int kBlocks = kN / kBlock;

__global__ void scaleAdd(const float* x, float* y, float a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void blockSums(const float* values, float* sums) {
  __shared__ float partial[kBlock];
  partial[threadIdx.x] = values[blockIdx.x * kBlock + threadIdx.x];
  __syncthreads();
  for (unsigned stride = kBlock / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) sums[blockIdx.x] = partial[0];
}

void CUDART_CB countCall(void* calls) { ++*static_cast<int*>(calls); }

// Block sums of a * x + y0 that differ from the GPU's (the values are small integers: exact).
int differences(const std::vector<float>& x, float a, float y0, const float* sums) {
  int wrong = 0;
  for (int b = 0; b < kBlocks; ++b) {
    float expected = 0;
    for (int i = 0; i < kBlock; ++i) expected += a * x[b * kBlock + i] + y0;
    if (sums[b] != expected) ++wrong;
  }
  return wrong;
}

cudaKernelNodeParams scaleAddParams(void** arguments) {
  cudaKernelNodeParams p = {};
  p.func = reinterpret_cast<void*>(scaleAdd);
  p.gridDim = dim3(kBlocks);
  p.blockDim = dim3(kBlock);
  p.kernelParams = arguments;
  return p;
}

// The same work captured from two streams: stream 2 forks from stream 1 after the input is
// copied, and stream 1 joins it before summing.
cudaGraph_t captureForkJoin(cudaStream_t s1, cudaStream_t s2, cudaEvent_t fork, cudaEvent_t join,
                            const float* h_x, float a, float* d_y, float* d_sums, float* h_sums) {
  checkCudaErrors(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  cudaStreamCaptureStatus status;
  checkCudaErrors(cudaStreamIsCapturing(s1, &status));
  float* d_x = nullptr;
  checkCudaErrors(cudaMallocAsync(&d_x, kN * sizeof(float), s1));
  checkCudaErrors(cudaMemcpyAsync(d_x, h_x, kN * sizeof(float), cudaMemcpyHostToDevice, s1));
  checkCudaErrors(cudaEventRecord(fork, s1));
  checkCudaErrors(cudaStreamWaitEvent(s2, fork, 0));
  checkCudaErrors(cudaMemsetAsync(d_y, 0, kN * sizeof(float), s2));
  scaleAdd<<<kBlocks, kBlock, 0, s2>>>(d_x, d_y, a, kN);
  checkCudaErrors(cudaEventRecord(join, s2));
  checkCudaErrors(cudaStreamWaitEvent(s1, join, 0));
  blockSums<<<kBlocks, kBlock, 0, s1>>>(d_y, d_sums);
  checkCudaErrors(cudaFreeAsync(d_x, s1));
  checkCudaErrors(
      cudaMemcpyAsync(h_sums, d_sums, kBlocks * sizeof(float), cudaMemcpyDeviceToHost, s1));
  cudaGraph_t graph;
  checkCudaErrors(cudaStreamEndCapture(s1, &graph));
  std::printf("capture status while capturing: %d\n", static_cast<int>(status));
  return graph;
}

void printNodeCounts(const char* what, cudaGraph_t graph) {
  size_t nodes = 0;
  size_t roots = 0;
  checkCudaErrors(cudaGraphGetNodes(graph, nullptr, &nodes));
  checkCudaErrors(cudaGraphGetRootNodes(graph, nullptr, &roots));
  std::printf("%s: %zu nodes, %zu root(s)\n", what, nodes, roots);
}

int main() {
  findCudaDevice();
  std::mt19937 random(std::random_device{}());
  std::uniform_int_distribution<int> digit(1, 9);
  std::vector<float> x(kN);
  for (float& v : x) v = static_cast<float>(digit(random));
  float* h_x = nullptr;
  float* h_sums = nullptr;
  checkCudaErrors(cudaMallocHost(&h_x, kN * sizeof(float)));
  checkCudaErrors(cudaMallocHost(&h_sums, kBlocks * sizeof(float)));
  std::memcpy(h_x, x.data(), kN * sizeof(float));
  float *d_x, *d_y, *d_sums;
  checkCudaErrors(cudaMalloc(&d_x, kN * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_y, kN * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_sums, kBlocks * sizeof(float)));
  cudaStream_t s1, s2;
  checkCudaErrors(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  checkCudaErrors(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  int failures = 0;

  // A graph built node by node: y = 1, x copied in, y = a x + y, block sums, copied back.
  cudaGraph_t graph;
  checkCudaErrors(cudaGraphCreate(&graph, 0));
  cudaMemcpy3DParms copy = {};
  copy.srcPtr = make_cudaPitchedPtr(h_x, kN * sizeof(float), kN, 1);
  copy.dstPtr = make_cudaPitchedPtr(d_x, kN * sizeof(float), kN, 1);
  copy.extent = make_cudaExtent(kN * sizeof(float), 1, 1);
  copy.kind = cudaMemcpyHostToDevice;
  cudaGraphNode_t copyIn, fill, scale, sum, copyOut, host;
  checkCudaErrors(cudaGraphAddMemcpyNode(&copyIn, graph, nullptr, 0, &copy));
  const float one = 1.0f;
  cudaMemsetParams memset = {};
  memset.dst = d_y;
  std::memcpy(&memset.value, &one, sizeof one);
  memset.elementSize = sizeof(float);
  memset.width = kN;
  memset.height = 1;
  checkCudaErrors(cudaGraphAddMemsetNode(&fill, graph, nullptr, 0, &memset));
  float a = 2.0f;
  int n = kN;
  void* scaleArguments[] = {&d_x, &d_y, &a, &n};
  const cudaKernelNodeParams scaleParams = scaleAddParams(scaleArguments);
  const cudaGraphNode_t inputs[] = {copyIn, fill};
  checkCudaErrors(cudaGraphAddKernelNode(&scale, graph, inputs, 2, &scaleParams));
  void* sumArguments[] = {&d_y, &d_sums};
  cudaKernelNodeParams sumParams = {};
  sumParams.func = reinterpret_cast<void*>(blockSums);
  sumParams.gridDim = dim3(kBlocks);
  sumParams.blockDim = dim3(kBlock);
  sumParams.kernelParams = sumArguments;
  checkCudaErrors(cudaGraphAddKernelNode(&sum, graph, &scale, 1, &sumParams));
  checkCudaErrors(cudaGraphAddMemcpyNode1D(&copyOut, graph, &sum, 1, h_sums, d_sums,
                                           kBlocks * sizeof(float), cudaMemcpyDeviceToHost));
  int hostCalls = 0;
  cudaHostNodeParams hostParams = {countCall, &hostCalls};
  checkCudaErrors(cudaGraphAddHostNode(&host, graph, &copyOut, 1, &hostParams));
  printNodeCounts("built graph", graph);
  cudaGraphExec_t exec;
  checkCudaErrors(cudaGraphInstantiate(&exec, graph, 0));
  const float factors[] = {2.0f, 3.0f, 5.0f};
  for (const float factor : factors) {
    a = factor;  // copied by cudaGraphExecKernelNodeSetParams, as by cudaGraphAddKernelNode
    const cudaKernelNodeParams changed = scaleAddParams(scaleArguments);
    checkCudaErrors(cudaGraphExecKernelNodeSetParams(exec, scale, &changed));
    checkCudaErrors(cudaGraphLaunch(exec, s1));
    checkCudaErrors(cudaStreamSynchronize(s1));
    const int wrong = differences(x, factor, 1.0f, h_sums);
    std::printf("built graph, a = %g: %d of %d block sums differ from the CPU's\n", factor, wrong,
                kBlocks);
    failures += wrong;
  }
  std::printf("host node ran %d times\n", hostCalls);
  failures += hostCalls != 3;
  checkCudaErrors(cudaGraphExecDestroy(exec));
  checkCudaErrors(cudaGraphDestroy(graph));

  // The same work captured from two streams, with its input in stream-ordered memory.
  cudaEvent_t fork, join;
  checkCudaErrors(cudaEventCreate(&fork));
  checkCudaErrors(cudaEventCreate(&join));
  cudaGraph_t captured = captureForkJoin(s1, s2, fork, join, h_x, 4.0f, d_y, d_sums, h_sums);
  printNodeCounts("captured graph", captured);
  checkCudaErrors(cudaGraphInstantiate(&exec, captured, 0));
  for (int launch = 0; launch < 2; ++launch) {
    checkCudaErrors(cudaGraphLaunch(exec, s1));
    checkCudaErrors(cudaStreamSynchronize(s1));
    const int wrong = differences(x, 4.0f, 0.0f, h_sums);
    std::printf("captured graph, launch %d: %d of %d block sums differ from the CPU's\n",
                launch + 1, wrong, kBlocks);
    failures += wrong;
  }
  // A new capture of the same shape updates the instantiated graph in place.
  cudaGraph_t recaptured = captureForkJoin(s1, s2, fork, join, h_x, 6.0f, d_y, d_sums, h_sums);
  cudaGraphExecUpdateResultInfo update;
  const cudaError_t updated = cudaGraphExecUpdate(exec, recaptured, &update);
  std::printf("cudaGraphExecUpdate: %s, result %d\n", cudaGetErrorName(updated),
              static_cast<int>(update.result));
  cudaGetLastError();
  if (updated == cudaSuccess) {
    checkCudaErrors(cudaGraphLaunch(exec, s1));
    checkCudaErrors(cudaStreamSynchronize(s1));
    const int wrong = differences(x, 6.0f, 0.0f, h_sums);
    std::printf("updated graph: %d of %d block sums differ from the CPU's\n", wrong, kBlocks);
    failures += wrong;
  }
  checkCudaErrors(cudaGraphExecDestroy(exec));
  checkCudaErrors(cudaGraphDestroy(recaptured));
  checkCudaErrors(cudaGraphDestroy(captured));

  // A graph that allocates and does not free: the program must free before the next launch.
  checkCudaErrors(cudaGraphCreate(&graph, 0));
  cudaMemAllocNodeParams alloc = {};
  alloc.poolProps.allocType = cudaMemAllocationTypePinned;
  alloc.poolProps.location.type = cudaMemLocationTypeDevice;
  alloc.poolProps.location.id = 0;
  alloc.bytesize = kN * sizeof(float);
  cudaGraphNode_t allocation;
  checkCudaErrors(cudaGraphAddMemAllocNode(&allocation, graph, nullptr, 0, &alloc));
  checkCudaErrors(cudaGraphInstantiate(&exec, graph, 0));
  checkCudaErrors(cudaGraphLaunch(exec, s1));
  checkCudaErrors(cudaStreamSynchronize(s1));
  const cudaError_t again = cudaGraphLaunch(exec, s1);
  cudaGetLastError();
  checkCudaErrors(cudaFree(alloc.dptr));
  const cudaError_t afterFree = cudaGraphLaunch(exec, s1);
  checkCudaErrors(cudaStreamSynchronize(s1));
  checkCudaErrors(cudaFree(alloc.dptr));
  std::printf("launch before the graph's memory is freed: %s; after: %s\n", cudaGetErrorName(again),
              cudaGetErrorName(afterFree));
  checkCudaErrors(cudaGraphExecDestroy(exec));
  checkCudaErrors(cudaGraphDestroy(graph));

  // A stream synchronized while it is captured: the capture is invalidated.
  checkCudaErrors(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  const cudaError_t synchronized = cudaStreamSynchronize(s1);
  cudaStreamCaptureStatus status;
  checkCudaErrors(cudaStreamIsCapturing(s1, &status));
  cudaGraph_t invalid = nullptr;
  const cudaError_t ended = cudaStreamEndCapture(s1, &invalid);
  std::printf(
      "cudaStreamSynchronize while capturing: %s; status %d; cudaStreamEndCapture: %s, "
      "graph %s\n",
      cudaGetErrorName(synchronized), static_cast<int>(status), cudaGetErrorName(ended),
      invalid == nullptr ? "null" : "made");
  cudaGetLastError();

  checkCudaErrors(cudaEventDestroy(fork));
  checkCudaErrors(cudaEventDestroy(join));
  checkCudaErrors(cudaStreamDestroy(s1));
  checkCudaErrors(cudaStreamDestroy(s2));
  checkCudaErrors(cudaFree(d_x));
  checkCudaErrors(cudaFree(d_y));
  checkCudaErrors(cudaFree(d_sums));
  checkCudaErrors(cudaFreeHost(h_x));
  checkCudaErrors(cudaFreeHost(h_sums));
  std::printf("%s\n", failures == 0 ? "Test PASSED" : "Test FAILED");
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
