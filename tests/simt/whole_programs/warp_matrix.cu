// The warp matrix functions (mma.h): one warp multiplies a tile pair, D = A B + C, for each type
// the tensor cores take (half with float and with half sums, bfloat16, tf32, double, 8-bit
// integers), with A row-major and B column-major, C loaded and D stored column-major once; a
// second kernel walks K in steps (a GEMM's inner loop). The inputs are small integers, so every
// sum is exact whatever order a GPU adds in, and each result must equal the CPU's.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "check_cuda.h"

using namespace nvcuda;

// D (M x N) = A (M x K, row-major) times B (K x N, column-major) + C (M x N); C and D are
// row-major unless `columns` says column-major.
template <int M, int N, int K, class In, class Acc, class Out>
__global__ void tileProduct(const In* a, const In* b, const Out* c, Out* d, bool columns) {
  wmma::fragment<wmma::matrix_a, M, N, K, In, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, In, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, M, N, K, Acc> fc;
  const wmma::layout_t layout = columns ? wmma::mem_col_major : wmma::mem_row_major;
  wmma::load_matrix_sync(fa, a, K);
  wmma::load_matrix_sync(fb, b, K);
  wmma::load_matrix_sync(fc, c, columns ? M : N, layout);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, columns ? M : N, layout);
}

// tf32: the fragments hold floats, rounded to tf32 first as the guide asks.
__global__ void tileProductTf32(const float* a, const float* b, const float* c, float* d) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
  wmma::load_matrix_sync(fa, a, 8);
  wmma::load_matrix_sync(fb, b, 8);
  for (int i = 0; i < fa.num_elements; ++i) fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
  for (int i = 0; i < fb.num_elements; ++i) fb.x[i] = wmma::__float_to_tf32(fb.x[i]);
  wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}

// A 16 x 16 tile of a 16 x k times k x 16 product, 16 columns of K at a time from a zeroed
// accumulator, each thread's share doubled element by element before the store.
__global__ void stripProduct(const half* a, const half* b, float* d, int k) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int step = 0; step < k; step += 16) {
    wmma::load_matrix_sync(fa, a + step, k);
    wmma::load_matrix_sync(fb, b + step, k);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  for (int i = 0; i < acc.num_elements; ++i) acc.x[i] *= 2;
  wmma::store_matrix_sync(d, acc, 16, wmma::mem_row_major);
}

std::mt19937 random_engine(std::random_device{}());

std::vector<int> smallIntegers(int count, int low, int high) {
  std::uniform_int_distribution<int> pick(low, high);
  std::vector<int> v(count);
  for (int& x : v) x = pick(random_engine);
  return v;
}

template <class T>
T* onDevice(const std::vector<int>& values) {
  std::vector<T> converted;
  for (int v : values) converted.push_back(T(static_cast<float>(v)));
  T* device;
  checkCudaErrors(cudaMalloc(&device, converted.size() * sizeof(T)));
  checkCudaErrors(
      cudaMemcpy(device, converted.data(), converted.size() * sizeof(T), cudaMemcpyHostToDevice));
  return device;
}

template <>
signed char* onDevice<signed char>(const std::vector<int>& values) {
  std::vector<signed char> converted(values.begin(), values.end());
  signed char* device;
  checkCudaErrors(cudaMalloc(&device, converted.size()));
  checkCudaErrors(cudaMemcpy(device, converted.data(), converted.size(), cudaMemcpyHostToDevice));
  return device;
}

template <>
int* onDevice<int>(const std::vector<int>& values) {
  int* device;
  checkCudaErrors(cudaMalloc(&device, values.size() * sizeof(int)));
  checkCudaErrors(
      cudaMemcpy(device, values.data(), values.size() * sizeof(int), cudaMemcpyHostToDevice));
  return device;
}

// The product the CPU computes: a is m x k row-major, b is k x n column-major (element (kk, j)
// at j * k + kk), c and the result row-major or column-major.
std::vector<long long> cpuProduct(int m, int n, int k, const std::vector<int>& a,
                                  const std::vector<int>& b, const std::vector<int>& c,
                                  bool columns) {
  std::vector<long long> d(m * n);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      const int at = columns ? j * m + i : i * n + j;
      long long sum = c[at];
      for (int kk = 0; kk < k; ++kk) sum += static_cast<long long>(a[i * k + kk]) * b[j * k + kk];
      d[at] = sum;
    }
  return d;
}

template <class Out>
int differences(const Out* device, const std::vector<long long>& expected) {
  std::vector<Out> got(expected.size());
  checkCudaErrors(cudaMemcpy(got.data(), device, got.size() * sizeof(Out), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (static_cast<long long>(static_cast<double>(got[i])) != expected[i]) ++wrong;
  return wrong;
}

template <>
int differences<half>(const half* device, const std::vector<long long>& expected) {
  std::vector<half> got(expected.size());
  checkCudaErrors(
      cudaMemcpy(got.data(), device, got.size() * sizeof(half), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (static_cast<long long>(__half2float(got[i])) != expected[i]) ++wrong;
  return wrong;
}

int failures = 0;

// One tile product of shape M x N x K with inputs In, sums Acc and results Out.
template <int M, int N, int K, class In, class Acc, class Out>
void runTile(const char* name, int low, int high, bool columns) {
  const auto a = smallIntegers(M * K, low, high), b = smallIntegers(K * N, low, high),
             c = smallIntegers(M * N, -8, 8);
  In* da = onDevice<In>(a);
  In* db = onDevice<In>(b);
  Out* dc = onDevice<Out>(c);
  Out* dd;
  checkCudaErrors(cudaMalloc(&dd, M * N * sizeof(Out)));
  tileProduct<M, N, K, In, Acc, Out><<<1, 32>>>(da, db, dc, dd, columns);
  checkCudaErrors(cudaGetLastError());
  const int wrong = differences(dd, cpuProduct(M, N, K, a, b, c, columns));
  std::printf("%s m%dn%dk%d%s: %d of %d elements differ from the CPU's\n", name, M, N, K,
              columns ? " (C and D column-major)" : "", wrong, M * N);
  failures += wrong;
  checkCudaErrors(cudaFree(da));
  checkCudaErrors(cudaFree(db));
  checkCudaErrors(cudaFree(dc));
  checkCudaErrors(cudaFree(dd));
}

int main() {
  runTile<16, 16, 16, half, float, float>("half, float sums", -8, 8, false);
  runTile<16, 16, 16, half, float, float>("half, float sums", -8, 8, true);
  runTile<32, 8, 16, half, float, float>("half, float sums", -8, 8, false);
  runTile<8, 32, 16, half, half, half>("half, half sums", -4, 4, false);
  runTile<16, 16, 16, __nv_bfloat16, float, float>("bfloat16", -8, 8, false);
  runTile<8, 8, 4, double, double, double>("double", -100, 100, true);
  runTile<16, 16, 16, signed char, int, int>("signed char", -128, 127, false);

  {  // tf32: 16 x 8 times 8 x 16, values that tf32 holds exactly
    const auto a = smallIntegers(16 * 8, -100, 100), b = smallIntegers(8 * 16, -100, 100),
               c = smallIntegers(16 * 16, -8, 8);
    float *da = onDevice<float>(a), *db = onDevice<float>(b), *dc = onDevice<float>(c), *dd;
    checkCudaErrors(cudaMalloc(&dd, 16 * 16 * sizeof(float)));
    tileProductTf32<<<1, 32>>>(da, db, dc, dd);
    checkCudaErrors(cudaGetLastError());
    const int wrong = differences(dd, cpuProduct(16, 16, 8, a, b, c, false));
    std::printf("tf32 m16n16k8: %d of 256 elements differ from the CPU's\n", wrong);
    failures += wrong;
    for (float* p : {da, db, dc, dd}) checkCudaErrors(cudaFree(p));
  }
  {  // 16 x 128 times 128 x 16 in eight steps of K
    const int k = 128;
    const auto a = smallIntegers(16 * k, -8, 8), b = smallIntegers(k * 16, -8, 8);
    half *da = onDevice<half>(a), *db = onDevice<half>(b);
    float* dd;
    checkCudaErrors(cudaMalloc(&dd, 16 * 16 * sizeof(float)));
    stripProduct<<<1, 32>>>(da, db, dd, k);
    checkCudaErrors(cudaGetLastError());
    std::vector<long long> expected = cpuProduct(16, 16, k, a, b, std::vector<int>(256), false);
    for (long long& e : expected) e *= 2;
    const int wrong = differences(dd, expected);
    std::printf("half, K = %d in steps of 16, doubled: %d of 256 elements differ from the CPU's\n",
                k, wrong);
    failures += wrong;
    checkCudaErrors(cudaFree(da));
    checkCudaErrors(cudaFree(db));
    checkCudaErrors(cudaFree(dd));
  }
  std::printf("Test %s\n", failures == 0 ? "PASSED" : "FAILED");
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
