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

// Eight doubles side by side (GCC's and Clang's vector extension): one AVX-512 register, two
// AVX2 ones or four SSE2 ones, whichever the clone being compiled has.
using Eight = double __attribute__((vector_size(64)));

// One tile shape with its sizes known to the compiler: a row of d stays in vector registers,
// eight columns to a vector, while the k products are added to it.
template <int M, int N, int K>
[[gnu::always_inline]] inline void tile_sums(const double* a, const double* b, double* d) {
  static_assert(N % 8 == 0);
  constexpr int vectors = N / 8;
  for (int row = 0; row < M; ++row) {
    Eight sums[vectors];
    std::memcpy(sums, d + row * N, sizeof sums);
    for (int i = 0; i < K; ++i) {
      const Eight factor = Eight{} + a[row * K + i];
      for (int v = 0; v < vectors; ++v) {
        Eight column;
        std::memcpy(&column, b + i * N + v * 8, sizeof column);
        sums[v] += factor * column;
      }
    }
    std::memcpy(d + row * N, sums, sizeof sums);
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
