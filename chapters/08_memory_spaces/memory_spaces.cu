// Chapter 08's host code, as the CUDA runtime API writes it: every kernel launched with <<<>>>,
// the filter's taps copied with cudaMemcpyToSymbol, textures created with
// cudaCreateTextureObject, managed memory from cudaMallocManaged; then the names and the CPU
// references. nvcc builds this file for the GPU; simt translates the very same file for the CPU
// emulator (the sample's CPU build).

#include "kernel_pointers.hpp"
#include "memory_spaces.hpp"
#include "memory_spaces_kernels.cuh"
#include "texture_image.hpp"

#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/random_inputs.hpp"

#include <algorithm>
#include <cmath>

namespace memory_spaces {

PairsKernel pairs_kernel(Histogram where) {
  return where == Histogram::local_memory ? PairsPerThreadLocal : PairsPerThreadRegisters;
}

FilterKernel filter_kernel(TapAccess access) {
  return access == TapAccess::uniform ? FilterUniformTaps : FilterDivergentTaps;
}

ResampleKernel resample_kernel() { return Resample; }

ScaleKernel scale_kernel() { return ScaleInPlace; }

void set_taps(std::span<const float> coefficients) {
  // [doc:copy-to-symbol]
  CUDA_CHECK(cudaMemcpyToSymbol(taps, coefficients.data(), sizeof(taps)));
  // [doc:copy-to-symbol]
}

void prefetch_to_device(const void* managed, std::size_t bytes) {
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaMemPrefetchAsync(managed, bytes,
                                  cudaMemLocation{cudaMemLocationTypeDevice, device}, 0, 0));
}

unsigned blocks_for(std::size_t threads) {
  return static_cast<unsigned>((threads + threads_per_block - 1) / threads_per_block);
}

Mapping coordinate_mapping(int size, int output, bool normalized) {
  const float extent = normalized ? 1.0f : static_cast<float>(size);
  return {1.5f * extent / static_cast<float>(output), -0.25f * extent};
}

cudaTextureDesc texture_description(Sampling sampling) {
  cudaTextureDesc desc{};
  const cudaTextureAddressMode modes[] = {cudaAddressModeWrap, cudaAddressModeClamp,
                                          cudaAddressModeMirror, cudaAddressModeBorder};
  desc.addressMode[0] = desc.addressMode[1] = modes[static_cast<int>(sampling.address)];
  desc.filterMode = sampling.filter == Filter::linear ? cudaFilterModeLinear : cudaFilterModePoint;
  desc.normalizedCoords = sampling.normalized_coordinates ? 1 : 0;
  desc.readMode = sampling.texels == Texels::uchar_array_normalized ? cudaReadModeNormalizedFloat
                                                                    : cudaReadModeElementType;
  // The border colour stays 0: outside the image a border-addressed fetch reads zeros.
  return desc;
}

namespace {

template <class T>
std::vector<float> resample_texels(std::span<const T> texels, int size, int output,
                                   const cudaTextureDesc& desc, TexelStorage storage) {
  const auto n = static_cast<std::size_t>(size), pixels = static_cast<std::size_t>(output);
  const TextureImage<T> texture(texels, n, n, desc, storage);
  tutorial::DeviceBuffer<float> out(pixels * pixels);
  const Mapping m = coordinate_mapping(size, output, desc.normalizedCoords != 0);
  // 16 x 16 threads: neighbouring threads sample neighbouring texels, which the texture cache,
  // laid out for 2-D locality, keeps together.
  const dim3 block(16, 16), grid((output + 15) / 16, (output + 15) / 16);
  Resample<<<grid, block>>>(texture.object(), out.get(), output, output, m.scale, m.offset);
  CUDA_CHECK(cudaGetLastError());
  return out.to_host();
}

}  // namespace

std::vector<unsigned> pairs_per_thread(Histogram where, std::span<const unsigned> in, int threads) {
  const tutorial::DeviceBuffer<unsigned> d_in(in);
  tutorial::DeviceBuffer<unsigned> d_out(static_cast<std::size_t>(threads));
  pairs_kernel(where)<<<blocks_for(std::size_t(threads)), threads_per_block>>>(
      d_in.get(), d_out.get(), threads);
  CUDA_CHECK(cudaGetLastError());
  return d_out.to_host();
}

std::optional<KernelResources> kernel_resources(Histogram where) {
  cudaFuncAttributes attributes{};
  CUDA_CHECK(cudaFuncGetAttributes(&attributes, pairs_kernel(where)));
  // No compiler allocates registers for the emulator's kernels: it reports none, and the sample
  // claims no figure.
  if (attributes.numRegs == 0) return std::nullopt;
  return KernelResources{attributes.numRegs, attributes.localSizeBytes};
}

FilterRun filter(TapAccess access, std::span<const float> coefficients, std::span<const float> in) {
  const std::size_t n = in.size() - kTaps + 1;
  set_taps(coefficients);
  const tutorial::DeviceBuffer<float> d_in(in);
  tutorial::DeviceBuffer<float> d_out(n);
  const tutorial::AccessCounting counting;  // the CPU build's emulator counts the taps' reads
  filter_kernel(access)<<<blocks_for(n), threads_per_block>>>(d_in.get(), d_out.get(),
                                                              static_cast<int>(n));
  CUDA_CHECK(cudaGetLastError());
  return {d_out.to_host(), tutorial::last_launch_constant_reads()};
}

std::vector<float> resample(const Image& image, Sampling sampling, int output) {
  const cudaTextureDesc desc = texture_description(sampling);
  const auto storage =
      sampling.texels == Texels::float_pitched ? TexelStorage::pitched : TexelStorage::array;
  if (sampling.texels != Texels::uchar_array_normalized)
    return resample_texels<float>(image.values, image.size, output, desc, storage);
  const std::vector<unsigned char> bytes = as_bytes(image.values);
  return resample_texels<unsigned char>(bytes, image.size, output, desc, storage);
}

std::vector<float> scale_in_place(Transfer transfer, std::span<const float> data, float factor,
                                  float offset) {
  const std::size_t n = data.size();
  const auto count = static_cast<int>(n);
  if (transfer == Transfer::explicit_copies) {
    // Two memories: the runtime copies the data in, the kernel runs, the runtime copies it out.
    const tutorial::DeviceBuffer<float> values(data);
    ScaleInPlace<<<blocks_for(n), threads_per_block>>>(values.get(), count, factor, offset);
    CUDA_CHECK(cudaGetLastError());
    return values.to_host();
  }
  // [doc:managed-launch]
  // One address space: the host writes the values through the pointer the kernel gets.
  float* values = nullptr;
  CUDA_CHECK(cudaMallocManaged(&values, n * sizeof(float)));
  std::ranges::copy(data, values);
  if (transfer == Transfer::managed_prefetched) prefetch_to_device(values, n * sizeof(float));
  ScaleInPlace<<<blocks_for(n), threads_per_block>>>(values, count, factor, offset);
  CUDA_CHECK(cudaGetLastError());
  // Before the host touches managed memory, no kernel that uses it may still be running.
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<float> result(values, values + n);
  CUDA_CHECK(cudaFree(values));
  // [doc:managed-launch]
  return result;
}

WarpSumResult warp_sums(std::span<const unsigned> in) {
  const tutorial::DeviceBuffer<unsigned> d_in(in);
  tutorial::DeviceBuffer<unsigned> d_sums(in.size() / kWarp);
  const int unset = -1;
  const tutorial::DeviceBuffer<int> d_path(std::span<const int>(&unset, 1));
  WarpSums<<<blocks_for(in.size()), threads_per_block>>>(d_in.get(), d_sums.get(), d_path.get());
  CUDA_CHECK(cudaGetLastError());
  return {d_sums.to_host(), d_path.to_host()[0]};
}

tutorial::ComputeCapability current_capability() {
  int device = 0, major = 0, minor = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  CUDA_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
  return {major, minor};
}

// The configuration: names, the image's bytes, and the CPU references.

std::string describe(Histogram where) {
  return where == Histogram::local_memory ? "counts[value % 16] in local memory"
                                          : "sixteen compares, counts in registers";
}

std::string describe(TapAccess access) {
  return access == TapAccess::uniform ? "uniform: every lane reads taps[k]"
                                      : "divergent: lane L reads taps[(k + L) % 32]";
}

std::string describe(Sampling s) {
  const char* texels[] = {"float, cudaArray", "float, pitched memory",
                          "uchar read normalised, cudaArray"};
  const char* addresses[] = {"wrap", "clamp", "mirror", "border"};
  return std::string(texels[static_cast<int>(s.texels)]) + ", " +
         (s.filter == Filter::linear ? "linear" : "point") + ", " +
         addresses[static_cast<int>(s.address)] + ", " +
         (s.normalized_coordinates ? "normalised" : "texel") + " coordinates";
}

std::string describe(Transfer transfer) {
  switch (transfer) {
    case Transfer::explicit_copies: return "cudaMalloc + cudaMemcpy each way";
    case Transfer::managed_on_demand: return "cudaMallocManaged, pages moved on first touch";
    case Transfer::managed_prefetched: return "cudaMallocManaged + cudaMemPrefetchAsync";
  }
  return {};
}

std::vector<unsigned char> as_bytes(std::span<const float> values) {
  std::vector<unsigned char> bytes;
  for (float v : values)
    bytes.push_back(
        static_cast<unsigned char>(std::clamp(std::lround((v + 1.0) * 127.5), 0L, 255L)));
  return bytes;
}

double resample_tolerance(Sampling sampling) {
  if (sampling.filter == Filter::point) return 0.0;
  // 8-bit texels: filtered in 16-bit fixed point, within 1/65535 of the exact weighted sum.
  if (sampling.texels == Texels::uchar_array_normalized) return 1.0 / 65535;
  return 0x1p-23;  // one ulp of the values in [-1, 1): the GPU's float sum rounds differently
}

// [doc:reference]
std::vector<unsigned> reference_pairs_per_thread(std::span<const unsigned> in, int threads) {
  std::vector<unsigned> out;
  for (int t = 0; t < threads; ++t) {
    unsigned counts[kBins] = {};
    for (int k = 0; k < kStrip; ++k) ++counts[in[std::size_t(k) * threads + t] % kBins];
    unsigned pairs = 0;
    for (unsigned c : counts) pairs += c * c;
    out.push_back(pairs);
  }
  return out;
}

std::vector<float> reference_filter(std::span<const float> taps, std::span<const float> in) {
  std::vector<float> out(in.size() - kTaps + 1);
  for (std::size_t i = 0; i < out.size(); ++i) {
    double sum = 0;
    for (int k = 0; k < kTaps; ++k) sum += double(taps[k]) * in[i + k];
    out[i] = static_cast<float>(sum);
  }
  return out;
}

// The texture-fetching rules of the guide's appendix: point sampling reads texel floor(x);
// linear filtering weighs the four texels around x - 0.5 by fractions kept to 8 bits.
std::vector<float> reference_resample(const Image& image, Sampling s, int output) {
  const int n = image.size;
  const std::vector<unsigned char> bytes = as_bytes(image.values);
  const auto texel = [&](long i, long j) -> double {
    const auto wrap = [&](long k) -> long {
      switch (s.address) {
        case Address::wrap: return (k % n + n) % n;
        case Address::mirror: {
          const long m = (k % (2 * n) + 2 * n) % (2 * n);
          return m < n ? m : 2 * n - 1 - m;
        }
        case Address::clamp: return std::clamp(k, 0L, long(n - 1));
        case Address::border: return k < 0 || k >= n ? -1 : k;
      }
      return -1;
    };
    const long x = wrap(i), y = wrap(j);
    if (x < 0 || y < 0) return 0.0;  // the border colour
    const std::size_t at = std::size_t(y) * n + std::size_t(x);
    return s.texels == Texels::uchar_array_normalized ? bytes[at] / 255.0 : image.values[at];
  };
  const double step = 1.5 * n / output;  // texels from one output pixel to the next
  std::vector<float> out;
  for (int y = 0; y < output; ++y)
    for (int x = 0; x < output; ++x) {
      // The coordinate in texels, whether the kernel passed it normalised or not.
      const double tx = (x + 0.5) * step - 0.25 * n, ty = (y + 0.5) * step - 0.25 * n;
      if (s.filter == Filter::point) {
        out.push_back(
            static_cast<float>(texel(std::lround(std::floor(tx)), std::lround(std::floor(ty)))));
        continue;
      }
      const double xb = tx - 0.5, yb = ty - 0.5;
      const long i = std::lround(std::floor(xb)), j = std::lround(std::floor(yb));
      const double a = std::round((xb - std::floor(xb)) * 256) / 256;
      const double b = std::round((yb - std::floor(yb)) * 256) / 256;
      out.push_back(
          static_cast<float>((1 - a) * (1 - b) * texel(i, j) + a * (1 - b) * texel(i + 1, j) +
                             (1 - a) * b * texel(i, j + 1) + a * b * texel(i + 1, j + 1)));
    }
  return out;
}

std::vector<float> reference_scale(std::span<const float> data, float factor, float offset) {
  std::vector<float> out;
  // Rounded once or twice, the same when `factor` is a power of two (the product is exact):
  // nvcc contracts the kernel's expression to a fused multiply-add, the host compiler may not.
  for (float v : data) out.push_back(v * factor + offset);
  return out;
}

std::vector<unsigned> reference_warp_sums(std::span<const unsigned> in) {
  std::vector<unsigned> sums(in.size() / kWarp, 0u);
  for (std::size_t i = 0; i < in.size(); ++i) sums[i / kWarp] += in[i];
  return sums;
}
// [doc:reference]

}  // namespace memory_spaces
