// __device__ functions that wait, called alike by every thread of the block, run as loops with
// the kernels that call them. Each becomes its record (declared before it, for its callers'
// records), an overload with its parameters that keeps a thread's arguments in that record, and
// a function the block calls with the records, its body as loops. A call becomes a pass in which
// every thread gives its arguments, the helper's loops, and the statement with the thread's
// result. A parameter that every call gives alike (`size`) is read once for the block.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ unsigned InclusiveScan(unsigned v, volatile unsigned* s, unsigned size,
                                  cg::thread_block block) {
  unsigned pos = 2 * threadIdx.x - (threadIdx.x & (size - 1));
  s[pos] = 0;
  pos += size;
  s[pos] = v;
  for (unsigned offset = 1; offset < size; offset <<= 1) {
    cg::sync(block);
    unsigned t = s[pos] + s[pos - offset];
    cg::sync(block);
    s[pos] = t;
  }
  return s[pos];
}
__device__ unsigned ExclusiveScan(unsigned v, volatile unsigned* s, unsigned size,
                                  cg::thread_block block) {
  return InclusiveScan(v, s, size, block) - v;
}
__global__ void Scan(unsigned* out, const unsigned* in, unsigned size) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ unsigned s[512];
  unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned sum = ExclusiveScan(in[pos], s, size, block);
  out[pos] = sum;
}

// A void helper in a loop's one-statement body (braced), and another kernel that calls it with
// a thread's own value for `k`, which so is each thread's in the helper (and `k` is read only
// in the helper's runs).
__device__ void Halve(float* s, unsigned k) {
  __syncthreads();
  if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
}
__global__ void Tree(const float* in, float* out) {
  __shared__ float s[256];
  s[threadIdx.x] = in[threadIdx.x];
  for (unsigned k = blockDim.x / 2; k > 0; k /= 2) Halve(s, k);
  __syncthreads();
  if (threadIdx.x == 0) *out = s[0];
}
__global__ void Pairs(float* data) {
  __shared__ float s[256];
  s[threadIdx.x] = data[threadIdx.x];
  Halve(s, threadIdx.x % 2);
  data[threadIdx.x] = s[threadIdx.x];
}

// A template kernel calls a helper twice: a record for each call.
__device__ int Twice(int* s, int v) {
  s[threadIdx.x] = v;
  __syncthreads();
  return s[(threadIdx.x + 1) % blockDim.x];
}
template <int Step>
__global__ void CallsTwice(int* s, int* out) {
  int v = Twice(s, static_cast<int>(threadIdx.x) * Step);
  __syncthreads();
  out[threadIdx.x] = Twice(s, v);
}
template __global__ void CallsTwice<3>(int*, int*);

// Stay coroutines, each with its reason:
// - a helper's loop bounded by a parameter that one caller gives per thread (so the whole group
//   of functions that call one another stays coroutines, its other kernel too);
__device__ void Rounds(float* s, unsigned n) {
  for (unsigned r = 0; r < n; ++r) __syncthreads();
  s[threadIdx.x] += 1;
}
__global__ void RoundsAlike(float* s, unsigned n) { Rounds(s, n); }
__global__ void RoundsPerThread(float* s) { Rounds(s, threadIdx.x); }
// - a helper that returns before its end;
__device__ int EarlyOut(int* s, int v) {
  if (v < 0) return 0;
  __syncthreads();
  return s[0];
}
__global__ void CallsEarlyOut(int* s) { s[threadIdx.x] = EarlyOut(s, s[threadIdx.x]); }
// - a helper called where only some threads go;
__device__ void Wait(int* s) {
  __syncthreads();
  s[threadIdx.x] = 0;
}
__global__ void HalfCalls(int* s) {
  if (threadIdx.x < 16) Wait(s);
}
// - a helper that prints (what shows the order threads run in).
__device__ void Report(int* s) {
  __syncthreads();
  printf("%d\n", s[threadIdx.x]);
}
__global__ void CallsReport(int* s) { Report(s); }
// - a helper in `extern "C"` (its loops would be a template, which C linkage does not allow).
extern "C" __device__ void Settle(int* s) {
  __syncthreads();
  s[threadIdx.x] = 1;
}
__global__ void CallsSettle(int* s) { Settle(s); }
