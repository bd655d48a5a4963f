// A macro that defines one variable: it becomes inline, in front of the macro.
#define DECLARE_TABLE(T, name) __device__ T name[8]
DECLARE_TABLE(float, table);
__global__ void ReadTable(float* out) { out[threadIdx.x] = table[threadIdx.x % 8]; }
