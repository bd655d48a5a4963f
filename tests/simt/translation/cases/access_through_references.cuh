// simt-translate options: --no-block-loops
// A reference bound to shared memory, and a reference parameter: accesses through them are
// checked where they happen.
__device__ void AddTo(int& target, int v) { target += v; }
__global__ void References(int* out) {
  __shared__ int s[32];
  int& mine = s[threadIdx.x];
  mine = static_cast<int>(threadIdx.x);
  AddTo(mine, 1);
  __syncthreads();
  const int& other = s[31 - threadIdx.x];
  out[threadIdx.x] = other;
}
