#pragma once
// Kernels with planted warp-level bugs, each of which the emulator must report (with the
// kernel, the line and the lanes): diagnostics_test.cpp checks the reports, and
// tools/planted_bugs runs the same kernels on a GPU under compute-sanitizer. On the GPU each is
// undefined behaviour: it may hang, give garbage, or happen to work.

// Lanes 0-15 shuffle with a full mask while lanes 16-31 go on to __syncthreads(): lanes the
// mask names never reach the shuffle.
__global__ void ShuffleInHalfTheWarp(int* out) {
  int v = static_cast<int>(threadIdx.x);
  if (threadIdx.x % 32 < 16) v += __shfl_down_sync(0xffffffffu, v, 8);
  __syncthreads();
  out[threadIdx.x] = v;
}

// A warp sum after an early return: the full mask names lanes that have exited, and the
// shuffles of lanes 4-19 read them.
__global__ void ShuffleAfterEarlyReturn(const int* in, int* out, int n) {
  int i = static_cast<int>(threadIdx.x);
  if (i >= n) return;
  int v = in[i];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  if (i == 0) *out = v;
}

// The lower half of a warp shuffles among itself but reads lane 20, outside its mask.
__global__ void ShuffleFromOutsideTheMask(int* out) {
  int v = static_cast<int>(threadIdx.x);
  if (threadIdx.x < 16) v = __shfl_sync(0x0000ffffu, v, 20);
  out[threadIdx.x] = v;
}

// The two halves of a warp wait at __syncwarp with masks that disagree: the lower half names
// the whole warp, the upper half only itself.
__global__ void SyncwarpMasksDisagree(int* out) {
  __shared__ int values[32];
  values[threadIdx.x] = static_cast<int>(threadIdx.x);
  if (threadIdx.x < 16)
    __syncwarp(0xffffffffu);
  else
    __syncwarp(0xffff0000u);
  out[threadIdx.x] = values[31 - threadIdx.x];
}

// The pre-Volta warp tail: a volatile shared-memory reduction of the last 64 values with no
// __syncwarp between the steps. Since Volta the lanes of a warp are not in lockstep, so a lane
// may read a partial sum before the lane that owns it has written it.
__global__ void WarpTailWithoutSyncwarp(const float* in, float* out) {
  __shared__ float partial[64];
  unsigned t = threadIdx.x;
  partial[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 32) {
    volatile float* v = partial;
    v[t] = v[t] + v[t + 32];
    v[t] = v[t] + v[t + 16];
    v[t] = v[t] + v[t + 8];
    v[t] = v[t] + v[t + 4];
    v[t] = v[t] + v[t + 2];
    v[t] = v[t] + v[t + 1];
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}
