#pragma once
// Chapter 02 kernels: the thread hierarchy. Compiled, with matrix_add.cu, by nvcc for the GPU
// and by the host compiler for the CPU emulator (simt translates it); plain CUDA C++. Matrices
// are row-major: element (row, col) of a matrix with `cols` columns is at index row * cols + col.

// [doc:kernel-one-block]
// One block of N x N threads (dim3 threadsPerBlock(N, N)): thread (x, y) adds element
// (row y, column x). N * N may not exceed the 1024 threads of a block, so N <= 32.
__global__ void MatAddOneBlock(const float* A, const float* B, float* C, int N) {
  int col = threadIdx.x;
  int row = threadIdx.y;
  C[row * N + col] = A[row * N + col] + B[row * N + col];
}
// [doc:kernel-one-block]

// [doc:kernel-multi-block]
// Any rows x cols: a grid of 16 x 16 blocks. x runs along a row, so the 16 threads of a
// half-warp with consecutive threadIdx.x read consecutive addresses (coalesced accesses).
// Blocks on the right and bottom edges hang over the matrix, hence the bounds check.
__global__ void MatAdd(const float* A, const float* B, float* C, int rows, int cols) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) {
    long long i = static_cast<long long>(row) * cols + col;
    C[i] = A[i] + B[i];
  }
}
// [doc:kernel-multi-block]

// [doc:kernel-float4]
// MatAdd's layout, with each thread adding four neighbouring columns through 16-byte float4
// loads and stores: a quarter of the memory instructions for the same bytes, which is what a
// streaming kernel needs to reach the copy bandwidth (one float per thread stays near 0.87x on
// an H100). A float4 access must be 16-byte aligned: rows whose start is not (cols not a
// multiple of 4), and the last columns of a row, fall back to one float at a time.
__global__ void MatAddFloat4(const float* A, const float* B, float* C, int rows, int cols) {
  int col = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) {
    long long i = static_cast<long long>(row) * cols + col;
    if (col + 3 < cols && i % 4 == 0) {
      float4 a = *reinterpret_cast<const float4*>(A + i);
      float4 b = *reinterpret_cast<const float4*>(B + i);
      *reinterpret_cast<float4*>(C + i) = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    } else {
      for (int k = 0; k < 4 && col + k < cols; ++k) C[i + k] = A[i + k] + B[i + k];
    }
  }
}
// [doc:kernel-float4]

// [doc:kernel-transposed]
// The same sum with x running down a column, as in the guide's C[i][j] with i = threadIdx.x:
// neighbouring threads now touch addresses a whole row apart, and each warp's load is split
// into many memory transactions (uncoalesced). Same result, less bandwidth: see --benchmark.
__global__ void MatAddTransposedIndex(const float* A, const float* B, float* C, int rows,
                                      int cols) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) {
    long long i = static_cast<long long>(row) * cols + col;
    C[i] = A[i] + B[i];
  }
}
// [doc:kernel-transposed]

// [doc:kernel-thread-id]
// The guide's rule for the ID of a thread in a block of size (Dx, Dy, Dz):
// thread (x, y, z) has ID x + y*Dx + z*Dx*Dy. Each thread stores its own index at its ID,
// so the host can check that the IDs cover 0 .. Dx*Dy*Dz-1 exactly once, in that order.
__global__ void RecordThreadIds(unsigned* coordinates) {
  unsigned id = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  coordinates[3 * id + 0] = threadIdx.x;
  coordinates[3 * id + 1] = threadIdx.y;
  coordinates[3 * id + 2] = threadIdx.z;
}
// [doc:kernel-thread-id]
