#pragma once
// Chapter 08's launches (memory_spaces.cu), one function per memory space, each running the
// chapter's kernels on the current device (the GPU, or in the sample's CPU build the emulator);
// then the CPU references its results are checked against.

#include "memory_spaces_shape.hpp"

#include "common/device.hpp"
#include "common/emulated_counters.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace memory_spaces {

inline constexpr unsigned threads_per_block = 256;

// --- Local memory ------------------------------------------------------------------------------

/// @brief Where a thread keeps its private histogram.
enum class Histogram { local_memory, registers };
inline constexpr Histogram all_histograms[] = {Histogram::local_memory, Histogram::registers};

/// @brief What ptxas decided for a kernel, as cudaFuncGetAttributes reports it.
struct KernelResources {
  int registers = 0;            ///< Registers per thread.
  std::size_t local_bytes = 0;  ///< Local memory per thread (the stack frame and spills).
};

/// @brief For each of `threads` threads, the sum of the squared counts of its kStrip values
/// (`in` holds kStrip rows of `threads` values) in kBins bins by value % kBins.
[[nodiscard]] std::vector<unsigned> pairs_per_thread(Histogram where, std::span<const unsigned> in,
                                                     int threads);
/// @brief The kernel's registers and local memory on the GPU; nothing on the emulator, where no
/// compiler allocates registers.
[[nodiscard]] std::optional<KernelResources> kernel_resources(Histogram where);

// --- Constant memory ---------------------------------------------------------------------------

/// @brief How the lanes of a warp walk through the filter's coefficients.
enum class TapAccess { uniform, divergent };
inline constexpr TapAccess all_tap_accesses[] = {TapAccess::uniform, TapAccess::divergent};

/// @brief The filter's output, and on the emulator how its reads of the taps reached the
/// constant cache: warp-wide requests, and the distinct words they asked for (each served on
/// its own).
struct FilterRun {
  std::vector<float> out;
  std::optional<tutorial::ConstantReads> traffic;
};
/// @brief out[i] = sum over k of taps[k] * in[i + k], for the in.size() - kTaps + 1 outputs,
/// with the kTaps coefficients copied to constant memory first.
[[nodiscard]] FilterRun filter(TapAccess access, std::span<const float> taps,
                               std::span<const float> in);

// --- Texture memory ----------------------------------------------------------------------------

/// @brief What the texels are and where they live.
enum class Texels {
  float_array,             ///< float texels in a cudaArray, read as they are.
  float_pitched,           ///< float texels in pitched linear memory, read as they are.
  uchar_array_normalized,  ///< 8-bit texels in a cudaArray, read as floats in [0, 1].
};
enum class Filter { point, linear };
enum class Address { wrap, clamp, mirror, border };

/// @brief One way of sampling the image.
struct Sampling {
  Texels texels;
  Filter filter;
  Address address;
  bool normalized_coordinates;
};
/// @brief The ways the sample reads its image: every address mode with normalised coordinates,
/// both filters, both kinds of storage, and 8-bit texels read as normalised floats.
inline constexpr Sampling all_samplings[] = {
    {Texels::float_array, Filter::linear, Address::wrap, true},
    {Texels::float_array, Filter::linear, Address::clamp, true},
    {Texels::float_array, Filter::linear, Address::mirror, true},
    {Texels::float_array, Filter::linear, Address::border, true},
    {Texels::float_pitched, Filter::point, Address::clamp, false},
    {Texels::uchar_array_normalized, Filter::linear, Address::wrap, true},
};

/// @brief A square image of `size` x `size` texels (size a power of two, so that every
/// coordinate the kernel computes is exact in float), values in [-1, 1), row after row.
struct Image {
  int size = 0;
  std::vector<float> values;
};
/// @brief The image's values as 8-bit texels: round((v + 1) * 127.5).
[[nodiscard]] std::vector<unsigned char> as_bytes(std::span<const float> values);

/// @brief The image resampled to `output` x `output` pixels (1, 2 or 4 times its size, which
/// keeps every filter weight exact in 8 bits) spanning texture coordinates -0.25 to 1.25 of the
/// image, so that a quarter of the picture on each side lies outside it.
[[nodiscard]] std::vector<float> resample(const Image& image, Sampling sampling, int output);
/// @brief How far a result may lie from the reference: the GPU's float filtering rounds its
/// sum differently (one ulp), and it filters 8-bit texels in 16-bit fixed point.
[[nodiscard]] double resample_tolerance(Sampling sampling);

// --- Unified memory ----------------------------------------------------------------------------

/// @brief How the data gets to the GPU and back.
enum class Transfer { explicit_copies, managed_on_demand, managed_prefetched };
inline constexpr Transfer all_transfers[] = {Transfer::explicit_copies, Transfer::managed_on_demand,
                                             Transfer::managed_prefetched};

/// @brief data[i] * factor + offset for every element, computed in place by one kernel.
[[nodiscard]] std::vector<float> scale_in_place(Transfer transfer, std::span<const float> data,
                                                float factor, float offset);

// --- Compute capability ------------------------------------------------------------------------

/// @brief The sum of each warp's 32 values, and the path the kernel was compiled to take: the
/// __CUDA_ARCH__ it saw (800 and up: __reduce_add_sync), or 0 (shuffles).
struct WarpSumResult {
  std::vector<unsigned> sums;
  int path_taken = -1;
};
/// @brief `in.size()` must be a multiple of threads_per_block.
[[nodiscard]] WarpSumResult warp_sums(std::span<const unsigned> in);
/// @brief The current device's compute capability: the GPU's, or the one the emulator imitates
/// (9.0 unless its settings say otherwise).
[[nodiscard]] tutorial::ComputeCapability current_capability();

// --- Inputs, names and references --------------------------------------------------------------

[[nodiscard]] std::string describe(Histogram where);
[[nodiscard]] std::string describe(TapAccess access);
[[nodiscard]] std::string describe(Sampling sampling);
[[nodiscard]] std::string describe(Transfer transfer);

[[nodiscard]] std::vector<unsigned> reference_pairs_per_thread(std::span<const unsigned> in,
                                                               int threads);
[[nodiscard]] std::vector<float> reference_filter(std::span<const float> taps,
                                                  std::span<const float> in);
[[nodiscard]] std::vector<float> reference_resample(const Image& image, Sampling sampling,
                                                    int output);
[[nodiscard]] std::vector<float> reference_scale(std::span<const float> data, float factor,
                                                 float offset);
[[nodiscard]] std::vector<unsigned> reference_warp_sums(std::span<const unsigned> in);

}  // namespace memory_spaces
