// A thread-scope pipeline waits for the thread's own copies alone, which the emulator makes at
// the wait: its waits never suspend and stay plain calls, so a kernel whose only waits they are
// is no coroutine. With block barriers that the whole block reaches alike, such a kernel runs as
// block loops: its pipeline is made in the thread's record (by placement new, since nvcc's
// cannot be copied), and a loop without a barrier whose header advances the block's own
// variables (the stages fetched ahead) is run by the block, each iteration's body a pass over
// the threads.
#include <cuda/pipeline>

constexpr int kTile = 256;

// No barrier: a plain kernel, its waits plain calls.
__global__ void StageThenUse(const float* in, float* out) {
  __shared__ float staged[2][kTile];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  for (int s = 0; s < 2; ++s) {
    pipe.producer_acquire();
    cuda::memcpy_async(&staged[s][threadIdx.x], &in[s * kTile + threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
  }
  cuda::pipeline_consumer_wait_prior<0>(pipe);
  out[threadIdx.x] = staged[0][threadIdx.x] + staged[1][threadIdx.x];
}

// Tiles fetched Stages ahead, as the sample collection's globalToShmemAsyncCopy fetches them:
// block loops. `fetch` is the block's; the loop that advances it is the block's too. `pipe` and
// `piece` cross barriers in each thread's record.
template <int Stages>
__global__ void SumTilesAhead(const float* in, float* out, int tiles) {
  __shared__ float tile[Stages][kTile];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  const auto piece = cuda::aligned_size_t<4>(sizeof(float));
  float sum = 0;
  for (int t = 0, fetch = 0; t < tiles; ++t) {
    for (; fetch < tiles && fetch < t + Stages; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(&tile[fetch % Stages][threadIdx.x], &in[fetch * kTile + threadIdx.x],
                         piece, pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    __syncthreads();
    sum += tile[t % Stages][(threadIdx.x + 1) % kTile];
    pipe.consumer_release();
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}
template __global__ void SumTilesAhead<2>(const float*, float*, int);

// A loop without a barrier that advances a thread's own counter stays in the thread's run.
__global__ void FetchByThread(const float* in, float* out, int tiles) {
  __shared__ float tile[kTile];
  int fetched = 0;
  for (int t = 0; t < tiles; ++t) {
    for (; fetched <= t; fetched += 1 + static_cast<int>(threadIdx.x % 2))
      tile[threadIdx.x] = in[fetched];
    __syncthreads();
    out[threadIdx.x] += tile[(threadIdx.x + 1) % kTile];
    __syncthreads();
  }
}

// Stays a coroutine: the block's `fetched` (declared by the loop that waits) advanced by a
// thread's own amount, which neither the block nor a thread's run can do for every thread.
__global__ void BlockCounterByThread(const float* in, float* out, int tiles) {
  __shared__ float tile[kTile];
  for (int t = 0, fetched = 0; t < tiles; ++t) {
    for (; fetched <= t; fetched += 1 + static_cast<int>(threadIdx.x % 2))
      tile[threadIdx.x] = in[fetched];
    __syncthreads();
    out[threadIdx.x] += tile[(threadIdx.x + 1) % kTile];
    __syncthreads();
  }
}
