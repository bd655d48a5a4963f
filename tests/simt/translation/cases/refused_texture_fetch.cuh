// 1-D textures over linear memory are not emulated: the parse names the function, and says
// which fetches are.
__global__ void Kernel(cudaTextureObject_t texture, float* out) {
  out[threadIdx.x] = tex1Dfetch<float>(texture, threadIdx.x);
}
