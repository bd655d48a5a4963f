/// @file
/// @brief The sums of `mma_sync`, compiled once for each width of vector instruction the
/// processor may have (GCC picks one when the program starts). None of them fuses a multiply
/// with an add, so each is the same arithmetic as the plain loop.

#include <simt/detail/matrix_sums.hpp>

namespace simt::detail {

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_ADDRESS__)
#define SIMT_VECTOR_WIDTHS [[gnu::target_clones("avx512f", "avx2", "default")]]
#else
#define SIMT_VECTOR_WIDTHS
#endif

SIMT_VECTOR_WIDTHS
void multiply_accumulate(const double* a, const double* b, double* d, int m, int n, int k) {
  for (int row = 0; row < m; ++row)
    for (int i = 0; i < k; ++i) {
      const double factor = a[row * k + i];
      const double* b_row = b + i * n;
      double* d_row = d + row * n;
      for (int col = 0; col < n; ++col) d_row[col] += factor * b_row[col];
    }
}

}  // namespace simt::detail
