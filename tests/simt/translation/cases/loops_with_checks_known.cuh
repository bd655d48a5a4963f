// simt-translate options: --no-block-loops
// In a kernel or __device__ function that waits at a barrier (a coroutine on the emulator), a
// loop that cannot wait, return, jump out or declare a static or __shared__ variable, and that
// has an access to check, is bracketed to be compiled twice: with the checks and without. A
// #pragma right above such a loop goes inside the bracket with it.
// (Block loops are off here: they would run Loops and Dot as loops over the threads, where
// each run's loop over the threads already leaves out the checks when they are off.)
__device__ float Dot(const float* a, const float* b, int n) {
  float sum = 0;
  __syncthreads();
  for (int i = 0; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

__global__ void Loops(float* data, int n) {
  float sum = 0;
  __syncthreads();
#pragma unroll 4
  for (int i = 0; i < n; ++i) {
    sum += data[i];
  }
  int i = 0;
  do sum -= data[i++];
  while (i < n);
  while (i > 0) sum *= data[--i];
  for (int round = 0; round < 2; ++round) {
    __syncthreads();  // not this loop, which waits; the loop inside it
    for (int k = 0; k < n; ++k) data[k] += sum;
  }
  for (int k = 0; k < n; ++k) {
    if (data[k] < 0) return;  // not a loop that returns
  }
  for (int k = 0; k < n; ++k) {
    __shared__ float once;  // nor one that declares a __shared__ variable
    once = data[k];
  }
  for (int k = 0; k < n; ++k) sum += 1;  // nor one with nothing to check
  data[threadIdx.x] = sum + Dot(data, data, n);
}

__global__ void NeverWaits(float* data, int n) {
  float sum = 0;
  for (int i = 0; i < n; ++i) sum += data[i];  // not a coroutine: left as it is
  data[threadIdx.x] = sum;
}
