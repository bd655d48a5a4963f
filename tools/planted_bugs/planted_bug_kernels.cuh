#pragma once
// The planted bugs (synchronisation, faults, a read of unwritten shared memory, a write past an
// array's end): kernels each with one bug that CUDA itself does not report. tools/planted_bugs
// runs them on a GPU (under compute-sanitizer, to see which of them its tools catch) or on the
// CPU emulator; the tests of tests/simt/ check that the emulator reports each one with
// the kernel, the line and the threads. On the GPU each is a bug: it may hang, compute garbage,
// or happen to work.
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>

#include <utility>

// A __shared__ cuda::barrier has a constructor; init() initialises it (as in the guide).
#pragma nv_diag_suppress static_var_with_dynamic_init

// A tree reduction with the barrier inside the loop removed: a shared-memory race.
__global__ void ReductionMissingBarrier(const float* in, float* out) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    // __syncthreads() missing here
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

// Half a warp skips the barrier (threads 48-127 of a 128-thread block do not wait).
__global__ void BarrierForFirst48(int* out) {
  if (threadIdx.x < 48) {
    __syncthreads();
  }
  out[threadIdx.x] = 1;
}

// A whole warp's worth of threads skip it: compute-sanitizer's synccheck misses this one.
__global__ void BarrierForFirst32(int* out) {
  if (threadIdx.x < 32) {
    __syncthreads();
  }
  out[threadIdx.x] = 1;
}

// Odd and even threads wait at different barriers: hangs on a GPU.
__global__ void BarrierInBothBranches(int* out) {
  if (threadIdx.x % 2) {
    out[threadIdx.x] = 1;
    __syncthreads();
  } else {
    out[threadIdx.x] = 2;
    __syncthreads();
  }
}

// Reads the next block's shared memory without the final cluster.sync(): the next block may
// already have exited.
__global__ void ReadPeerWithoutFinalSync(unsigned* out) {
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  extern __shared__ unsigned mine[];
  mine[threadIdx.x] = cluster.block_rank();
  cluster.sync();
  unsigned* theirs =
      cluster.map_shared_rank(mine, (cluster.block_rank() + 1) % cluster.num_blocks());
  out[blockIdx.x * blockDim.x + threadIdx.x] = theirs[threadIdx.x];
}

// Lanes 0-15 shuffle with a full mask while lanes 16-31 go on to __syncthreads(): lanes the
// mask names never reach the shuffle.
__global__ void ShuffleInHalfTheWarp(int* out) {
  int v = static_cast<int>(threadIdx.x);
  if (threadIdx.x % 32 < 16) v += __shfl_down_sync(0xffffffffu, v, 8);
  __syncthreads();  // where lanes 16-31 wait
  out[threadIdx.x] = v;
}

// A warp sum after an early return: the full mask names lanes that have exited, and the
// shuffles of lanes 4-19 read them.
__global__ void ShuffleAfterEarlyReturn(const int* in, int* out, int n) {
  int i = static_cast<int>(threadIdx.x);
  if (i >= n) return;
  int v = in[i];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  if (i == 0) *out = v;
}

// The lower half of a warp shuffles among itself but reads lane 20, outside its mask.
__global__ void ShuffleFromOutsideTheMask(int* out) {
  int v = static_cast<int>(threadIdx.x);
  if (threadIdx.x < 16) v = __shfl_sync(0x0000ffffu, v, 20);
  out[threadIdx.x] = v;
}

// The two halves of a warp wait at __syncwarp with masks that disagree: the lower half names
// the whole warp, the upper half only itself.
__global__ void SyncwarpMasksDisagree(int* out) {
  __shared__ int values[32];
  values[threadIdx.x] = static_cast<int>(threadIdx.x);
  if (threadIdx.x < 16)
    __syncwarp(0xffffffffu);
  else
    __syncwarp(0xffff0000u);
  out[threadIdx.x] = values[31 - threadIdx.x];
}

// The pre-Volta warp tail: a volatile shared-memory reduction of the last 64 values with no
// __syncwarp between the steps. Since Volta the lanes of a warp are not in lockstep, so a lane
// may read a partial sum before the lane that owns it has written it.
__global__ void WarpTailWithoutSyncwarp(const float* in, float* out) {
  __shared__ float partial[64];
  unsigned t = threadIdx.x;
  partial[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 32) {
    volatile float* v = partial;
    v[t] = v[t] + v[t + 32];
    v[t] = v[t] + v[t + 16];
    v[t] = v[t] + v[t + 8];
    v[t] = v[t] + v[t + 4];
    v[t] = v[t] + v[t + 2];
    v[t] = v[t] + v[t + 1];
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}

// The block reads the tile that cuda::memcpy_async is copying before waiting for the barrier's
// phase, which is when the copy completes.
__global__ void ReadBeforeCopyCompletes(const float* in, float* out) {
  __shared__ float tile[64];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cooperative_groups::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, tile, in, sizeof(tile), bar);
  const float early = tile[63 - threadIdx.x];  // the copy may not have happened yet
  bar.arrive_and_wait();
  out[threadIdx.x] = early + tile[threadIdx.x];
}

// A token kept from phase 0 is waited on in phase 2: the GPU's barrier keeps only the parity of
// its phase, so this waits for phase 2, which no thread arrives in.
__global__ void WaitWithStaleToken(int* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  cuda::barrier<cuda::thread_scope_block>::arrival_token token = bar.arrive();
  cuda::barrier<cuda::thread_scope_block>::arrival_token kept = token;
  bar.wait(std::move(token));
  bar.arrive_and_wait();
  bar.wait(std::move(kept));
  out[threadIdx.x] = 1;
}

// Thread 0 arrives twice in phase 0, so the phase completes one arrival early: the last thread
// to arrive has not written its value yet when the others read it.
__global__ void ArriveTwiceInOnePhase(int* out) {
  __shared__ int values[64];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  if (threadIdx.x == 0) (void)bar.arrive();
  values[threadIdx.x] = static_cast<int>(threadIdx.x);
  bar.arrive_and_wait();  // thread 0's second arrival in phase 0
  out[threadIdx.x] = values[(threadIdx.x + 1) % blockDim.x];
}

// Thread 0 returns before arriving: the phase waits for an arrival that never comes.
__global__ void ExitWithoutArriving(int* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  if (threadIdx.x == 0) return;
  bar.arrive_and_wait();  // waits for thread 0's arrival
  out[threadIdx.x] = 1;
}

// The producer never commits its stage, so consumer_wait() has no stage to wait for: on the GPU
// it returns at once, before the copy is done.
__global__ void WaitForStageNeverCommitted(const float* in, float* out) {
  __shared__ float staged[64];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&staged[threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
  pipe.consumer_wait();  // producer_commit() missing above
  out[threadIdx.x] = staged[threadIdx.x];
  pipe.consumer_release();
}

// Thread d divides by zero: `d - threadIdx.x` is unsigned, so the other threads divide by their
// distance from d (a huge number past it). The CPU traps on an integer division by zero; the GPU
// does not, and goes on with an unspecified quotient.
__global__ void DivideByZeroInOneThread(int* out, int d) {
  out[threadIdx.x] = 100 / (d - threadIdx.x);
}

// Only the first 16 threads fill the tile, but every thread reads the element 16 places on:
// threads 0-15 read what no thread wrote. compute-sanitizer's initcheck covers global memory
// only, and racecheck sees no two accesses to one address, so no GPU tool reports this.
__global__ void ReadSharedNoThreadWrote(const float* in, float* out) {
  __shared__ float tile[64];
  if (threadIdx.x < 16) tile[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x + 16];
}

// Thread 0 waits in a loop for a flag that thread 1 sets only after the barrier, where the
// other threads wait for thread 0: the block never gets past the barrier, on the GPU as on the
// emulator. (`flag` holds 0 at the launch.)
__global__ void SpinWhileOthersWaitAtBarrier(volatile int* flag, int* out) {
  if (threadIdx.x == 0)
    while (*flag == 0) {
    }
  __syncthreads();
  if (threadIdx.x == 1) *flag = 1;
  out[threadIdx.x] = 1;
}

// Every block but the last waits for the last block's flag. With more blocks than the GPU keeps
// resident at once, the resident ones all wait and the last block never starts; CUDA promises
// every block of a grid resident at once only in a cooperative launch. (`flag` holds 0.)
__global__ void WaitForLastBlock(volatile int* flag, int* out) {
  if (blockIdx.x == gridDim.x - 1) {
    if (threadIdx.x == 0) *flag = 1;
  } else {
    while (*flag == 0) {
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

// The output was never allocated: the program passes a null pointer, and every thread writes
// through it. The GPU stops the kernel with cudaErrorIllegalAddress; the CPU raises SIGSEGV.
__global__ void WriteThroughNull(int* out) { out[threadIdx.x] = static_cast<int>(threadIdx.x); }

// The grid is rounded up to whole blocks, and the kernel forgets the bounds check `if (i < n)`:
// the threads past n write past the end of the array. On the GPU the writes land silently in
// the memory after it (cudaMalloc rounds allocations up); only memcheck reports them.
__global__ void WritePastTheEnd(float* out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 0.5f * static_cast<float>(i);
}
