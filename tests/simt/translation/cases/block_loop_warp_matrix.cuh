// The warp matrix functions' `mma_sync`, which the whole warp reaches with no mask of its own,
// qualifies for block loops as a shuffle does: a pass in which each lane gives its four
// fragments (held in its record), then the block completes the product for every warp on the
// records. Being its whole statement, with no result, it needs no pass after. Three shapes of
// the sample collection's tensor-core GEMMs come with it: a loop under `#pragma unroll`, which
// the block runs, each iteration a few passes over its threads, and so stays rolled (the pragma
// goes); a block-stride loop that the whole block leaves with a `break` in uniform code; and a
// `typedef` that only one run names.
#include <mma.h>

using namespace nvcuda;

// Block loops: `tile` is the block's, so is the `break`; `sum`, `left` and `right` cross the
// product's pass in each thread's record; `word` lives and dies in one run.
__global__ void RowTileProducts(const double* a, const double* b, double* d, unsigned tiles,
                                int k) {
  __shared__ double rows_of_b[32];
  for (unsigned tile = blockIdx.x;; tile += gridDim.x) {
    if (tile >= tiles) {
      break;
    }
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> sum;
    wmma::fill_fragment(sum, 0.0);
#pragma unroll 2
    for (int step = 0; step < k; step += 4) {
      if (threadIdx.x < 32) {
        typedef double word;
        rows_of_b[threadIdx.x] = static_cast<word>(b[step * 8 + threadIdx.x]);
      }
      __syncthreads();
      wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> left;
      wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> right;
      wmma::load_matrix_sync(left, a + tile * 8 * k + step, k);
      wmma::load_matrix_sync(right, rows_of_b, 8);
      wmma::mma_sync(sum, left, right, sum);
      __syncthreads();
    }
    wmma::store_matrix_sync(d + tile * 64, sum, 8, wmma::mem_row_major);
  }
}

// A coroutine: the type one run declares is named by the next, where it is not declared.
__global__ void TypeNamedAcrossABarrier(const int* in, int* out) {
  typedef int value;
  value mine = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = static_cast<value>(mine + 1);
}

// A coroutine: only the warps a thread's condition picks multiply (a collective under
// thread-dependent code).
__global__ void ProductOfSomeWarps(const double* a, const double* b, double* d) {
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> left;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> right;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> sum;
  wmma::fill_fragment(sum, 0.0);
  if (threadIdx.x < 64) {
    wmma::load_matrix_sync(left, a, 4);
    wmma::load_matrix_sync(right, b, 8);
    wmma::mma_sync(sum, left, right, sum);
  }
  wmma::store_matrix_sync(d + threadIdx.x / 32 * 64, sum, 8, wmma::mem_row_major);
}
