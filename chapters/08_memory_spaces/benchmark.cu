// Chapter 08's benchmark: each memory space's kernels timed on the GPU, every output checked.

#include "benchmark.hpp"
#include "kernel_pointers.hpp"
#include "texture_image.hpp"

#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/random_inputs.hpp"
#include "common/timing.hpp"
#include "common/verification.hpp"

namespace memory_spaces {

namespace {

double gbs(double bytes, double ms) { return bytes / (ms * 1e6); }

Ceilings measure_ceilings(std::size_t bytes) {
  Ceilings c;
  c.copy_gbs = tutorial::copy_bandwidth_gbs(bytes);
  // The link to the host at its best: a copy from pinned (page-locked) host memory, which the
  // GPU's copy engines read directly.
  float* pinned = nullptr;
  CUDA_CHECK(cudaMallocHost(&pinned, bytes));
  std::fill(pinned, pinned + bytes / sizeof(float), 1.0f);
  tutorial::DeviceBuffer<float> device(bytes / sizeof(float));
  const tutorial::Timing t = tutorial::time_on_device(
      [&] { CUDA_CHECK(cudaMemcpy(device.get(), pinned, bytes, cudaMemcpyHostToDevice)); }, {1, 5});
  CUDA_CHECK(cudaFreeHost(pinned));
  c.host_to_device_gbs = gbs(static_cast<double>(bytes), t.median_ms);
  // The guide: a constant request for n distinct words is served as n requests, one after
  // another. On an H100, Nsight Compute found the SM's constant cache (IDC) busy in 99% of the
  // divergent filter's cycles, serving 0.49 requests per cycle (docs/data/
  // memory_spaces_ncu_h100.txt): one word per SM every two clocks, here at the peak clock.
  int sms = 0, clock_khz = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  c.constant_words_per_s = static_cast<double>(sms) * clock_khz * 1e3 / 2;
  return c;
}

void time_local(MemorySpacesBenchmark& b, std::size_t elements, std::uint64_t seed) {
  const int threads = static_cast<int>(elements / kStrip);
  const auto values =
      tutorial::random_integers<unsigned>(std::size_t(threads) * kStrip, seed, 0, 999999);
  const auto expected = reference_pairs_per_thread(values, threads);
  tutorial::DeviceBuffer<unsigned> in{std::span<const unsigned>(values)}, out(expected.size());
  for (Histogram where : all_histograms) {
    const auto t = tutorial::time_on_device([&] {
      pairs_kernel(where)<<<blocks_for(std::size_t(threads)), threads_per_block>>>(
          in.get(), out.get(), threads);
      CUDA_CHECK(cudaGetLastError());
    });
    b.rows.push_back({"local", describe(where), t.median_ms,
                      gbs(4.0 * static_cast<double>(values.size()), t.median_ms), "GB/s",
                      b.ceilings.copy_gbs, "device-to-device copy", out.to_host() == expected});
  }
}

void time_constant(MemorySpacesBenchmark& b, std::size_t elements, std::uint64_t seed) {
  const auto coefficients = tutorial::random_integers<float>(kTaps, seed + 1, -7, 7);
  const auto signal = tutorial::random_integers<float>(elements + kTaps - 1, seed + 2, -99, 99);
  const auto expected = reference_filter(coefficients, signal);
  set_taps(coefficients);
  tutorial::DeviceBuffer<float> in{std::span<const float>(signal)}, out(elements);
  const auto n = static_cast<int>(elements);
  for (TapAccess access : all_tap_accesses) {
    const auto t = tutorial::time_on_device([&] {
      filter_kernel(access)<<<blocks_for(elements), threads_per_block>>>(in.get(), out.get(), n);
      CUDA_CHECK(cudaGetLastError());
    });
    const bool ok = out.to_host() == expected;
    if (access == TapAccess::uniform) {
      // One word per warp request: the kernel streams its input and output.
      b.rows.push_back({"constant", describe(access), t.median_ms,
                        gbs(8.0 * static_cast<double>(elements), t.median_ms), "GB/s",
                        b.ceilings.copy_gbs, "device-to-device copy", ok});
    } else {
      // 32 words per warp request, each served on its own: kTaps words per output.
      const double words = static_cast<double>(kTaps) * static_cast<double>(elements);
      b.rows.push_back({"constant", describe(access), t.median_ms, words / (t.median_ms * 1e6),
                        "Gwords/s", b.ceilings.constant_words_per_s / 1e9,
                        "1 constant word per SM per 2 clocks", ok});
    }
  }
}

// The image sampled with linear filtering and wrap addressing, to an output `scale` times its
// size: at 1 every texel is fetched about once (a stream), at 4 each is fetched for about 16
// neighbouring pixels (the texture cache serves them).
void time_texture(MemorySpacesBenchmark& b, int size, int scale, std::uint64_t seed) {
  const Sampling sampling{Texels::float_array, Filter::linear, Address::wrap, true};
  const Image image{size, tutorial::random_floats(std::size_t(size) * size, seed + 3)};
  const int output = size * scale;
  const auto expected = reference_resample(image, sampling, output);
  const auto n = static_cast<std::size_t>(size), pixels = static_cast<std::size_t>(output);
  const TextureImage<float> texture(image.values, n, n, texture_description(sampling));
  tutorial::DeviceBuffer<float> out(pixels * pixels);
  const Mapping m = coordinate_mapping(size, output, true);
  const dim3 block(16, 16), grid((output + 15) / 16, (output + 15) / 16);
  const auto t = tutorial::time_on_device([&] {
    resample_kernel()<<<grid, block>>>(texture.object(), out.get(), output, output, m.scale,
                                       m.offset);
    CUDA_CHECK(cudaGetLastError());
  });
  const bool ok = !tutorial::first_mismatch(out.to_host(), expected, resample_tolerance(sampling));
  const double bytes = 4.0 * static_cast<double>(n * n + pixels * pixels);
  b.rows.push_back({"texture",
                    "tex2D linear, " + std::to_string(size) + "^2 texels to " +
                        std::to_string(output) + "^2 pixels",
                    t.median_ms, gbs(bytes, t.median_ms), "GB/s", b.ceilings.copy_gbs,
                    "device-to-device copy", ok});
}

void time_unified(MemorySpacesBenchmark& b, std::size_t elements, std::uint64_t seed) {
  const auto data = tutorial::random_floats(elements, seed + 4);
  const auto expected = reference_scale(data, 2.0f, -0.5f);
  const auto n = static_cast<int>(elements);
  const double bytes = 4.0 * static_cast<double>(elements);
  const unsigned blocks = blocks_for(elements);
  const auto launch = [&](float* values) {
    scale_kernel()<<<blocks, threads_per_block>>>(values, n, 2.0f, -0.5f);
    CUDA_CHECK(cudaGetLastError());
  };
  for (Transfer transfer : all_transfers) {
    std::vector<float> result(elements);
    tutorial::Timing t;
    if (transfer == Transfer::explicit_copies) {
      tutorial::DeviceBuffer<float> values(elements);
      t = tutorial::time_on_device([&] {
        values.copy_from(data);
        launch(values.get());
        values.copy_to(result);
      });
    } else {
      // Each run starts with every page on the host, where the host has just written it.
      float* values = nullptr;
      CUDA_CHECK(cudaMallocManaged(&values, elements * sizeof(float)));
      t = tutorial::time_on_device(
          [&] {
            if (transfer == Transfer::managed_prefetched)
              prefetch_to_device(values, elements * sizeof(float));
            launch(values);
          },
          {}, [&] { std::copy(data.begin(), data.end(), values); });
      CUDA_CHECK(cudaDeviceSynchronize());
      std::copy(values, values + elements, result.begin());
      CUDA_CHECK(cudaFree(values));
    }
    // Explicit copies move the data both ways in the timed span; managed memory moves it to the
    // GPU there (the pages come back when the host next touches them).
    const double moved = transfer == Transfer::explicit_copies ? 2 * bytes : bytes;
    b.rows.push_back({"unified", describe(transfer), t.median_ms, gbs(moved, t.median_ms), "GB/s",
                      b.ceilings.host_to_device_gbs, "pinned host-to-device copy",
                      result == expected});
  }
}

}  // namespace

MemorySpacesBenchmark benchmark_on_device(std::size_t elements, int image, std::uint64_t seed) {
  MemorySpacesBenchmark b;
  b.ceilings = measure_ceilings(elements * sizeof(float));
  time_local(b, elements, seed);
  time_constant(b, elements, seed);
  time_texture(b, image, 1, seed);
  time_texture(b, image / 4, 4, seed);
  time_unified(b, elements, seed);
  return b;
}

}  // namespace memory_spaces
