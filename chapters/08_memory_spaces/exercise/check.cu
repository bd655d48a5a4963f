// Checks exercise 08: Magnify2x on a random 128 x 64 image against a CPU loop that follows the
// guide's texture-fetching rules (linear filtering, clamp addressing). The GPU rounds its
// filtered sum in float: a pixel may differ from the loop's by one unit in the last place.
#include EXERCISE_HEADER

#include "texture_image.hpp"

#include "common/cli.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/random_inputs.hpp"
#include "common/sample_main.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

// Output pixel (x, y) of the 2x image: the image under its centre, at texel coordinate
// (x + 0.5) / 2, filtered from the four texels around it, which clamp addressing keeps inside.
double reference_pixel(const std::vector<float>& image, int width, int height, int x, int y) {
  const double xb = (x + 0.5) / 2 - 0.5, yb = (y + 0.5) / 2 - 0.5;
  const double i = std::floor(xb), j = std::floor(yb), a = xb - i, b = yb - j;
  const auto texel = [&](double column, double row) {
    const auto c = static_cast<std::size_t>(std::clamp(column, 0.0, width - 1.0));
    const auto r = static_cast<std::size_t>(std::clamp(row, 0.0, height - 1.0));
    return static_cast<double>(image[r * static_cast<std::size_t>(width) + c]);
  };
  return (1 - a) * (1 - b) * texel(i, j) + a * (1 - b) * texel(i + 1, j) +
         (1 - a) * b * texel(i, j + 1) + a * b * texel(i + 1, j + 1);
}

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    tutorial::Cli cli("08_memory_spaces_exercise", "Checks your Magnify2x");
    if (!cli.parse_and_select_backend(argc, argv, {7, 0})) return 0;
    const int width = 128, height = 64, out_width = 2 * width, out_height = 2 * height;
    const std::vector<float> image =
        tutorial::random_floats(std::size_t{width} * height, cli.common().seed);
    cudaTextureDesc desc{};
    desc.addressMode[0] = desc.addressMode[1] = cudaAddressModeClamp;
    desc.filterMode = cudaFilterModeLinear;
    desc.readMode = cudaReadModeElementType;
    desc.normalizedCoords = 1;
    const memory_spaces::TextureImage<float> texture(image, width, height, desc);
    const std::size_t pixels = std::size_t{out_width} * out_height;
    tutorial::DeviceBuffer<float> output(pixels);
    Magnify2x<<<dim3(out_width / 16, out_height / 16), dim3(16, 16)>>>(
        texture.object(), output.get(), out_width, out_height);
    CUDA_CHECK(cudaGetLastError());
    const std::vector<float> out = output.to_host();
    std::size_t wrong = 0;
    for (int y = 0; y < out_height; ++y)
      for (int x = 0; x < out_width; ++x) {
        const double expected = reference_pixel(image, width, height, x, y);
        const float got = out[static_cast<std::size_t>(y) * out_width + x];
        // One unit in the last place of values in [-1, 1).
        wrong += !(std::fabs(got - expected) <= 0x1p-23);
      }
    if (wrong != 0) {
      std::printf("exercise 08: not yet (%zu of %zu pixels differ from the CPU loop)\n", wrong,
                  out.size());
      return 1;
    }
    std::printf(
        "exercise 08: match (all %zu pixels within one float rounding of the CPU loop's "
        "bilinear filtering)\n",
        out.size());
    return 0;
  });
}
