#pragma once
// Chapter 05's problems: for a variant, its inputs, the output the CPU expects and the launch
// shape; the small launch every variant is counted with, and the benchmark's; and a problem's
// run on the current device. Defined in bank_conflicts.cu, beside the kernels' launches. For
// CUDA sources (it names dim3).

#include "bank_conflicts.hpp"

#include "common/device_buffer.hpp"

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bank_conflicts {

/// A variant's problem: its inputs, the expected output, and the launch shape.
struct Problem {
  dim3 grid, block;
  std::size_t shared_bytes = 0;
  int repeats = 0;  ///< Loads per thread (the strided, broadcast and double kernels).
  int n = 0;        ///< The matrix is n x n (the transposes and the copy).
  std::vector<float> input, expected;   ///< float kernels
  std::vector<double> expected_double;  ///< DoubleLoads
};

/// The problem of `v` with `blocks` blocks (reductions, load loops), `repeats` loads per
/// thread (load loops) or an n x n matrix (transposes, copy), on inputs drawn from `seed`.
[[nodiscard]] Problem make_problem(const Variant& v, unsigned blocks, int repeats, int n,
                                   std::uint64_t seed);

/// The counting launch: small enough for the emulator and for Nsight Compute.
[[nodiscard]] Problem counting_problem(const Variant& v, std::uint64_t seed);

/// The benchmark's launch: a full grid of `blocks` blocks (load loops), 2^24 values
/// (reductions) or an n x n matrix (transposes, copy).
[[nodiscard]] Problem benchmark_problem(const Variant& v, unsigned blocks, int n,
                                        std::uint64_t seed);

/// Whether an output equals the problem's expected one.
[[nodiscard]] bool verify(const Problem& p, const std::vector<float>& out,
                          const std::vector<double>& out_double);

/// A problem on the current device: its buffers, its launch, and the check of its output.
class DeviceRun {
 public:
  DeviceRun(const Variant& v, const Problem& p);
  void launch();
  [[nodiscard]] bool verified() const;

 private:
  const Variant& variant_;
  const Problem& problem_;
  tutorial::DeviceBuffer<float> input_;
  tutorial::DeviceBuffer<std::byte> output_;
};

}  // namespace bank_conflicts
