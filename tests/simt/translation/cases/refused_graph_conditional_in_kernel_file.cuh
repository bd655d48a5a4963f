// A kernel that sets a conditional graph node's variable: graphs belong to whole programs.
__global__ void Decide(const int* count, cudaGraphConditionalHandle loop) {
  cudaGraphSetConditional(loop, *count != 0);
}
