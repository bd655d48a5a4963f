// Host access to the variables of symbols_kernels.cuh on the GPU (cudaMemcpyToSymbol and
// friends) or on the CPU emulator (simt::memcpy_to_symbol and friends), through the helpers of
// common/backend_launch.hpp.

#include "symbols.hpp"

#include "symbols_kernels.cuh"

#include "simt/backend_launch.hpp"

#include <exception>

namespace symbols {

using tutorial::BackendArray;
using tutorial::copy_from_symbol;
using tutorial::copy_to_symbol;
using tutorial::launch_on;

namespace {
/// The address kernels may use for `coefficients` (cudaGetSymbolAddress on the GPU).
float* coefficients_address(Backend backend) {
  if (backend == Backend::emulator) return static_cast<float*>(simt::symbol_address(coefficients));
  void* address = nullptr;
  CUDA_CHECK(cudaGetSymbolAddress(&address, coefficients));
  return static_cast<float*>(address);
}
std::size_t coefficients_size(Backend backend) {
  if (backend == Backend::emulator) return simt::symbol_size(coefficients);
  std::size_t bytes = 0;
  CUDA_CHECK(cudaGetSymbolSize(&bytes, coefficients));
  return bytes;
}
}  // namespace

FilterResult run_filter(Backend backend, const FilterSetup& setup, std::span<const float> in) {
  const unsigned zero = 0;
  copy_to_symbol(backend, coefficients, setup.coefficients.data(), sizeof(coefficients));
  copy_to_symbol(backend, offsets, setup.offsets.data(), sizeof(offsets));
  copy_to_symbol(backend, gains::scale, &setup.scale, sizeof(float));
  copy_to_symbol(backend, visits, &zero, sizeof(zero));

  const auto n = static_cast<int>(in.size());
  BackendArray<float> input(backend, in), out(backend, in.size(), -1.0f);
  launch_on(backend, {(static_cast<unsigned>(n) + 255) / 256, 256}, Filter, input.data(),
            out.data(), n);

  FilterResult result;
  result.out = out.read();
  copy_from_symbol(backend, &result.visits, visits, sizeof(unsigned));
  copy_from_symbol(backend, result.coefficients.data(), coefficients, sizeof(coefficients));
  BackendArray<float> through(backend, kTaps, -1.0f);
  launch_on(backend, {1, kTaps}, CopyThrough, coefficients_address(backend), through.data());
  result.through_address = through.read();
  result.coefficients_bytes = coefficients_size(backend);
  return result;
}

CopyOutcome copy_into_coefficients(Backend backend, const std::array<float, 8>& values,
                                   std::size_t bytes, std::size_t offset) {
  copy_to_symbol(backend, coefficients, values.data(), sizeof(coefficients));
  const std::vector<float> more(bytes / sizeof(float) + 1, 99.0f);
  CopyOutcome outcome;
  try {
    copy_to_symbol(backend, coefficients, more.data(), bytes, offset);
  } catch (const std::exception& refused) {
    outcome.refusal = refused.what();
    if (backend == Backend::device) (void)cudaGetLastError();  // the runtime keeps the error
  }
  copy_from_symbol(backend, outcome.coefficients.data(), coefficients, sizeof(coefficients));
  return outcome;
}

}  // namespace symbols
