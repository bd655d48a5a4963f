#pragma once
// Every warp-level primitive with the operands that decide its result: each shuffle mode at every
// width with source lanes and offsets past the warp, votes and matches under partial masks,
// __reduce_*_sync, __activemask in a branch, and the cooperative-groups tiles and coalesced
// groups. Compiled by nvcc for the GPU and translated for the emulator; warp_primitives_test.cpp
// checks both against the rules the CUDA C++ Programming Guide states, written as plain loops.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

namespace cg = cooperative_groups;

// The operand values a shuffle test sweeps: 0-40 reaches past the 32 lanes of a warp.
constexpr int kShuffleOperands = 41;
// Widths 1, 2, 4, 8, 16, 32.
constexpr int kShuffleWidths = 6;

// out[((mode * kShuffleWidths + w) * kShuffleOperands + b) * 32 + lane]: the value lane `lane`
// gets from __shfl{,_up,_down,_xor}_sync (mode 0-3) at width 1 << w with operand b, full mask.
// The value shuffled is a double and a long long alternately, so 8-byte types are covered. The
// number of modes is read from memory: on the emulator, a coroutine per thread.
__global__ void ShuffleEveryMode(long long* out, const int* modes) {
  const int lane = threadIdx.x;
  for (int mode = 0; mode < *modes; ++mode)
    for (int w = 0; w < kShuffleWidths; ++w)
      for (int b = 0; b < kShuffleOperands; ++b) {
        const int width = 1 << w;
        const long long mine = 1000LL * lane + 7;
        long long got = 0;
        if ((b & 1) == 0) {
          const double value = static_cast<double>(mine) + 0.5;
          double r = 0;
          if (mode == 0) r = __shfl_sync(0xffffffffu, value, b, width);
          if (mode == 1) r = __shfl_up_sync(0xffffffffu, value, b, width);
          if (mode == 2) r = __shfl_down_sync(0xffffffffu, value, b, width);
          if (mode == 3) r = __shfl_xor_sync(0xffffffffu, value, b, width);
          got = static_cast<long long>(r - 0.5);
        } else {
          if (mode == 0) got = __shfl_sync(0xffffffffu, mine, b, width);
          if (mode == 1) got = __shfl_up_sync(0xffffffffu, mine, b, width);
          if (mode == 2) got = __shfl_down_sync(0xffffffffu, mine, b, width);
          if (mode == 3) got = __shfl_xor_sync(0xffffffffu, mine, b, width);
        }
        out[((mode * kShuffleWidths + w) * kShuffleOperands + b) * 32 + lane] = got;
      }
}

// The same sweep with the lane operand `(b + lane) % 41` where `own_operands` is set (a long
// long shuffled), else b (a double). The number of modes is a parameter: on the emulator every
// lane reaches each shuffle alike, so the kernel runs as loops over the block's threads, and
// with the checks off a warp's lanes take their results from each lane's own operands, or,
// where the operand is b (uniform), from the first lane's.
__global__ void ShuffleEveryModeAsLoops(long long* out, int modes, int own_operands) {
  const int lane = threadIdx.x;
  for (int mode = 0; mode < modes; ++mode) {
    for (int w = 0; w < kShuffleWidths; ++w) {
      for (int b = 0; b < kShuffleOperands; ++b) {
        const int width = 1 << w;
        const int operand = (b + lane) % kShuffleOperands;
        const long long mine = 1000LL * lane + 7;
        long long got = 0;
        if (own_operands) {
          if (mode == 0) got = __shfl_sync(0xffffffffu, mine, operand, width);
          if (mode == 1) got = __shfl_up_sync(0xffffffffu, mine, operand, width);
          if (mode == 2) got = __shfl_down_sync(0xffffffffu, mine, operand, width);
          if (mode == 3) got = __shfl_xor_sync(0xffffffffu, mine, operand, width);
        } else {
          const double value = static_cast<double>(mine) + 0.25;
          double r = 0;
          if (mode == 0) r = __shfl_sync(0xffffffffu, value, b, width);
          if (mode == 1) r = __shfl_up_sync(0xffffffffu, value, b, width);
          if (mode == 2) r = __shfl_down_sync(0xffffffffu, value, b, width);
          if (mode == 3) r = __shfl_xor_sync(0xffffffffu, value, b, width);
          got = static_cast<long long>(r - 0.25);
        }
        out[((mode * kShuffleWidths + w) * kShuffleOperands + b) * 32 + lane] = got;
      }
    }
  }
}

// Per lane of one warp, with values[lane] as input, 16 results (see warp_primitives_test.cpp):
// votes over the whole warp and over the lanes with lane % 3 == 0 (a partial mask, called only
// by those lanes), matches, the six __reduce_*_sync, __activemask in a branch of lanes < 10,
// and two half-warp shuffles with their own masks.
__global__ void VotesMatchesReductions(const unsigned* values, unsigned* out) {
  const unsigned lane = threadIdx.x;
  const unsigned v = values[lane];
  unsigned* mine = out + 16 * lane;
  mine[0] = __ballot_sync(0xffffffffu, v & 1u);
  mine[1] = __any_sync(0xffffffffu, v > 900u);
  mine[2] = __all_sync(0xffffffffu, v < 1000u);
  const unsigned thirds = 0x49249249u;  // lanes 0, 3, 6, ..., 30
  if (lane % 3 == 0) {
    mine[3] = __ballot_sync(thirds, v & 2u);
    mine[4] = __all_sync(thirds, v & 4u);
  } else {
    mine[3] = mine[4] = 0xdeadu;
  }
  mine[5] = __match_any_sync(0xffffffffu, v % 5u);
  int all_same = -1, differ = -1;
  mine[6] = __match_all_sync(0xffffffffu, 42u, &all_same);
  const unsigned none = __match_all_sync(0xffffffffu, v, &differ);
  mine[7] = none * 100u + static_cast<unsigned>(all_same * 10 + differ);
  mine[8] = __reduce_add_sync(0xffffffffu, v);
  mine[9] = __reduce_min_sync(0xffffffffu, v);
  mine[10] = __reduce_max_sync(0xffffffffu, v);
  mine[11] = __reduce_and_sync(0xffffffffu, v | 0x100u);
  mine[12] = __reduce_or_sync(0xffffffffu, v);
  mine[13] = __reduce_xor_sync(0xffffffffu, v);
  if (lane < 10) {
    mine[14] = __activemask();
  } else {
    mine[14] = 0xdeadu;
  }
  // Two half-warps shuffle independently, each with the mask of its own lanes.
  const unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
  mine[15] = __shfl_down_sync(half, v, 3, 16);
}

// Cooperative groups over blocks of 128 threads, 24 results per thread:
// tiles of 4, 8, 16, 32 (rank, meta rank, reduce with plus, less, greater, bit_xor, inclusive
// and exclusive scans, shfl from rank 1, ballot), tiles of 64 and 128 (sync, shfl from the last
// rank, any, reduce), a coalesced group of the odd lanes (size, rank, shfl from rank 0, packed
// ballot), a labeled partition by lane % 3 (size, rank, sum), and a dynamic tile of 16 (rank).
__global__ void GroupCollectives(const int* values, int* out) {
  cg::thread_block block = cg::this_thread_block();
  const int v = values[blockIdx.x * blockDim.x + threadIdx.x];
  int* mine = out + 24 * (blockIdx.x * blockDim.x + threadIdx.x);

  cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(block);
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  mine[0] = static_cast<int>(t8.thread_rank() * 1000 + t8.meta_group_rank());
  mine[1] = cg::reduce(t8, v, cg::plus<int>());
  mine[2] = cg::reduce(t16, v, cg::less<int>());
  mine[3] = cg::reduce(warp, v, cg::greater<int>());
  mine[4] = cg::reduce(t4, v, cg::bit_xor<int>());
  mine[5] = cg::inclusive_scan(warp, v);
  mine[6] = cg::exclusive_scan(t16, v, cg::plus<int>());
  mine[7] = t16.shfl(v, 1);
  mine[8] = static_cast<int>(t8.ballot(v > 0));
  mine[9] = warp.shfl_xor(v, 5);
  mine[10] = t16.any(v == 7) * 10 + t16.all(v > -100);

  cg::thread_block_tile<64> t64 = cg::tiled_partition<64>(block);
  cg::thread_block_tile<128> t128 = cg::tiled_partition<128>(block);
  t64.sync();
  mine[11] = t64.shfl(v, 63);
  mine[12] = t128.any(v == 99) * 10 + t64.all(v > -100);
  mine[13] = cg::reduce(t128, v, cg::plus<int>());
  mine[14] = static_cast<int>(t64.thread_rank() * 1000 + t64.meta_group_rank());

  if (threadIdx.x % 2 == 1) {
    cg::coalesced_group odd = cg::coalesced_threads();
    mine[15] = static_cast<int>(odd.size() * 1000 + odd.thread_rank());
    mine[16] = odd.shfl(v, 0);
    mine[17] = static_cast<int>(odd.ballot(v > 0));
    odd.sync();
  } else {
    mine[15] = mine[16] = mine[17] = -1;
  }
  cg::coalesced_group third = cg::labeled_partition(cg::coalesced_threads(), threadIdx.x % 3);
  mine[18] = static_cast<int>(third.size() * 1000 + third.thread_rank());
  mine[19] = cg::reduce(third, v, cg::plus<int>());
  cg::thread_group dynamic16 = cg::tiled_partition(block, 16);
  dynamic16.sync();
  mine[20] = static_cast<int>(dynamic16.thread_rank() * 1000 + dynamic16.size());
  mine[21] = static_cast<int>(t8.match_any(v % 3));
  mine[22] = cg::inclusive_scan(t4, v, cg::greater<int>());
  mine[23] = warp.shfl_up(v, 2) + warp.shfl_down(v, 30);
}
