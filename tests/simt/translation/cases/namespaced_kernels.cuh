// Kernels in namespaces, an anonymous one too: registered under their device names (nvcc names an
// anonymous namespace its own way; the emulator compares names without it).
namespace physics {
namespace integrate {
__global__ void Step(float* x, const float* v, float dt) { x[threadIdx.x] += v[threadIdx.x] * dt; }
}  // namespace integrate
}  // namespace physics
namespace {
__global__ void Reset(float* x) { x[threadIdx.x] = 0; }
}  // namespace
