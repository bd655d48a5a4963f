// A row of a two-dimensional shared array (`tile[s]`) is an array, not an access: it decays to
// a pointer, also in a template where the row count is a template parameter and clang leaves
// the row's type dependent. Only the elements read or written are checked.
constexpr int kWidth = 64;

template <int Rows>
__global__ void CopyRows(const float* in, float* out) {
  __shared__ float tile[Rows][kWidth];
  for (int r = 0; r < Rows; ++r) {
    float* row = tile[r];
    float* element = &tile[r][threadIdx.x];
    *element = in[r * kWidth + threadIdx.x];
    __syncthreads();
    out[r * kWidth + threadIdx.x] = row[(threadIdx.x + 1) % kWidth] + tile[r][threadIdx.x];
  }
}
template __global__ void CopyRows<4>(const float*, float*);
