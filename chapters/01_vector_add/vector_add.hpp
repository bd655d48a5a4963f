#pragma once
// Chapter 01's kernel library: C = A + B. The same sources are built twice: for the GPU (nvcc)
// and for the CPU emulator (simt); a program links one of the two.

#include "common/bandwidth_report.hpp"
#include "common/timing.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace vector_add {

/// Which kernel of vector_add_kernels.cuh to launch.
enum class Variant {
  one_block,   ///< VecAdd<<<1, N>>>: the guide's first kernel, N <= 1024.
  bounded,     ///< VecAddBounded: many blocks, bounds check, any n.
  vectorized,  ///< VecAddFloat4: 16-byte loads and stores, for memory bandwidth.
};

/// Threads per block of the multi-block kernels.
inline constexpr unsigned threads_per_block = 256;
/// The most elements VecAdd<<<1, N>>> can add: a block has at most 1024 threads.
inline constexpr long long max_threads_per_block = 1024;

/// The kernel's name and launch shape, as printed: "VecAddBounded<<<3907, 256>>>".
[[nodiscard]] std::string describe_launch(Variant variant, long long n);

/// c = a + b with `variant`: copies a and b to device memory, launches, copies c back. Spans
/// have equal sizes; one_block needs at most 1024 elements.
void add(Variant variant, std::span<const float> a, std::span<const float> b, std::span<float> c);

/// Launches VecAdd<<<1, 2048>>>, past the 1024-thread block limit, and returns the message
/// CUDA_CHECK(cudaGetLastError()) throws: the demonstration that the check catches launch errors
/// in Release builds.
[[nodiscard]] std::string launch_error_for_oversized_block();

/// Times the device-to-device copy (the ceiling) and the multi-block kernels at n elements,
/// each timed result checked against reference_add.
[[nodiscard]] std::vector<tutorial::BandwidthRow> benchmark(long long n, std::uint64_t seed,
                                                            tutorial::TimingPolicy policy);

/// The chapter's CPU reference, which every result is held to: a plain loop, obviously
/// correct and independent of the kernels.
[[nodiscard]] std::vector<float> reference_add(std::span<const float> a, std::span<const float> b);

}  // namespace vector_add
