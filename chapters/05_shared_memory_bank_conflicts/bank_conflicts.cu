// Chapter 05's launches, as the CUDA runtime API writes them: every access pattern launched with
// <<<>>>, verified against the CPU, and in the sample's CPU build counted by the emulator; then
// the configuration: each variant's problem (inputs, expected output, launch shape), name and
// kernel. nvcc builds this file for the GPU; simt translates the very same file for the CPU
// emulator. The benchmark is in benchmark.cu.

#include "bank_conflicts.hpp"
#include "bank_conflicts_kernels.cuh"
#include "problems.hpp"

#include "common/cuda_check.hpp"
#include "common/random_inputs.hpp"

#include <algorithm>
#include <numeric>

namespace bank_conflicts {

namespace {

using Kind = Variant::Kind;

// [doc:launch]
void launch(const Variant& v, const Problem& p, const float* in, void* out) {
  const dim3 grid = p.grid, block = p.block;
  const std::size_t shared = p.shared_bytes;
  float* f = static_cast<float*>(out);
  switch (v.kind) {
    case Kind::reduce_interleaved: ReduceInterleaved<<<grid, block, shared>>>(in, f); break;
    case Kind::reduce_sequential: ReduceSequential<<<grid, block, shared>>>(in, f); break;
    case Kind::reduce_shuffle: ReduceWithShuffles<<<grid, block, shared>>>(in, f); break;
    case Kind::strided: StridedLoads<<<grid, block>>>(f, v.parameter, p.repeats); break;
    case Kind::broadcast: BroadcastLoads<<<grid, block>>>(f, p.repeats); break;
    case Kind::doubles: DoubleLoads<<<grid, block>>>(static_cast<double*>(out), p.repeats); break;
    case Kind::transpose: TransposeThroughTile<<<grid, block>>>(in, f, p.n, v.parameter); break;
    case Kind::transpose64: TransposeThroughTile64<<<grid, block>>>(in, f, p.n); break;
    case Kind::copy: CopyThroughTile<<<grid, block>>>(in, f, p.n); break;
  }
  CUDA_CHECK(cudaGetLastError());
}
// [doc:launch]

}  // namespace

DeviceRun::DeviceRun(const Variant& v, const Problem& p)
    : variant_(v),
      problem_(p),
      input_(std::max<std::size_t>(1, p.input.size())),
      output_(std::max(p.expected.size(), p.expected_double.size()) *
              (p.expected_double.empty() ? sizeof(float) : sizeof(double))) {
  if (!p.input.empty()) input_.copy_from(p.input);
}

void DeviceRun::launch() {
  bank_conflicts::launch(variant_, problem_, input_.get(), output_.get());
}

bool DeviceRun::verified() const {
  std::vector<float> out(problem_.expected.size());
  std::vector<double> out_double(problem_.expected_double.size());
  if (!out.empty())
    CUDA_CHECK(
        cudaMemcpy(out.data(), output_.get(), out.size() * sizeof(float), cudaMemcpyDeviceToHost));
  if (!out_double.empty())
    CUDA_CHECK(cudaMemcpy(out_double.data(), output_.get(), out_double.size() * sizeof(double),
                          cudaMemcpyDeviceToHost));
  return verify(problem_, out, out_double);
}

CountedRun run_counting_launch(const Variant& v, std::uint64_t seed) {
  const Problem p = counting_problem(v, seed);
  DeviceRun run(v, p);
  {
    const tutorial::AccessCounting counting;  // the CPU build's emulator counts this launch
    run.launch();
  }
  return {run.verified(), tutorial::last_launch_shared_accesses()};
}

// The configuration: each variant's problem, name and kernel, and the chapter's variants.

namespace {

constexpr unsigned threads = 256;

// Small integers, so that every sum is exact in float whatever the order.
std::vector<float> small_integers(std::size_t count, std::uint64_t seed) {
  return tutorial::random_integers<float>(count, seed, -8, 8);
}

// What thread t of the strided, broadcast or double kernels sums.
double expected_loads(const Variant& v, unsigned t, int repeats) {
  const int lane = static_cast<int>(t % 32);
  double sum = 0;
  for (int r = 0; r < repeats; r += kLoadsPerIteration)
    for (int k = 0; k < kLoadsPerIteration; ++k) {
      const int index = v.kind == Kind::strided     ? lane * v.parameter + k * 32
                        : v.kind == Kind::broadcast ? k * 32
                                                    : lane + k * 32;
      sum += index % 7;
    }
  return sum;
}

}  // namespace

Problem make_problem(const Variant& v, unsigned blocks, int repeats, int n, std::uint64_t seed) {
  Problem p;
  p.repeats = repeats;
  p.n = n;
  switch (v.kind) {
    case Kind::reduce_interleaved:
    case Kind::reduce_sequential:
    case Kind::reduce_shuffle:
      p.grid = blocks;
      p.block = threads;
      p.shared_bytes = threads * sizeof(float);
      p.input = small_integers(std::size_t{blocks} * threads, seed);
      for (unsigned b = 0; b < blocks; ++b)
        p.expected.push_back(std::accumulate(p.input.begin() + b * threads,
                                             p.input.begin() + (b + 1) * threads, 0.0f));
      break;
    case Kind::strided:
    case Kind::broadcast:
    case Kind::doubles:
      p.grid = blocks;
      p.block = threads;
      {
        double per_lane[32];  // a thread's sum depends only on its lane
        for (unsigned lane = 0; lane < 32; ++lane)
          per_lane[lane] = expected_loads(v, lane, repeats);
        for (unsigned t = 0; t < blocks * threads; ++t) {
          if (v.kind == Kind::doubles)
            p.expected_double.push_back(per_lane[t % 32]);
          else
            p.expected.push_back(static_cast<float>(per_lane[t % 32]));
        }
      }
      break;
    case Kind::transpose:
    case Kind::transpose64:
    case Kind::copy: {
      const unsigned tile = v.kind == Kind::transpose64 ? 64 : 32;
      p.grid = dim3(static_cast<unsigned>(n) / tile, static_cast<unsigned>(n) / tile);
      p.block = dim3(tile, 8);
      p.input = small_integers(static_cast<std::size_t>(n) * n, seed);
      p.expected.resize(p.input.size());
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x)
          p.expected[static_cast<std::size_t>(y) * n + x] =
              v.kind == Kind::copy ? p.input[static_cast<std::size_t>(y) * n + x]
                                   : p.input[static_cast<std::size_t>(x) * n + y];
      break;
    }
  }
  return p;
}

bool verify(const Problem& p, const std::vector<float>& out,
            const std::vector<double>& out_double) {
  return p.expected_double.empty() ? out == p.expected : out_double == p.expected_double;
}

Problem counting_problem(const Variant& v, std::uint64_t seed) {
  const bool reduction = v.kind == Kind::reduce_interleaved || v.kind == Kind::reduce_sequential ||
                         v.kind == Kind::reduce_shuffle;
  return make_problem(v, reduction ? 4 : 1, kLoadsPerIteration, 64, seed);
}

Problem benchmark_problem(const Variant& v, unsigned blocks, int n, std::uint64_t seed) {
  // 16,384 loads per thread, so that the fill, the launch and the tail of the grid are a small
  // part of the time even at stride 1.
  if (v.kind == Kind::strided || v.kind == Kind::broadcast || v.kind == Kind::doubles)
    return make_problem(v, blocks, 256 * kLoadsPerIteration, 0, seed);
  if (v.kind == Kind::transpose || v.kind == Kind::transpose64 || v.kind == Kind::copy)
    return make_problem(v, 0, 0, n, seed);
  return make_problem(v, 65536, 0, 0, seed);  // 2^24 values to reduce
}

std::string Variant::name() const {
  switch (kind) {
    case Kind::reduce_interleaved: return "reduction, interleaved";
    case Kind::reduce_sequential: return "reduction, sequential";
    case Kind::reduce_shuffle: return "reduction, warp shuffles";
    case Kind::strided: return "stride " + std::to_string(parameter);
    case Kind::broadcast: return "broadcast";
    case Kind::doubles: return "double, stride 1";
    case Kind::transpose: return "transpose, pitch " + std::to_string(parameter);
    case Kind::transpose64: return "transpose 64x64, pitch 65";
    case Kind::copy: return "tiled copy";
  }
  return {};
}

std::string Variant::kernel() const {
  switch (kind) {
    case Kind::reduce_interleaved: return "ReduceInterleaved";
    case Kind::reduce_sequential: return "ReduceSequential";
    case Kind::reduce_shuffle: return "ReduceWithShuffles";
    case Kind::strided: return "StridedLoads";
    case Kind::broadcast: return "BroadcastLoads";
    case Kind::doubles: return "DoubleLoads";
    case Kind::transpose: return "TransposeThroughTile";
    case Kind::transpose64: return "TransposeThroughTile64";
    case Kind::copy: return "CopyThroughTile";
  }
  return {};
}

std::vector<Variant> variants(const std::vector<int>& strides) {
  std::vector<Variant> all{
      {Kind::reduce_interleaved}, {Kind::reduce_sequential}, {Kind::reduce_shuffle}};
  for (int s : strides) all.push_back({Kind::strided, s});
  all.push_back({Kind::broadcast});
  all.push_back({Kind::doubles});
  all.push_back({Kind::transpose, 32});
  all.push_back({Kind::transpose, 33});
  all.push_back({Kind::transpose64});
  all.push_back({Kind::copy});
  return all;
}

}  // namespace bank_conflicts
