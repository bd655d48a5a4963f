#pragma once
// Kernels that exercise the emulator's features; each gives a wrong result if its feature is
// wrong. Translated by simt_add_kernels(); the tests of tests/simt/ include the translation.
#include <cooperative_groups.h>
#include <mma.h>
#include <cuda/pipeline>

// Every thread of a 3D grid of 3D blocks writes its global linear index and its coordinates.
__global__ void WriteIndices(unsigned* linear, unsigned* coordinates) {
  unsigned block = blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y;
  unsigned thread = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  unsigned threads_per_block = blockDim.x * blockDim.y * blockDim.z;
  unsigned global = block * threads_per_block + thread;
  linear[global] = global;
  const unsigned place[12] = {threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x,
                              blockIdx.y,  blockIdx.z,  blockDim.x,  blockDim.y,
                              blockDim.z,  gridDim.x,   gridDim.y,   gridDim.z};
  for (int k = 0; k < 12; ++k) coordinates[12 * global + k] = place[k];
}

// No barrier: a plain function, whose blocks after the first run as one loop over their threads.
// Each thread counts its own copy of `steps` down to its lane's remainder by 4, as a GPU thread
// may change its parameters: had the threads shared one copy, the later ones would start lower.
__global__ void CountDownOwnParameter(int steps, int* out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  while (steps > static_cast<int>(i % 4)) --steps;
  out[i] = steps;
}

// Each thread reads its right neighbour's value after a barrier: without a working barrier
// (all threads written before any reads) the result is wrong.
__global__ void RotateLeftThroughGlobal(const int* in, int* scratch, int* out) {
  unsigned n = blockDim.x;
  unsigned base = blockIdx.x * n;
  scratch[base + threadIdx.x] = in[base + threadIdx.x] * 2;
  __syncthreads();
  out[base + threadIdx.x] = scratch[base + (threadIdx.x + 1) % n];
}

// A tree reduction over a block through a global scratch array: log2(blockDim.x) barriers.
__global__ void TreeSum(const float* in, float* scratch, float* out) {
  unsigned tid = threadIdx.x;
  unsigned base = blockIdx.x * blockDim.x;
  scratch[base + tid] = in[base + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) scratch[base + tid] += scratch[base + tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = scratch[base];
}

// __syncthreads_count / _and / _or return the same value to every thread.
__global__ void CountPredicates(int* counts, int* ands, int* ors) {
  unsigned tid = threadIdx.x;
  int count = __syncthreads_count(tid % 3 == 0);
  int all = __syncthreads_and(tid < blockDim.x);
  int any = __syncthreads_or(tid == 5);
  counts[tid] = count;
  ands[tid] = all;
  ors[tid] = any;
}

// Threads 0-63 reach the barrier; threads 64 and above skip it and exit: a divergent barrier.
__global__ void BarrierSkippedByExitedThreads(int* out) {
  if (threadIdx.x < 64) {
    __syncthreads();
    out[threadIdx.x] = 1;
  }
}

// Global atomics from every thread of many blocks.
__global__ void CountWithAtomics(int* counter, float* sum, unsigned* bins) {
  atomicAdd(counter, 1);
  atomicAdd(sum, 0.5f);
  atomicAdd(&bins[threadIdx.x % 4], 1u);
}

// Static shared memory: each thread writes its slot, then reads its neighbour's after the
// barrier. Blocks must not see each other's array.
__global__ void ReverseInStaticShared(const int* in, int* out) {
  __shared__ int tile[256];
  unsigned t = threadIdx.x;
  tile[t] = in[blockIdx.x * blockDim.x + t] + static_cast<int>(blockIdx.x);
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = tile[blockDim.x - 1 - t];
}

// Dynamic shared memory sized at launch, a 2D static array, and a static scalar.
__global__ void SumColumnsInSharedMemory(const float* in, float* out) {
  extern __shared__ float values[];
  __shared__ float grid2d[4][33];
  __shared__ int writers;
  unsigned t = threadIdx.x;
  if (t == 0) writers = 0;
  values[t] = in[blockIdx.x * blockDim.x + t];
  grid2d[t % 4][t / 4] = values[t] * 2.0f;
  __syncthreads();
  atomicAdd(&writers, 1);
  __syncthreads();
  if (t < 4) {
    float sum = 0.0f;
    for (unsigned c = 0; c < blockDim.x / 4; ++c) sum += grid2d[t][c];
    out[blockIdx.x * 5 + t] = sum;
  }
  if (t == 0) out[blockIdx.x * 5 + 4] = static_cast<float>(static_cast<int>(writers));
}

// Reads dynamic shared memory nobody wrote: with checks off the poison shows (NaN for float);
// with checks on it is reported (initialisation_check_test.cpp).
__global__ void ReadUnwrittenShared(float* out) {
  extern __shared__ float values[];
  out[threadIdx.x] = values[threadIdx.x];
}

// Shared-memory atomics: a per-block histogram of threadIdx.x % 8.
__global__ void SharedHistogram(unsigned* out) {
  __shared__ unsigned bins[8];
  if (threadIdx.x < 8) bins[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&bins[threadIdx.x % 8], 1u);
  __syncthreads();
  if (threadIdx.x < 8) out[blockIdx.x * 8 + threadIdx.x] = bins[threadIdx.x];
}

// What each block of a cluster knows about itself; 8 values per block.
__global__ void DescribeCluster(unsigned* out) {
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    unsigned block = blockIdx.x + blockIdx.y * gridDim.x;
    unsigned* o = out + 8 * block;
    o[0] = cluster.block_rank();
    o[1] = cluster.num_blocks();
    o[2] = cluster.num_threads();
    o[3] = cluster.dim_blocks().x;
    o[4] = cluster.dim_blocks().y;
    o[5] = cluster.block_index().x;
    o[6] = cluster.block_index().y;
    o[7] = static_cast<unsigned>(cg::this_grid().thread_rank());
  }
}

// Distributed shared memory: each block writes its rank into its own shared memory, syncs
// the cluster, reads the next block's value, and syncs again before exiting (so that no block
// exits while another may still read its shared memory).
__global__ void PassRankAroundCluster(unsigned* out) {
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  extern __shared__ unsigned mine[];
  mine[threadIdx.x] = cluster.block_rank() * 1000 + threadIdx.x;
  cluster.sync();
  unsigned next = (cluster.block_rank() + 1) % cluster.num_blocks();
  unsigned* theirs = cluster.map_shared_rank(mine, next);
  out[blockIdx.x * blockDim.x + threadIdx.x] = theirs[threadIdx.x];
  atomicAdd(&theirs[0], 1u);  // DSM atomic
  cluster.sync();
  if (threadIdx.x == 0) out[gridDim.x * blockDim.x + blockIdx.x] = mine[0];
}

// Block 1 of each cluster skips the cluster barrier.
__global__ void ClusterSyncSkippedByOneBlock(int* out) {
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  if (cluster.block_rank() != 1) {
    cluster.sync();
  }
  out[blockIdx.x] = 1;
}

// Every thread prints one line.
__global__ void PrintFromEveryThread() { printf("block %u thread %u\n", blockIdx.x, threadIdx.x); }

// The guide-verbatim constructs the emulator runs without markers.

// A void __device__ helper that holds the barriers of a tree reduction, called from a kernel:
// the sum of each block's `in` in out[blockIdx.x].
__device__ void SumInSharedMemory(float* s, unsigned tid) {
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (tid < k) s[tid] += s[tid + k];
    __syncthreads();
  }
}
__global__ void BlockSumThroughHelper(const float* in, float* out) {
  extern __shared__ float partial[];
  partial[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  SumInSharedMemory(partial, threadIdx.x);
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

// The block barrier written through cooperative groups: each block reverses its part of `data`
// through shared memory.
__global__ void ReverseWithThreadBlockSync(const int* in, int* out) {
  namespace cg = cooperative_groups;
  cg::thread_block cta = cg::this_thread_block();
  __shared__ int staged[1024];
  const unsigned base = blockIdx.x * blockDim.x;
  staged[cta.thread_rank()] = in[base + cta.thread_rank()];
  cta.sync();
  out[base + cta.thread_rank()] = staged[cta.size() - 1 - cta.thread_rank()];
}

// Surplus threads return before the barrier (correct on the GPU: exited threads no longer hold
// a barrier up): out[i] = in[i] + in[i + 1 within the block] for the first n elements.
__global__ void AddNeighbourWithEarlyReturn(const int* in, int* out, int n) {
  __shared__ int staged[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  staged[threadIdx.x] = in[i];
  __syncthreads();
  const bool has_right = threadIdx.x + 1 < blockDim.x && i + 1 < n;
  out[i] = staged[threadIdx.x] + (has_right ? staged[threadIdx.x + 1] : 0);
}

// Byte counters: each thread counts in its own byte of shared memory, four threads to a word
// (no race on the GPU), then the block adds them up: out[block] = sum over threads of
// (thread % 5).
__global__ void CountInOwnBytes(unsigned* out) {
  __shared__ unsigned char counts[1024];
  counts[threadIdx.x] = 0;
  for (unsigned k = 0; k < threadIdx.x % 5; ++k) counts[threadIdx.x] += 1;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned total = 0;
    for (unsigned t = 0; t < blockDim.x; ++t) total += counts[t];
    out[blockIdx.x] = total;
  }
}

// Every kind of atomic on one set of global counters; each thread t of the grid takes part.
__global__ void EveryAtomic(int* ints, unsigned* words, unsigned long long* wide, float* sum) {
  const int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  atomicAdd(&ints[0], t);
  atomicSub(&ints[1], t);
  atomicMin(&ints[2], t);
  atomicMax(&ints[3], t);
  atomicAnd(&words[0], ~(1u << (t % 32)));
  atomicOr(&words[1], 1u << (t % 32));
  atomicXor(&words[2], 1u << (t % 32));
  atomicInc(&words[3], 9u);  // wraps to 0 after 9
  atomicDec(&words[4], 9u);  // wraps to 9 after 0
  atomicExch(&words[5], 7u);
  atomicCAS(&words[6], 0u, static_cast<unsigned>(t) + 1);  // only the first one wins
  atomicAdd(&wide[0], 1ull);
  atomicAdd(sum, 0.5f);
}

// The same on `__shared__` counters, which start as `ints_in` and `words_in` say, each block's
// own (the emulator's worker makes these without a locked instruction); each thread t of the
// block takes part, and the block's results go to its part of `ints_out`, `words_out` and
// `sums` (5, 7 and 1 values).
__global__ void EveryAtomicOnShared(const int* ints_in, const unsigned* words_in, int* ints_out,
                                    unsigned* words_out, float* sums) {
  __shared__ int ints[5];
  __shared__ unsigned words[7];
  __shared__ float sum;
  const int t = static_cast<int>(threadIdx.x);
  if (t < 5) ints[t] = ints_in[t];
  if (t < 7) words[t] = words_in[t];
  if (t == 0) sum = 0.0f;
  __syncthreads();
  atomicAdd(&ints[0], t);
  atomicSub(&ints[1], t);
  atomicMin(&ints[2], t);
  atomicMax(&ints[3], t);
  atomicAdd(&ints[4], 1 << 24);  // wraps past INT_MAX, as the GPU's 32-bit sum does
  atomicAnd(&words[0], ~(1u << (t % 32)));
  atomicOr(&words[1], 1u << (t % 32));
  atomicXor(&words[2], 1u << (t % 32));
  atomicInc(&words[3], 9u);
  atomicDec(&words[4], 9u);
  atomicExch(&words[5], 7u);
  atomicCAS(&words[6], 0u, static_cast<unsigned>(t) + 1);
  atomicAdd(&sum, 0.5f);
  __syncthreads();
  if (t < 5) ints_out[blockIdx.x * 5 + t] = ints[t];
  if (t < 7) words_out[blockIdx.x * 7 + t] = words[t];
  if (t == 0) sums[blockIdx.x] = sum;
}

// A cooperative kernel: every block writes, the grid waits, then each block reads another's.
__global__ void ReadAnotherBlockAfterGridSync(int* data, int* out) {
  namespace cg = cooperative_groups;
  cg::grid_group grid = cg::this_grid();
  data[grid.thread_rank()] = static_cast<int>(blockIdx.x) + 1;
  grid.sync();
  const unsigned long long other = (grid.thread_rank() + blockDim.x) % grid.size();
  out[grid.thread_rank()] = data[other];
}

// Float and double arithmetic in the directed rounding modes (down, up, toward zero), six
// operations each: out[18 * i + 3 * op + mode] for a[i] and b[i] (rcp and sqrt take a[i]).
__global__ void RoundedDoubles(const double* a, const double* b, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double x = a[i], y = b[i];
  double* o = out + 18 * i;
  o[0] = __dadd_rd(x, y), o[1] = __dadd_ru(x, y), o[2] = __dadd_rz(x, y);
  o[3] = __dsub_rd(x, y), o[4] = __dsub_ru(x, y), o[5] = __dsub_rz(x, y);
  o[6] = __dmul_rd(x, y), o[7] = __dmul_ru(x, y), o[8] = __dmul_rz(x, y);
  o[9] = __ddiv_rd(x, y), o[10] = __ddiv_ru(x, y), o[11] = __ddiv_rz(x, y);
  o[12] = __drcp_rd(x), o[13] = __drcp_ru(x), o[14] = __drcp_rz(x);
  o[15] = __dsqrt_rd(x), o[16] = __dsqrt_ru(x), o[17] = __dsqrt_rz(x);
}
__global__ void RoundedFloats(const float* a, const float* b, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float x = a[i], y = b[i];
  float* o = out + 18 * i;
  o[0] = __fadd_rd(x, y), o[1] = __fadd_ru(x, y), o[2] = __fadd_rz(x, y);
  o[3] = __fsub_rd(x, y), o[4] = __fsub_ru(x, y), o[5] = __fsub_rz(x, y);
  o[6] = __fmul_rd(x, y), o[7] = __fmul_ru(x, y), o[8] = __fmul_rz(x, y);
  o[9] = __fdiv_rd(x, y), o[10] = __fdiv_ru(x, y), o[11] = __fdiv_rz(x, y);
  o[12] = __frcp_rd(x), o[13] = __frcp_ru(x), o[14] = __frcp_rz(x);
  o[15] = __fsqrt_rd(x), o[16] = __fsqrt_ru(x), o[17] = __fsqrt_rz(x);
}
// clock64(), clock() and %clock64 against %globaltimer (nanoseconds) over each thread's spin of
// `nanoseconds`: five values a thread, {clock64 cycles, clock() cycles, %clock64 cycles, the
// least and the most nanoseconds the counters can have run}.
__global__ void ClockCycles(long long* all, long long nanoseconds) {
  long long* out = all + 5 * (threadIdx.x + blockDim.x * blockIdx.x);
  unsigned long long start_ns, started_ns, now_ns, end_ns, start_ptx, end_ptx;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start_ns));
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(start_ptx));
  const long long start = clock64();
  const clock_t start_clock = clock();
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(started_ns));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now_ns));
  } while (static_cast<long long>(now_ns - start_ns) < nanoseconds);
  out[0] = clock64() - start;
  out[1] = static_cast<long long>(static_cast<unsigned>(clock() - start_clock));
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(end_ptx));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(end_ns));
  out[2] = static_cast<long long>(end_ptx - start_ptx);
  // Every counter started between start_ns and started_ns and stopped between now_ns and
  // end_ns: the shortest and the longest time it can have counted.
  out[3] = static_cast<long long>(now_ns - started_ns);
  out[4] = static_cast<long long>(end_ns - start_ns);
}

// Block loops (common/simt/translate/simt_translation/rewrites/block_loops.py): the same
// kernel twice. Each thread keeps a running sum across `rounds` barrier intervals; in each it
// adds its right-hand neighbour's value of the last interval, read from shared memory. With
// `rounds` a parameter, every barrier is reached by the whole block alike and the kernel runs
// as loops over its threads; with `rounds` read from memory, the translation cannot know that,
// and the kernel stays a coroutine per thread. Threads at or past `active` return first; each
// thread moves its own copy of `in` to its block's part.
__global__ void NeighbourRoundsAsLoops(const int* in, int* out, int rounds, int active) {
  __shared__ int value[1024];
  const unsigned t = threadIdx.x;
  if (static_cast<int>(t) >= active) return;
  in += blockIdx.x * blockDim.x;  // each thread's own copy of the parameter
  int sum = in[t];
  for (int r = 0; r < rounds; ++r) {
    value[t] = sum;
    __syncthreads();
    sum += value[(t + 1) % static_cast<unsigned>(active)] % 1000;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = sum;
}

__global__ void NeighbourRoundsAsCoroutines(const int* in, int* out, const int* rounds,
                                            int active) {
  __shared__ int value[1024];
  const unsigned t = threadIdx.x;
  if (static_cast<int>(t) >= active) return;
  in += blockIdx.x * blockDim.x;  // each thread's own copy of the parameter
  int sum = in[t];
  for (int r = 0; r < *rounds; ++r) {
    value[t] = sum;
    __syncthreads();
    sum += value[(t + 1) % static_cast<unsigned>(active)] % 1000;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = sum;
}

// The same rounds with every other thread: the odd ones return first, so that the threads left
// are not the first ones of the block (each adds the value of the next even thread, around the
// block, whose size must be even). Runs as loops.
__global__ void EvenNeighbourRounds(const int* in, int* out, int rounds) {
  __shared__ int value[1024];
  const unsigned t = threadIdx.x;
  if (t % 2 != 0) return;
  const unsigned i = blockIdx.x * blockDim.x + t;
  int sum = in[i];
  for (int r = 0; r < rounds; ++r) {
    value[t] = sum;
    __syncthreads();
    sum += value[(t + 2) % blockDim.x] % 1000;
    __syncthreads();
  }
  out[i] = sum;
}

// Tiles of `in` (one element per thread each) fetched two ahead through each thread's own
// pipeline, as the sample collection's globalToShmemAsyncCopy fetches them: thread t of every
// block sums its right-hand neighbour's element of every tile. A thread-scope pipeline's waits
// never suspend, `fetch` is the block's, so the kernel runs as loops.
__global__ void NeighbourOfTilesAhead(const int* in, int* out, int tiles) {
  constexpr int kStages = 2;
  __shared__ int tile[kStages][1024];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  int sum = 0;
  for (int t = 0, fetch = 0; t < tiles; ++t) {
    for (; fetch < tiles && fetch < t + kStages; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(&tile[fetch % kStages][threadIdx.x], &in[fetch * blockDim.x + threadIdx.x],
                         sizeof(int), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    __syncthreads();  // every thread's piece of tile t has arrived
    sum += tile[t % kStages][(threadIdx.x + 1) % blockDim.x];
    pipe.consumer_release();
    __syncthreads();  // and been read before a copy refills its stage
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

namespace wmma = nvcuda::wmma;

// D = A B in double-precision warp matrix functions: row tile r (8 rows) of D is row tile r of
// A (8 x k) times B (k x 8). Each warp of a block makes one row tile at a time, the block taking
// `warps` tiles per turn of a block-stride loop that every thread leaves at once (a `break` where
// the whole block stops alike), and B comes four rows at a time through shared memory, which the
// first warp fills (`element`, a type one run declares and names). Every thread reaches each
// `mma_sync` alike, so the kernel runs as loops, the product completed on the threads' records.
__global__ void DoubleTileProducts(const double* a, const double* b, double* d, unsigned row_tiles,
                                   int k) {
  __shared__ double rows_of_b[4 * 8];
  const unsigned warps = blockDim.x / 32;
  const unsigned warp = threadIdx.x / 32;
  for (unsigned turn = blockIdx.x;; turn += gridDim.x) {
    if (turn * warps >= row_tiles) break;
    const unsigned tile = turn * warps + warp;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> sum;
    wmma::fill_fragment(sum, 0.0);
#pragma unroll 2
    for (int step = 0; step < k; step += 4) {
      if (threadIdx.x < 32) {
        typedef double element;
        const element* from = b + step * 8;
        rows_of_b[threadIdx.x] = from[threadIdx.x];
      }
      __syncthreads();  // the four rows of B are in
      wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> left;
      wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> right;
      const double* rows_of_a = a + static_cast<size_t>(tile < row_tiles ? tile : 0) * 8 * k;
      wmma::load_matrix_sync(left, rows_of_a + step, k);
      wmma::load_matrix_sync(right, rows_of_b, 8);
      wmma::mma_sync(sum, left, right, sum);
      __syncthreads();  // and read before the next four replace them
    }
    if (tile < row_tiles)
      wmma::store_matrix_sync(d + static_cast<size_t>(tile) * 64, sum, 8, wmma::mem_row_major);
  }
}

// Each round, an inclusive scan of every warp's values with __shfl_up_sync, and a ballot of the
// lanes whose sum is odd (XORed over the rounds). Every lane reaches the collectives alike, so
// the kernel runs as loops over the block's threads.
__global__ void WarpScanRoundsAsLoops(const int* in, int* out, unsigned* odd, int rounds) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned lane = threadIdx.x % 32;
  int v = in[i];
  unsigned ballot = 0;
  for (int r = 0; r < rounds; ++r) {
    for (unsigned d = 1; d < 32; d *= 2) {
      const int below = __shfl_up_sync(0xffffffffu, v, d);
      if (lane >= d) v += below;
    }
    v %= 1000;
    ballot ^= __ballot_sync(0xffffffffu, v % 2 != 0);
  }
  out[i] = v;
  if (lane == 0) odd[i / 32] = ballot;
}

// The same with its bound read from memory: a coroutine per thread.
__global__ void WarpScanRoundsAsCoroutines(const int* in, int* out, unsigned* odd,
                                           const int* rounds) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned lane = threadIdx.x % 32;
  int v = in[i];
  unsigned ballot = 0;
  for (int r = 0; r < *rounds; ++r) {
    for (unsigned d = 1; d < 32; d *= 2) {
      const int below = __shfl_up_sync(0xffffffffu, v, d);
      if (lane >= d) v += below;
    }
    v %= 1000;
    ballot ^= __ballot_sync(0xffffffffu, v % 2 != 0);
  }
  out[i] = v;
  if (lane == 0) odd[i / 32] = ballot;
}

// Each warp's sum by an XOR tree among the lanes that stay: whole warps past `staying` return
// (a block's partial last warp among them), or, where `lanes` is 16, each warp's upper half, the
// mask then naming lanes 0-15 alone. Run as loops, the tree's first step ends the pass in which
// the others return: a warp whose lanes all stay completes it as its last lane arrives, any other
// at the pass's end.
__global__ void TreeAfterReturns(const int* in, int* out, unsigned staying, unsigned lanes) {
  const unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  if (threadIdx.x >= staying || threadIdx.x % 32 >= lanes) return;
  v += __shfl_xor_sync(mask, v, lanes / 2);
  for (unsigned offset = lanes / 4; offset > 0; offset /= 2) v += __shfl_xor_sync(mask, v, offset);
  out[i] = v;
}

// __device__ functions that wait, which the whole block calls alike, run as loops with their
// kernel: an exclusive scan of each block's values through shared memory (a helper calling a
// helper, `size` a parameter every call gives alike), then each warp's total by
// __reduce_add_sync in a helper of its own.
__device__ int InclusiveScanOfBlock(int v, int* s, unsigned size) {
  s[threadIdx.x] = v;
  for (unsigned offset = 1; offset < size; offset *= 2) {
    __syncthreads();
    const int below = threadIdx.x >= offset ? s[threadIdx.x - offset] : 0;
    __syncthreads();
    s[threadIdx.x] += below;
  }
  return s[threadIdx.x];
}
__device__ int ExclusiveScanOfBlock(int v, int* s, unsigned size) {
  return InclusiveScanOfBlock(v, s, size) - v;
}
__device__ int WarpTotal(int v) { return __reduce_add_sync(0xffffffffu, v); }
__global__ void ScanThroughHelpers(const int* in, int* before, int* warp_totals) {
  __shared__ int s[1024];
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = in[i] % 1000;
  const int sum = ExclusiveScanOfBlock(v, s, blockDim.x);
  before[i] = sum;
  const int total = WarpTotal(v);
  if (threadIdx.x % 32 == 0) warp_totals[i / 32] = total;
}

// Threads at or past `active` return first; the others call a helper twice, with a bound every
// call gives alike (read for the block from the first thread that has not returned): each round
// adds the right-hand neighbour's value of the round before, among the active threads.
__device__ int NeighbourSums(int v, int* s, int rounds, int active) {
  for (int r = 0; r < rounds; ++r) {
    s[threadIdx.x] = v;
    __syncthreads();
    v += s[(threadIdx.x + 1) % static_cast<unsigned>(active)] % 1000;
    __syncthreads();
  }
  return v;
}
__global__ void NeighbourSumsTwice(const int* in, int* out, int rounds, int active) {
  __shared__ int s[1024];
  if (static_cast<int>(threadIdx.x) >= active) return;
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const int once = NeighbourSums(in[i], s, rounds, active);
  out[i] = NeighbourSums(once, s, rounds, active);
}

// The same scan through helpers of its own whose `size` the kernel reads from memory: a thread's
// value as far as the translation knows, so the helpers' loops and the kernel stay coroutines.
__device__ int InclusiveScanOfBlockAsCoroutine(int v, int* s, unsigned size) {
  s[threadIdx.x] = v;
  for (unsigned offset = 1; offset < size; offset *= 2) {
    __syncthreads();
    const int below = threadIdx.x >= offset ? s[threadIdx.x - offset] : 0;
    __syncthreads();
    s[threadIdx.x] += below;
  }
  return s[threadIdx.x];
}
__global__ void ScanThroughHelpersAsCoroutines(const int* in, int* before, const unsigned* size) {
  __shared__ int s[1024];
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = in[i] % 1000;
  before[i] = InclusiveScanOfBlockAsCoroutine(v, s, *size) - v;
}

// Every thread returns inside a loop with no condition, thread t in round t % 4 + 1: the block
// ends once the last one has (out[i] = the round thread i returned in).
__global__ void ReturnInsideEndlessLoop(int* out) {
  for (int r = 0;; ++r) {
    if (r == static_cast<int>(threadIdx.x % 4) + 1) {
      out[blockIdx.x * blockDim.x + threadIdx.x] = r;
      return;
    }
    __syncthreads();
  }
}
