// Functions at namespace scope are only declared in the header: their one definition is in the
// source. static ones lose `static` (each kernel file has a namespace of its own); inline ones,
// and those in an anonymous namespace, stay whole.
__device__ float Plain(float x) { return x + 1; }
__host__ __device__ float Both(float x) { return x * 2; }
static __device__ float Private(float x) { return x - 1; }
__device__ __forceinline__ float Inlined(float x) { return x * x; }
__device__ __noinline__ float NotInlined(float x) { return -x; }
namespace {
__device__ float Hidden(float x) { return x / 2; }
}  // namespace
__global__ void Apply(float* data) {
  data[threadIdx.x] = Plain(Both(Private(Inlined(NotInlined(Hidden(data[threadIdx.x]))))));
}
