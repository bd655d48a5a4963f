// libcu++'s cuda::std in a kernel, as nvcc compiles it with CUDA's own library: type traits,
// numeric limits, arrays, tuples and complex numbers; atomics, in shared memory and through
// atomic_ref on global memory.
#include <cuda/std/array>
#include <cuda/std/atomic>
#include <cuda/std/complex>
#include <cuda/std/limits>
#include <cuda/std/tuple>
#include <cuda/std/type_traits>

#include <cstdio>
#include <random>
#include <vector>

template <class T>
__global__ void SquareOfComplex(T* out) {
  static_assert(cuda::std::is_floating_point_v<T>, "a floating-point type");
  const cuda::std::array<T, 4> values{1, 2, 3, 4};
  const cuda::std::tuple<unsigned, T> picked{threadIdx.x, values[threadIdx.x % 4]};
  const cuda::std::complex<T> z(cuda::std::get<1>(picked), 1);
  // (x + i)^2 = x^2 - 1 + 2xi; plus the type's mantissa bits, 24 for float.
  out[cuda::std::get<0>(picked)] = (z * z).real() + cuda::std::numeric_limits<T>::digits;
}

// Counts the odd values (each block in a shared-memory atomic, then into the total) and finds
// the largest (a compare-exchange loop on global memory).
__global__ void OddAndLargest(const int* values, int n, unsigned* odd, int* largest) {
  __shared__ cuda::std::atomic<unsigned> blockOdd;
  if (threadIdx.x == 0) blockOdd.store(0, cuda::std::memory_order_relaxed);
  __syncthreads();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (values[i] % 2 != 0) blockOdd.fetch_add(1, cuda::std::memory_order_relaxed);
    cuda::std::atomic_ref<int> top(*largest);
    int seen = top.load(cuda::std::memory_order_relaxed);
    while (seen < values[i] &&
           !top.compare_exchange_weak(seen, values[i], cuda::std::memory_order_relaxed)) {
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) cuda::std::atomic_ref<unsigned>(*odd).fetch_add(blockOdd.load());
}

int atomics() {
  const int n = 100000;
  int* values = nullptr;
  unsigned* odd = nullptr;
  int* largest = nullptr;
  if (cudaMallocManaged(&values, n * sizeof(int)) != cudaSuccess ||
      cudaMallocManaged(&odd, sizeof(unsigned)) != cudaSuccess ||
      cudaMallocManaged(&largest, sizeof(int)) != cudaSuccess)
    return 2;
  std::mt19937 random(std::random_device{}());
  std::uniform_int_distribution<int> pick(0, 1 << 30);
  unsigned expectedOdd = 0;
  int expectedLargest = 0;
  for (int i = 0; i < n; ++i) {
    values[i] = pick(random);
    expectedOdd += values[i] % 2;
    expectedLargest = values[i] > expectedLargest ? values[i] : expectedLargest;
  }
  *odd = 0;
  *largest = 0;
  OddAndLargest<<<(n + 255) / 256, 256>>>(values, n, odd, largest);
  if (cudaDeviceSynchronize() != cudaSuccess) return 2;
  const bool match = *odd == expectedOdd && *largest == expectedLargest;
  std::printf(
      "cuda::std::atomic in a kernel: %u odd values (the CPU counts %u), largest %s the "
      "CPU's\n",
      *odd, expectedOdd, *largest == expectedLargest ? "equal to" : "not");
  cudaFree(values);
  cudaFree(odd);
  cudaFree(largest);
  return match ? 0 : 1;
}

int main() {
  if (const int failed = atomics()) return failed;
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
