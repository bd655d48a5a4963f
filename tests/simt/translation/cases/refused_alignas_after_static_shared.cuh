// alignas after `static __shared__`, which nvcc refuses too ("attribute does not apply to any
// entity"): the message says where alignas goes.
__global__ void Kernel(int* out) {
  static __shared__ alignas(16) float pair[4];
  pair[threadIdx.x % 4] = 2.0f;
  out[0] = static_cast<int>(pair[0]);
}
