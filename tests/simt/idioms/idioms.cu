// Launches of the idiom kernels on the GPU (<<<>>>) or on the CPU emulator (simt::launch names
// the same kernel symbol; simt_add_kernels() translated the kernel files for it).

#include "idioms.hpp"

#include "helper_kernels.cuh"
#include "histogram_kernels.cuh"
#include "matrix_kernels.cuh"
#include "reduction_kernels.cuh"
#include "scan_kernels.cuh"
#include "sort_kernels.cuh"
#include "stencil_kernels.cuh"
#include "warp_kernels.cuh"

#include "simt/backend_launch.hpp"

#include <simt/launch.hpp>

#include <numeric>
#include <stdexcept>
#include <utility>

namespace idioms {

namespace {

using tutorial::BackendArray;
using tutorial::launch_on;

unsigned blocks_for(std::size_t n, std::size_t per_block) {
  return static_cast<unsigned>((n + per_block - 1) / per_block);
}

}  // namespace

float reduce(Backend backend, Reduction kernel, std::span<const float> in) {
  const auto n = static_cast<unsigned>(in.size());
  BackendArray<float> d_in(backend, in);
  if (kernel == Reduction::single_pass) {
    const unsigned blocks = 16;
    BackendArray<float> partial(backend, blocks), total(backend, 1);
    launch_on(backend, {blocks, 256}, reduceSinglePass<256>, d_in.data(), partial.data(),
              total.data(), n);
    return total.read()[0];
  }
  unsigned threads = 256, per_block = 256, blocks = 0;
  void (*chosen)(const float*, float*, unsigned) = nullptr;
  switch (kernel) {
    case Reduction::interleaved: chosen = reduceInterleaved<float>; break;
    case Reduction::first_add_during_load:
      chosen = reduceFirstAddDuringLoad<float>, per_block = 512;
      break;
    case Reduction::unrolled_128: chosen = reduceUnrolled<128, float>, threads = 128; break;
    case Reduction::unrolled_256: chosen = reduceUnrolled<256, float>; break;
    case Reduction::unrolled_512: chosen = reduceUnrolled<512, float>, threads = 512; break;
    case Reduction::multiple_per_thread_pow2:
      chosen = reduceMultiplePerThread<256, true, float>, blocks = 8;
      break;
    case Reduction::multiple_per_thread:
      chosen = reduceMultiplePerThread<256, false, float>, blocks = 8;
      break;
    case Reduction::single_pass: break;
  }
  if (kernel == Reduction::unrolled_128 || kernel == Reduction::unrolled_256 ||
      kernel == Reduction::unrolled_512)
    per_block = 2 * threads;
  if (blocks == 0) blocks = std::max(1u, blocks_for(n, per_block));
  BackendArray<float> sums(backend, blocks);
  launch_on(backend, {blocks, threads, threads * sizeof(float)}, chosen, d_in.data(), sums.data(),
            n);
  const std::vector<float> s = sums.read();
  return std::accumulate(s.begin(), s.end(), 0.0f);
}

int reduce_ints(Backend backend, std::span<const int> in) {
  const auto n = static_cast<unsigned>(in.size());
  const unsigned blocks = std::max(1u, blocks_for(n, 256));
  BackendArray<int> d_in(backend, in), sums(backend, blocks);
  launch_on(backend, {blocks, 256, 256 * sizeof(int)}, reduceInterleaved<int>, d_in.data(),
            sums.data(), n);
  const std::vector<int> s = sums.read();
  return std::accumulate(s.begin(), s.end(), 0);
}

std::vector<float> multiply(Backend backend, int tile, int hA, int wA, int wB,
                            std::span<const float> A, std::span<const float> B) {
  BackendArray<float> a(backend, A), b(backend, B), c(backend, static_cast<std::size_t>(hA) * wB);
  const dim3 grid(static_cast<unsigned>(wB / tile), static_cast<unsigned>(hA / tile));
  const dim3 block(static_cast<unsigned>(tile), static_cast<unsigned>(tile));
  if (tile == 16)
    launch_on(backend, {grid, block}, MatrixMulTiled<16>, c.data(), a.data(), b.data(), wA, wB);
  else if (tile == 32)
    launch_on(backend, {grid, block}, MatrixMulTiled<32>, c.data(), a.data(), b.data(), wA, wB);
  else
    throw std::invalid_argument("multiply: tiles of 16 or 32");
  return c.read();
}

std::vector<float> transpose(Backend backend, int rows, int cols, std::span<const float> in) {
  BackendArray<float> d_in(backend, in), out(backend, in.size(), -1.0f);
  const dim3 grid(blocks_for(static_cast<std::size_t>(cols), TILE_DIM),
                  blocks_for(static_cast<std::size_t>(rows), TILE_DIM));
  launch_on(backend, {grid, dim3(TILE_DIM, BLOCK_ROWS)}, TransposePadded, out.data(), d_in.data(),
            rows, cols);
  return out.read();
}

std::vector<float> multiply_vector(Backend backend, int rows, int cols, std::span<const float> A,
                                   std::span<const float> x) {
  BackendArray<float> a(backend, A), d_x(backend, x),
      y(backend, static_cast<std::size_t>(rows), -1.0f);
  const unsigned threads = 128;
  launch_on(backend,
            {blocks_for(static_cast<std::size_t>(rows), threads), threads, threads * sizeof(float)},
            MatVecSharedSlices, y.data(), a.data(), d_x.data(), rows, cols);
  return y.read();
}

std::vector<float> scan_one_block(Backend backend, std::span<const float> in) {
  const auto n = static_cast<int>(in.size());
  BackendArray<float> d_in(backend, in), out(backend, in.size(), -1.0f);
  const unsigned threads = 32 * blocks_for(in.size(), 32);
  launch_on(backend, {1, threads, 2 * in.size() * sizeof(float)}, ScanNaive, out.data(),
            d_in.data(), n);
  return out.read();
}

BlockScans scan_blocks(Backend backend, unsigned threads, std::span<const int> in) {
  const unsigned blocks = static_cast<unsigned>(in.size() / (2 * threads));
  BackendArray<int> d_in(backend, in), out(backend, in.size(), -1), totals(backend, blocks, -1);
  launch_on(backend, {blocks, threads, 2 * threads * sizeof(int)}, ScanWorkEfficient, out.data(),
            d_in.data(), totals.data());
  return {out.read(), totals.read()};
}

std::vector<unsigned> sort_blocks(Backend backend, unsigned threads,
                                  std::span<const unsigned> keys) {
  BackendArray<unsigned> d_keys(backend, keys);
  launch_on(
      backend,
      {static_cast<unsigned>(keys.size() / (2 * threads)), threads, 2 * threads * sizeof(unsigned)},
      BitonicSortShared, d_keys.data());
  return d_keys.read();
}

std::vector<unsigned> byte_histogram(Backend backend, std::span<const unsigned> words) {
  BackendArray<unsigned> d_words(backend, words), hist(backend, 256, 0u);
  const int vectors = static_cast<int>(words.size() / 4);
  launch_on(backend, {8, 128}, HistogramSharedAtomics, hist.data(),
            reinterpret_cast<const uint4*>(d_words.data()), vectors);
  return hist.read();
}

std::vector<unsigned> top_bits_histogram(Backend backend, unsigned blocks,
                                         std::span<const unsigned> words) {
  BackendArray<unsigned> d_words(backend, words), partial(backend, 64 * blocks, 0u);
  launch_on(backend, {blocks, BYTE_COUNTER_THREADS}, HistogramByteCounters, partial.data(),
            d_words.data(), static_cast<int>(words.size()));
  const std::vector<unsigned> p = partial.read();
  std::vector<unsigned> hist(64, 0);
  for (unsigned b = 0; b < blocks; ++b)
    for (unsigned bin = 0; bin < 64; ++bin) hist[bin] += p[b * 64 + bin];
  return hist;
}

std::vector<float> stencil(Backend backend, std::span<const float> in) {
  BackendArray<float> d_in(backend, in), out(backend, in.size(), -1.0f);
  // One block more than needed: it lies wholly past the end and returns at once.
  launch_on(backend, {blocks_for(in.size(), STENCIL_BLOCK) + 1, STENCIL_BLOCK}, Stencil1D,
            d_in.data(), out.data(), static_cast<int>(in.size()));
  return out.read();
}

std::vector<int> sums_of_squares(Backend backend, unsigned threads, std::span<const int> in) {
  const auto blocks = static_cast<unsigned>(in.size() / threads);
  BackendArray<int> d_in(backend, in), out(backend, blocks, -1);
  launch_on(backend, {blocks, threads, threads * sizeof(int)}, SumOfSquaresThroughHelpers,
            d_in.data(), out.data());
  return out.read();
}

std::vector<int> group_sums(Backend backend, unsigned threads, std::span<const int> in) {
  const auto blocks = static_cast<unsigned>(in.size() / threads);
  BackendArray<int> d_in(backend, in), out(backend, blocks, -1);
  launch_on(backend, {blocks, threads, threads * sizeof(int)}, GroupSumOfBlock, d_in.data(),
            out.data());
  return out.read();
}

Kept keep_above(Backend backend, unsigned threads, std::span<const int> in, int threshold) {
  const auto blocks = static_cast<unsigned>(in.size() / threads);
  BackendArray<int> d_in(backend, in), counts(backend, blocks, -1);
  BackendArray<int2> kept(backend, in.size(), make_int2(-1, -1));
  launch_on(backend, {blocks, threads}, KeepAboveThreshold, d_in.data(), kept.data(), counts.data(),
            threshold);
  Kept result{{}, counts.read()};
  const std::vector<int2> k = kept.read();
  for (unsigned b = 0; b < blocks; ++b) {
    result.pairs.emplace_back();
    for (int i = 0; i < result.counts[b]; ++i) {
      const int2 p = k[b * threads + static_cast<unsigned>(i)];
      result.pairs.back().emplace_back(p.x, p.y);
    }
  }
  return result;
}

float maximum(Backend backend, std::span<const float> in) {
  BackendArray<float> d_in(backend, in), result(backend, 1, -INFINITY);
  launch_on(backend, {4, 256}, MaxOfAll, d_in.data(), result.data(), static_cast<int>(in.size()));
  return result.read()[0];
}

int shuffle_sum(Backend backend, std::span<const int> in) {
  BackendArray<int> d_in(backend, in), total(backend, 1, 0);
  launch_on(backend, {8, 256}, deviceReduceWarpAtomicKernel, d_in.data(), total.data(),
            static_cast<int>(in.size()));
  return total.read()[0];
}

std::vector<int> block_inclusive_scans(Backend backend, unsigned threads, std::span<const int> in) {
  BackendArray<int> d_in(backend, in), out(backend, in.size());
  launch_on(backend, {static_cast<unsigned>(in.size() / threads), threads}, BlockInclusiveScan,
            d_in.data(), out.data());
  return out.read();
}

std::vector<int> compact_positive(Backend backend, std::span<const int> in) {
  BackendArray<int> d_in(backend, in), out(backend, in.size()), count(backend, 1, 0);
  const auto n = static_cast<int>(in.size());
  launch_on(backend, {blocks_for(in.size(), 128), 128}, CompactPositive, d_in.data(), out.data(),
            count.data(), n);
  std::vector<int> kept = out.read();
  kept.resize(static_cast<std::size_t>(count.read()[0]));
  return kept;
}

std::vector<int> tile_sums(Backend backend, int tile, std::span<const int> in) {
  BackendArray<int> d_in(backend, in), out(backend, in.size() / static_cast<std::size_t>(tile));
  const auto kernel = tile == 8 ? TileSums<8> : tile == 16 ? TileSums<16> : TileSums<32>;
  launch_on(backend, {static_cast<unsigned>(in.size() / 128), 128}, kernel, d_in.data(),
            out.data());
  return out.read();
}

std::vector<int> filter_with_aggregated_counter(Backend backend, std::span<const int> in) {
  BackendArray<int> d_in(backend, in), out(backend, in.size()), count(backend, 1, 0);
  launch_on(backend, {blocks_for(in.size(), 128), 128}, FilterWithAggregatedCounter, d_in.data(),
            out.data(), count.data(), static_cast<int>(in.size()));
  std::vector<int> kept = out.read();
  kept.resize(static_cast<std::size_t>(count.read()[0]));
  return kept;
}

}  // namespace idioms
