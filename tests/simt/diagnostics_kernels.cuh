#pragma once
// Kernels for the emulator's diagnostics (out-of-bounds and cluster errors, and correct kernels
// that must pass) and access patterns with known bank-conflict counts. The planted
// synchronisation bugs that also run on a GPU are tools/planted_bugs/planted_bug_kernels.cuh.
// Translated for the emulator by simt_add_kernels(); the tests of tests/simt/ include the
// translation.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <mma.h>
#include <cuda/pipeline>

// Writes one element past the dynamic shared memory the launch gave.
__global__ void WritePastDynamicShared(int* out) {
  extern __shared__ int smem[];
  smem[threadIdx.x + 1] = 1;
  __syncthreads();
  out[threadIdx.x] = smem[threadIdx.x];
}

// Maps a rank outside the cluster.
__global__ void MapRankOutsideCluster(unsigned* out) {
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  extern __shared__ unsigned mine[];
  mine[threadIdx.x] = threadIdx.x;
  cluster.sync();
  unsigned* theirs = cluster.map_shared_rank(mine, cluster.num_blocks());
  out[threadIdx.x] = theirs[threadIdx.x];
  cluster.sync();
}

// Every thread adds to one shared counter with atomicAdd: atomics do not race.
__global__ void SharedCounterWithAtomics(int* out) {
  __shared__ int counter;
  if (threadIdx.x == 0) counter = 0;
  __syncthreads();
  atomicAdd(&counter, 1);
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = counter;
}

// Lane i of each warp reads 4-byte word i * stride (after a conflict-free fill).
__global__ void StridedWordRead(float* out, int stride, int words) {
  extern __shared__ float s[];
  for (int i = threadIdx.x; i < words; i += blockDim.x) s[i] = static_cast<float>(i);
  __syncthreads();
  int lane = threadIdx.x % 32;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x / 32) * 32 * stride + lane * stride];
}

// Every lane reads the same word: one wavefront (broadcast).
__global__ void BroadcastRead(float* out) {
  __shared__ float s[32];
  if (threadIdx.x < 32) s[threadIdx.x] = static_cast<float>(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = s[7];
}

// The lower half of each warp writes its word: requests with 16 lanes active.
__global__ void HalfWarpWrites(float* out) {
  __shared__ float s[64];
  if (threadIdx.x % 32 < 16) s[threadIdx.x] = static_cast<float>(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = threadIdx.x % 32 < 16 ? s[threadIdx.x] : 0.0f;
}

// Even lanes write their word at one line, odd lanes at the next: each warp's first access is
// at two lines, two requests of half a warp each (stores of words 2i and 2i + 1: no conflict).
__global__ void EvenAndOddLanesWrite(float* out) {
  __shared__ float s[64];
  if (threadIdx.x % 2 == 0)
    s[threadIdx.x] = static_cast<float>(threadIdx.x);  // even lanes
  else
    s[threadIdx.x] = -static_cast<float>(threadIdx.x);  // odd lanes
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x ^ 1u];
}

// A 32 x 32 tile transpose through shared memory, padded (33 columns) or not (32).
template <int Columns>
__global__ void TransposeTile(const float* in, float* out, int n) {
  __shared__ float tile[32][Columns];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += blockDim.y) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += blockDim.y)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Two threads write the same byte of a word (a real race, unlike writes to different bytes).
__global__ void TwoThreadsWriteOneByte(unsigned* out) {
  __shared__ unsigned char bytes[64];
  bytes[threadIdx.x / 2] = static_cast<unsigned char>(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = bytes[threadIdx.x / 2];
}

// The race is in a __device__ helper that holds a barrier: the helper's lines are reported.
__device__ void AddLeftNeighbourUnsynchronised(int* s, unsigned tid) {
  __syncthreads();                    // the helper's barrier
  if (tid > 0) s[tid] += s[tid - 1];  // reads a neighbour's element while it may be written
}
__global__ void RaceInsideHelper(int* out) {
  extern __shared__ int ranks[];
  ranks[threadIdx.x] = static_cast<int>(threadIdx.x);
  AddLeftNeighbourUnsynchronised(ranks, threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = ranks[threadIdx.x];
}

// Odd threads wait at cta.sync(), even ones at __syncthreads(): a divergent barrier, named as
// written.
__global__ void ThreadBlockSyncOnOneSide(int* out) {
  namespace cg = cooperative_groups;
  cg::thread_block cta = cg::this_thread_block();
  if (threadIdx.x % 2) {
    cta.sync();  // the odd threads
  } else {
    __syncthreads();  // the even threads
  }
  out[threadIdx.x] = 1;
}

// Tiles of 64 threads in a block of 96: the second tile runs past the end of the block.
__global__ void TileRunsPastTheBlock(int* out) {
  namespace cg = cooperative_groups;
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(cg::this_thread_block());
  tile.sync();
  out[threadIdx.x] = 1;
}

// Integer divisions by zero, and the most negative values divided by -1, of every width: with
// checks off the emulator must give what the H100 gave for these very expressions. The operands
// come from memory so that no compiler folds them.
__global__ void DivisionsByZero(const long long* in, long long* out) {
  const int seven = static_cast<int>(in[0]), zero = static_cast<int>(in[1]);
  const int minus_one = static_cast<int>(in[2]), int_min = static_cast<int>(in[3]);
  const long long seven_ll = in[0], zero_ll = in[1], llong_min = in[4];
  const unsigned seven_u = static_cast<unsigned>(in[0]), zero_u = static_cast<unsigned>(in[1]);
  const unsigned long long seven_ull = static_cast<unsigned long long>(in[0]);
  const unsigned long long zero_ull = static_cast<unsigned long long>(in[1]);
  out[0] = seven / zero;
  out[1] = seven % zero;
  out[2] = -seven / zero;
  out[3] = -seven % zero;
  out[4] = int_min / minus_one;
  out[5] = int_min % minus_one;
  out[6] = seven_u / zero_u;
  out[7] = seven_u % zero_u;
  out[8] = seven_ll / zero_ll;
  out[9] = seven_ll % zero_ll;
  out[10] = -seven_ll / zero_ll;
  out[11] = -seven_ll % zero_ll;
  out[12] = llong_min / minus_one;
  out[13] = llong_min % minus_one;
  out[14] = static_cast<long long>(seven_ull / zero_ull);
  out[15] = static_cast<long long>(seven_ull % zero_ull);
  int q = seven;
  q /= zero;
  out[16] = q;
}

// Block 1 of each cluster forgets to fill its shared memory; block 0 reads it after the
// cluster.sync() that should have ordered the fill before the read.
__global__ void ReadPeerNoThreadWrote(unsigned* out) {
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  extern __shared__ unsigned mine[];
  if (cluster.block_rank() != 1) mine[threadIdx.x] = threadIdx.x;
  cluster.sync();
  unsigned* theirs = cluster.map_shared_rank(mine, (cluster.block_rank() + 1) % 2);
  out[blockIdx.x * blockDim.x + threadIdx.x] = theirs[threadIdx.x];
  cluster.sync();
}

// Thread 0 reads its neighbour's slot before the neighbour writes it, with no barrier between:
// the root cause is the missing barrier, so it must be reported as a race, not as a read of
// unwritten memory.
__global__ void ReadNeighbourWithoutBarrier(int* out) {
  __shared__ int s[64];
  int neighbour = s[(threadIdx.x + 1) % 64];
  s[threadIdx.x] = static_cast<int>(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = neighbour;
}

struct Padded {
  char tag;  // followed by three bytes of padding, which no store writes
  int value;
};

// Shared memory written in ways other than a plain store, all correct: by atomicExch, by a
// struct filled member by member and copied whole, and by a read-modify-write after a store.
__global__ void SharedWrittenOtherThanByStores(int* out) {
  __shared__ int flags[64];
  __shared__ Padded items[64];
  __shared__ int sums[64];
  atomicExch(&flags[threadIdx.x], -1);
  items[threadIdx.x].tag = 'a';
  items[threadIdx.x].value = static_cast<int>(threadIdx.x);
  sums[threadIdx.x] = 1;
  sums[threadIdx.x] += 1;
  __syncthreads();
  Padded copy = items[63 - threadIdx.x];
  out[threadIdx.x] = flags[63 - threadIdx.x] + copy.value + sums[63 - threadIdx.x];
}

// Thread 0 is busy for `cycles` (by the clock) before the barrier, touching memory all the
// while: a slow thread, not a stuck one.
__global__ void SlowFirstThread(int* out, long long cycles) {
  if (threadIdx.x == 0) {
    const long long start = clock64();
    while (clock64() - start < cycles) ++out[0];
  }
  __syncthreads();
  out[threadIdx.x + 1] = 1;
}

// Thread 0 spins on a local variable: it touches no memory the emulator sees, so nothing can be
// thrown into it.
__global__ void SpinInRegisters(int* out) {
  volatile int spin = 0;
  while (spin == 0) {
  }
  out[threadIdx.x] = 1;
}

// A division the translation does not see (it is in a macro's body), by zero in thread d: the
// CPU traps.
#define QUOTIENT(a, b) ((a) / (b))
__global__ void DivideInMacro(int* out, int d) {
  out[threadIdx.x] = QUOTIENT(100, d - static_cast<int>(threadIdx.x));
}

// Thread i reads element i - 1: thread 0 reads the element before the array.
__global__ void ReadOneBefore(const float* in, float* out) {
  const int i = static_cast<int>(threadIdx.x);
  out[i] = in[i - 1];
}

// Thread i reads the i-th group of four floats: for an array whose length is not a multiple of
// four, the last thread's read runs past its end.
__global__ void ReadFloat4s(const float4* in, float* out) {
  const float4 v = in[threadIdx.x];
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}

// Every thread counts into its own cell: with more threads than cells, past the end.
__global__ void CountPerThread(unsigned* counts) { atomicAdd(&counts[threadIdx.x], 1u); }

// out[i] = 2 * in[i] for i < n: in place when `in` and `out` are one array.
__global__ void DoubleBounded(const float* in, float* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = 2.0f * in[i];
}

// Reads of a __constant__ table for the constant-memory counters: each thread reads
// table[index[t]], then, at another line and after a barrier, table[index[t] / 2], then a
// pair of words (an int2) at table[2 * (index[t] % 32)].
__constant__ int lookup_table[64];
__global__ void ReadConstantTable(const int* index, int* out, int n) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  int sum = 0;
  if (t < n) sum += lookup_table[index[t]];
  __syncthreads();
  if (t < n) sum += lookup_table[index[t] / 2];
  if (t < n) {
    const int2 pair = reinterpret_cast<const int2*>(lookup_table)[index[t] % 32];
    sum += pair.x + pair.y;
  }
  if (t < n) out[t] = sum;
}

// Warp 0 stores an accumulator tile to shared memory and warp 1 loads it, with no barrier
// between: the warp matrix functions' accesses are checked like any other.
__global__ void WarpMatrixTileRace(float* out) {
  namespace wmma = nvcuda::wmma;
  __shared__ float tile[16 * 16];
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  if (threadIdx.x < 32) {
    wmma::fill_fragment(acc, 1.0f);
    wmma::store_matrix_sync(tile, acc, 16, wmma::mem_row_major);
  } else {
    wmma::load_matrix_sync(acc, tile, 16, wmma::mem_row_major);
    wmma::store_matrix_sync(out, acc, 16, wmma::mem_row_major);
  }
}

// The block copies a tile, and each warp then waits on its own tile of the block: a tile's wait
// does not complete a copy the whole block made (its threads made only their part of it), so the
// read after it is early. cg::wait(block) is the wait this copy needs.
__global__ void ReadBlockCopyAfterWarpWait(const float* in, float* out) {
  namespace cg = cooperative_groups;
  __shared__ float tile[64];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::memcpy_async(block, tile, in, sizeof(tile));
  cg::wait(warp);
  out[threadIdx.x] = tile[63 - threadIdx.x];
}

// Each thread copies two values through a pipeline of its own, one stage each, and waits for
// the first stage only: its read of the second stage's value is early.
__global__ void ReadSecondThreadStageEarly(const float* in, float* out) {
  __shared__ float staged[2][64];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  for (int s = 0; s < 2; ++s) {
    pipe.producer_acquire();
    cuda::memcpy_async(&staged[s][threadIdx.x], &in[s * 64 + threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
  }
  pipe.consumer_wait();
  out[threadIdx.x] = staged[0][threadIdx.x] + staged[1][threadIdx.x];
}

// Each warp copies two slices and waits with wait_prior<1>(warp), which leaves the last copy in
// flight: the read of the second slice after it is early.
__global__ void ReadSecondTileCopyAfterWaitPrior(const float* in, float* out) {
  namespace cg = cooperative_groups;
  __shared__ float first[64], second[64];
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  const unsigned slice = warp.meta_group_rank() * 32;
  cg::memcpy_async(warp, first + slice, in + slice, sizeof(float) * 32);
  cg::memcpy_async(warp, second + slice, in + 64 + slice, sizeof(float) * 32);
  cg::wait_prior<1>(warp);
  out[threadIdx.x] = first[threadIdx.x] + second[threadIdx.x];
}

// A partitioned pipeline whose consumers also try to produce: a thread that joined as a consumer
// calls producer_acquire(), which the GPU leaves undefined.
__global__ void ConsumerThatProduces(const float* in, float* out) {
  namespace cg = cooperative_groups;
  __shared__ float stage[2][64];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  const bool producer = threadIdx.x < 32;
  cuda::pipeline<cuda::thread_scope_block> pipe =
      cuda::make_pipeline(cg::this_thread_block(), &state,
                          producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
  pipe.producer_acquire();
  cuda::memcpy_async(&stage[0][threadIdx.x], in + threadIdx.x, sizeof(float), pipe);
  pipe.producer_commit();
  out[threadIdx.x] = 0.0f;
}

// A partitioned pipeline of 16 producers whose producers stop after one stage: the consumers
// wait for a second stage no producer commits.
__global__ void ConsumersWaitForMissingStage(const float* in, float* out) {
  namespace cg = cooperative_groups;
  __shared__ float stage[2][64];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  cuda::pipeline<cuda::thread_scope_block> pipe =
      cuda::make_pipeline(cg::this_thread_block(), &state, 16);
  if (threadIdx.x < 16) {
    pipe.producer_acquire();
    cuda::memcpy_async(&stage[0][threadIdx.x * 4], in + threadIdx.x * 4, sizeof(float) * 4, pipe);
    pipe.producer_commit();
    return;
  }
  float sum = 0.0f;
  for (int b = 0; b < 2; ++b) {
    pipe.consumer_wait();
    sum += stage[b][threadIdx.x];
    pipe.consumer_release();
  }
  out[threadIdx.x] = sum;
}

// A block pipeline made again in each round without a __syncthreads() before it: the last thread
// to finish a round makes the next round's pipeline while the others still wait for the last
// round's first stage (which every thread has committed, so they would go on).
__global__ void PipelineMadeAgainWhileInUse(const float* in, float* out) {
  namespace cg = cooperative_groups;
  __shared__ float stage[2][64];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  float sum = 0.0f;
  for (int round = 0; round < 2; ++round) {
    cuda::pipeline<cuda::thread_scope_block> pipe =
        cuda::make_pipeline(cg::this_thread_block(), &state);
    for (int b = 0; b < 2; ++b) {
      pipe.producer_acquire();
      cuda::memcpy_async(&stage[b][threadIdx.x], in + (round * 2 + b) * 64 + threadIdx.x,
                         sizeof(float), pipe);
      pipe.producer_commit();
    }
    for (int b = 0; b < 2; ++b) {
      pipe.consumer_wait();
      sum += stage[b][(threadIdx.x + 1) % 64];
      pipe.consumer_release();
    }
  }
  out[threadIdx.x] = sum;
}
