#pragma once
/// @file
/// @brief The sums of a warp's matrix multiply-accumulate (`mma_sync`), in double. Internal.

namespace simt::detail {

/// @brief `d += a b` for an `m` x `k` matrix `a`, a `k` x `n` matrix `b` and an `m` x `n`
/// matrix `d`, all row-major: each element of `d` gets its products in the order 0, 1, ...,
/// k - 1, each rounded to double and then added, so the result does not depend on how many
/// columns the processor works on at once. Where the host has wider vector instructions (AVX2,
/// AVX-512) this runs on them, with the same results.
void multiply_accumulate(const double* a, const double* b, double* d, int m, int n, int k);

}  // namespace simt::detail
