/// @file
/// @brief The sums of `mma_sync`, compiled once for each width of vector instruction the
/// processor may have (GCC picks one when the program starts). None of them fuses a multiply
/// with an add, so each is the same arithmetic as the plain loop.

#include <simt/detail/matrix_sums.hpp>

#include <cstring>

namespace simt::detail {

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_ADDRESS__)
#define SIMT_VECTOR_WIDTHS [[gnu::target_clones("avx512f", "avx2", "default")]]
#else
#define SIMT_VECTOR_WIDTHS
#endif

namespace {

// Four doubles side by side (GCC's and Clang's vector extension): one AVX2 register, half an
// AVX-512 one, or two SSE2 ones. With eight to a vector, GCC's AVX2 clone kept each row on the
// stack, moved it in halves and then loaded it whole, a load that waited for both halves to be
// written: on a processor without AVX-512, a 16 × 16 × 16 tile took 4.6 µs instead of 0.5.
using Four = double __attribute__((vector_size(32)));

// Whole-vector moves (by reference: a vector passed by value would have an ABI of its own).
[[gnu::always_inline]] inline void load(Four& v, const double* p) { std::memcpy(&v, p, sizeof v); }
[[gnu::always_inline]] inline void store(double* p, const Four& v) { std::memcpy(p, &v, sizeof v); }

// One tile shape with its sizes known to the compiler: a row of d stays in vector registers,
// four columns to a vector, while the k products are added to it. Rows of 16 columns go two at
// a time, each vector of b loaded once for both: one at a time, the loads bounded them (a
// 16 × 16 × 16 tile took 0.53 µs on AVX2, two at a time 0.33; the other shapes gained nothing).
template <int M, int N, int K>
[[gnu::always_inline]] inline void tile_sums(const double* a, const double* b, double* d) {
  static_assert(N % 4 == 0);
  constexpr int vectors = N / 4;
  constexpr int rows = vectors == 4 ? 2 : 1;
  for (int row = 0; row < M; row += rows) {
    Four sums[rows][vectors];
    for (int r = 0; r < rows; ++r)
      for (int v = 0; v < vectors; ++v) load(sums[r][v], d + (row + r) * N + v * 4);
    for (int i = 0; i < K; ++i)
      for (int v = 0; v < vectors; ++v) {
        Four column;
        load(column, b + i * N + v * 4);
        for (int r = 0; r < rows; ++r) {
          const double x = a[(row + r) * K + i];
          sums[r][v] += Four{x, x, x, x} * column;
        }
      }
    for (int r = 0; r < rows; ++r)
      for (int v = 0; v < vectors; ++v) store(d + (row + r) * N + v * 4, sums[r][v]);
  }
}

}  // namespace

SIMT_VECTOR_WIDTHS
void multiply_accumulate(const double* a, const double* b, double* d, int m, int n, int k) {
  // The shapes the tensor cores have (mma.h's valid_shape), each compiled for its sizes.
  if (m == 16 && n == 16 && k == 16) return tile_sums<16, 16, 16>(a, b, d);
  if (m == 32 && n == 8 && k == 16) return tile_sums<32, 8, 16>(a, b, d);
  if (m == 8 && n == 32 && k == 16) return tile_sums<8, 32, 16>(a, b, d);
  if (m == 16 && n == 16 && k == 8) return tile_sums<16, 16, 8>(a, b, d);
  if (m == 8 && n == 8 && k == 4) return tile_sums<8, 8, 4>(a, b, d);
  for (int row = 0; row < m; ++row)
    for (int i = 0; i < k; ++i) {
      const double factor = a[row * k + i];
      const double* b_row = b + i * n;
      double* d_row = d + row * n;
      for (int col = 0; col < n; ++col) d_row[col] += factor * b_row[col];
    }
}

}  // namespace simt::detail
