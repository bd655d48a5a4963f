// Textures are not part of the emulator: the parse reports the name it does not know.
__global__ void Kernel(cudaTextureObject_t texture, float* out) {
  out[threadIdx.x] = tex1Dfetch<float>(texture, threadIdx.x);  // refused here
}
