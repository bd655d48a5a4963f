#pragma once
// Idioms of prefix sums: the naive double-buffered scan of one block (Hillis and Steele) and
// the work-efficient one (Blelloch's up-sweep and down-sweep, nested loops of barriers), both
// exclusive, over n = 2 * blockDim.x elements per block for the second.

// Exclusive scan of the n <= blockDim.x elements of one block, in a double buffer.
__global__ void ScanNaive(float* g_odata, const float* g_idata, int n) {
  extern __shared__ float temp[];  // 2 * n floats
  int thid = threadIdx.x;
  int pout = 0, pin = 1;
  if (thid < n) temp[pout * n + thid] = (thid > 0) ? g_idata[thid - 1] : 0;
  __syncthreads();
  for (int offset = 1; offset < n; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (thid < n) {
      if (thid >= offset)
        temp[pout * n + thid] = temp[pin * n + thid] + temp[pin * n + thid - offset];
      else
        temp[pout * n + thid] = temp[pin * n + thid];
    }
    __syncthreads();
  }
  if (thid < n) g_odata[thid] = temp[pout * n + thid];
}

// Exclusive scan of each block's 2 * blockDim.x elements (a power of two), in place in shared
// memory; each block's total in sums[blockIdx.x].
__global__ void ScanWorkEfficient(int* g_odata, const int* g_idata, int* sums) {
  extern __shared__ int temp2[];
  const int n = 2 * blockDim.x;
  const int thid = threadIdx.x;
  const int base = blockIdx.x * n;
  int offset = 1;
  temp2[2 * thid] = g_idata[base + 2 * thid];
  temp2[2 * thid + 1] = g_idata[base + 2 * thid + 1];
  for (int d = n >> 1; d > 0; d >>= 1) {  // up-sweep: partial sums in a tree
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      temp2[bi] += temp2[ai];
    }
    offset *= 2;
  }
  if (thid == 0) {
    sums[blockIdx.x] = temp2[n - 1];
    temp2[n - 1] = 0;
  }
  for (int d = 1; d < n; d *= 2) {  // down-sweep: the tree back down to an exclusive scan
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      int t = temp2[ai];
      temp2[ai] = temp2[bi];
      temp2[bi] += t;
    }
  }
  __syncthreads();
  g_odata[base + 2 * thid] = temp2[2 * thid];
  g_odata[base + 2 * thid + 1] = temp2[2 * thid + 1];
}
