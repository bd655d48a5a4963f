// libcu++'s cuda::std in a kernel, as nvcc compiles it with CUDA's own library: type traits,
// numeric limits, arrays, tuples and complex numbers.
#include <cuda/std/array>
#include <cuda/std/complex>
#include <cuda/std/limits>
#include <cuda/std/tuple>
#include <cuda/std/type_traits>

#include <cstdio>

template <class T>
__global__ void SquareOfComplex(T* out) {
  static_assert(cuda::std::is_floating_point_v<T>, "a floating-point type");
  const cuda::std::array<T, 4> values{1, 2, 3, 4};
  const cuda::std::tuple<unsigned, T> picked{threadIdx.x, values[threadIdx.x % 4]};
  const cuda::std::complex<T> z(cuda::std::get<1>(picked), 1);
  // (x + i)^2 = x^2 - 1 + 2xi; plus the type's mantissa bits, 24 for float.
  out[cuda::std::get<0>(picked)] = (z * z).real() + cuda::std::numeric_limits<T>::digits;
}

int main() {
  float* out = nullptr;
  if (cudaMallocManaged(&out, 32 * sizeof(float)) != cudaSuccess) return 2;
  SquareOfComplex<<<1, 32>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  int differ = 0;
  for (int i = 0; i < 32; ++i) {
    const float x = static_cast<float>(i % 4 + 1);
    differ += out[i] != x * x - 1 + 24;
  }
  std::printf("cuda::std in a kernel: %d of 32 values differ from the CPU's\n", differ);
  cudaFree(out);
  return differ == 0 ? 0 : 1;
}
