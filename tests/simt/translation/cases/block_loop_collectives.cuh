// Warp collectives that every lane reaches alike, with one mask, run in block loops: a pass in
// which each lane arrives with its operands (the call, moved before its statement), the
// collective's completion for every warp, and the statement with the lane's result
// (rewrites/block_loops.py). The others leave the kernel a coroutine.
#define FULL_MASK 0xffffffffu

// Runs as loops: a shuffle tree in a loop whose body is the one statement (it gets braces), a
// declaration from a shuffle of another width, a vote in an if's condition, __syncwarp() and a
// reduction whose mask is a uniform local.
__global__ void WarpTree(const int* in, int* out, unsigned* votes) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(FULL_MASK, v, offset);
  const int neighbour = __shfl_xor_sync(FULL_MASK, v, 1, 16);
  if (__any_sync(FULL_MASK, neighbour > 0)) votes[threadIdx.x / 32] = 1u;
  __syncwarp();
  const unsigned everyone = 0xffffffffu;
  int total = __reduce_add_sync(everyone, v);
  if (threadIdx.x % 32 == 0) out[threadIdx.x / 32] = total + neighbour;
}

// Runs as loops: a barrier and a collective in one kernel, and a thread that returns first.
__global__ void SharedThenShuffle(const float* in, float* out, int n) {
  __shared__ float staged[64];
  unsigned tid = threadIdx.x;
  staged[tid] = in[tid];
  __syncthreads();
  if (static_cast<int>(tid) >= n) return;
  float mine = staged[63 - tid];
  mine = __shfl_sync(FULL_MASK, mine, 0);
  out[tid] = mine;
}

// Runs as loops: a shuffle whose lane operand and width the warp gives alike (the width a
// uniform local, which the block then declares) reads the first lane's operands; one whose lane
// operand is the lane's own, or whose width a thread may change, reads each lane's.
__global__ void ShuffleOperands(const int* in, int* out) {
  int v = in[threadIdx.x];
  const int width = 16;
  v += __shfl_down_sync(FULL_MASK, v, 2, width);
  v += __shfl_sync(FULL_MASK, v, (threadIdx.x + 1) % 32);
  int segment = 8;
  if (v < 0) segment = 4;
  v += __shfl_xor_sync(FULL_MASK, v, 1, segment);
  out[threadIdx.x] = v;
}

// Runs as loops: the lane operand comes, through a constant, from a variable a thread changes,
// which so stays each thread's own, and the warp reads each lane's operands.
__global__ void ShuffleOperandFromChangedVariable(const int* in, int* out) {
  int v = in[threadIdx.x];
  int base = 2;
  if (v < 0) base = 3;
  const int source = base;
  v += __shfl_sync(FULL_MASK, v, source);
  out[threadIdx.x] = v;
}

// Stays a coroutine: the shuffle's mask comes from a ballot, which may differ between lanes.
__global__ void MaskFromBallot(const int* in, int* out) {
  int v = in[threadIdx.x];
  unsigned active = __ballot_sync(FULL_MASK, v > 0);
  out[threadIdx.x] = __shfl_sync(active, v, 0);
}

// Stays a coroutine: the shuffle is under a condition that depends on the thread.
__global__ void ShuffleUnderThreadCondition(int* data) {
  int v = data[threadIdx.x];
  if (threadIdx.x < 32) v = __shfl_down_sync(FULL_MASK, v, 1);
  data[threadIdx.x] = v;
}

// Stays a coroutine: the shuffle runs only where the left of && is true.
__global__ void ShuffleAfterAnd(int* data) {
  int v = data[threadIdx.x];
  bool both = v > 0 && __shfl_down_sync(FULL_MASK, v, 1) > 0;
  data[threadIdx.x] = both ? 1 : 0;
}

// Stays a coroutine: two collectives in one statement.
__global__ void TwoInOneStatement(int* data) {
  int v = data[threadIdx.x];
  data[threadIdx.x] = __shfl_down_sync(FULL_MASK, v, 1) + __shfl_up_sync(FULL_MASK, v, 1);
}

// Stays a coroutine: printf on both sides of the shuffle, whose order the two passes would
// change (all lanes' first line, then all lanes' second, where a coroutine's warp printed both).
__global__ void PrintsAroundShuffle(int* data) {
  int v = data[threadIdx.x];
  printf("before %d\n", v);
  v = __shfl_xor_sync(FULL_MASK, v, 1);
  printf("after %d\n", v);
}
