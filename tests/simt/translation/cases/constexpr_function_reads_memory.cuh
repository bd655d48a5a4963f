// A constexpr __device__ helper that reads through a pointer: its checked access stays constexpr.
constexpr __device__ int First(const int* s) { return s[0]; }
__global__ void Kernel(int* out) { out[0] = First(out) + 1; }
