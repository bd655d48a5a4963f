#pragma once
// Chapter 05 kernels: shared-memory access patterns with known bank behaviour. Compiled by
// nvcc for the GPU and by the host compiler for the CPU emulator, whose counters predict the
// requests and wavefronts Nsight Compute measures.

// [doc:reduce-interleaved]
// Interleaved addressing: at step s, thread tid adds element 2*s*tid + s into 2*s*tid.
// The active threads touch words 2*s apart, so a warp's accesses pile into few banks.
__global__ void ReduceInterleaved(const float* in, float* out) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x) sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
// [doc:reduce-interleaved]

// [doc:reduce-sequential]
// Sequential addressing: at step s, thread tid adds element tid + s into tid. A warp's 32
// threads touch 32 consecutive words: 32 different banks, no conflict.
__global__ void ReduceSequential(const float* in, float* out) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
// [doc:reduce-sequential]

// [doc:reduce-shuffle]
// Sequential addressing down to 32 partial sums, then the last five steps in registers: each
// step a __shfl_down_sync between the lanes of warp 0, with no shared memory and no barrier
// (a shuffle moves registers between the lanes of one warp, and waits only for those lanes).
// The emulator's counters show the shared-memory requests this saves.
__global__ void ReduceWithShuffles(const float* in, float* out) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s >= 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    float sum = sdata[tid];
    for (int offset = 16; offset > 0; offset /= 2)
      sum += __shfl_down_sync(0xffffffffu, sum, offset);
    if (tid == 0) out[blockIdx.x] = sum;
  }
}
// [doc:reduce-shuffle]

// [doc:strided]
// Lane i of every warp reads word i * stride, `repeats` times. Read k moves all lanes 32 words
// (one full turn of the 32 banks) further: every load has a new address, each lane keeps its
// bank. The 64 offsets are compile-time constants, so a load is one instruction and the loop
// is bound by shared-memory wavefronts, not by index arithmetic. Moving `row` by a step that is
// always 0 (the sum is never negative), but that the compiler cannot know, keeps it from
// loading once and reusing the values across iterations.
constexpr int kWords = 4096;
constexpr int kLoadsPerIteration = 64;
__global__ void StridedLoads(float* out, int stride, int repeats) {
  __shared__ float words[kWords];
  for (int i = threadIdx.x; i < kWords; i += blockDim.x) words[i] = static_cast<float>(i % 7);
  __syncthreads();
  float* row = words + (threadIdx.x % 32) * stride;
  float sum = 0.0f;
  for (int r = 0; r < repeats; r += kLoadsPerIteration) {
    for (int k = 0; k < kLoadsPerIteration; ++k) sum += row[k * 32];
    row += sum < 0.0f ? 1 : 0;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}
// [doc:strided]

// [doc:broadcast]
// Every lane reads the same word: one wavefront serves them all (broadcast).
__global__ void BroadcastLoads(float* out, int repeats) {
  __shared__ float words[kWords];
  for (int i = threadIdx.x; i < kWords; i += blockDim.x) words[i] = static_cast<float>(i % 7);
  __syncthreads();
  float* row = words;
  float sum = 0.0f;
  for (int r = 0; r < repeats; r += kLoadsPerIteration) {
    for (int k = 0; k < kLoadsPerIteration; ++k) sum += row[k * 32];
    row += sum < 0.0f ? 1 : 0;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}
// [doc:broadcast]

// [doc:double]
// Lane i reads double i: 8 bytes per lane, 256 bytes per warp. The hardware serves a 64-bit
// request in two halves of 16 lanes (128 bytes each): two wavefronts, and no bank conflict.
constexpr int kDoubles = kWords / 2;
__global__ void DoubleLoads(double* out, int repeats) {
  __shared__ double values[kDoubles];
  for (int i = threadIdx.x; i < kDoubles; i += blockDim.x) values[i] = static_cast<double>(i % 7);
  __syncthreads();
  double* row = values + threadIdx.x % 32;
  double sum = 0.0;
  for (int r = 0; r < repeats; r += kLoadsPerIteration) {
    for (int k = 0; k < kLoadsPerIteration; ++k) sum += row[k * 32];
    row += sum < 0.0 ? 1 : 0;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}
// [doc:double]

// [doc:transpose]
// Transposes a 32 x 32 tile through shared memory with blocks of 32 x 8 threads. Rows are
// written (row-wise, conflict-free), then read down columns: with a row pitch of 32 words, a
// column is 32 words of one bank (32 wavefronts); a pitch of 33 spreads it over all 32 banks.
__global__ void TransposeThroughTile(const float* in, float* out, int n, int pitch) {
  __shared__ float tile[32 * 33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[(threadIdx.y + j) * pitch + threadIdx.x] = in[static_cast<long long>(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[static_cast<long long>(y + j) * n + x] = tile[threadIdx.x * pitch + threadIdx.y + j];
}
// [doc:transpose]

// [doc:transpose64]
// The padded transpose with 64 x 64 tiles and blocks of 64 x 8 threads (a pitch of 65 words):
// each thread moves 16 elements instead of 4, so each block keeps more memory traffic in flight.
__global__ void TransposeThroughTile64(const float* in, float* out, int n) {
  __shared__ float tile[64 * 65];
  int x = blockIdx.x * 64 + threadIdx.x;
  int y = blockIdx.y * 64 + threadIdx.y;
  for (int j = 0; j < 64; j += 8)
    tile[(threadIdx.y + j) * 65 + threadIdx.x] = in[static_cast<long long>(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * 64 + threadIdx.x;
  y = blockIdx.x * 64 + threadIdx.y;
  for (int j = 0; j < 64; j += 8)
    out[static_cast<long long>(y + j) * n + x] = tile[threadIdx.x * 65 + threadIdx.y + j];
}
// [doc:transpose64]

// [doc:copy]
// The same tiles copied instead of transposed: rows in, rows out. The bandwidth a transpose
// through shared memory can hope for.
__global__ void CopyThroughTile(const float* in, float* out, int n) {
  __shared__ float tile[32 * 33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[(threadIdx.y + j) * 32 + threadIdx.x] = in[static_cast<long long>(y + j) * n + x];
  __syncthreads();
  for (int j = 0; j < 32; j += 8)
    out[static_cast<long long>(y + j) * n + x] = tile[(threadIdx.y + j) * 32 + threadIdx.x];
}
// [doc:copy]
