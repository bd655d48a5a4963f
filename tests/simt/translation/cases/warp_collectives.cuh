// Warp-level operations: shuffles (with a macro for the mask, widths of other integer types),
// votes, __activemask and __syncwarp are awaited where they are written.
#define FULL_MASK 0xffffffff
__global__ void WarpSums(const int* in, int* sums, unsigned* ballots) {
  int v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(FULL_MASK, v, offset);
  const unsigned positive = __ballot_sync(__activemask(), in[threadIdx.x] > 0);
  __syncwarp();
  const long width = 16;
  const int half = __shfl_xor_sync(FULL_MASK, v, 1, width);
  if (threadIdx.x % 32 == 0) {
    sums[threadIdx.x / 32] = v + half;
    ballots[threadIdx.x / 32] = positive;
  }
}
