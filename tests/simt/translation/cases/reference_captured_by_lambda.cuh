// A reference parameter captured by lambdas (`[&v]`, `[v]`): a capture names the variable and is
// left as written; the accesses in the lambdas' bodies are checked where they happen.
__device__ void Twice(int& v) {
  auto add = [&v](int x) { v += x; };
  auto read = [v] { return v; };
  add(read());
}
__global__ void Doubles(int* out) {
  int& mine = out[threadIdx.x];
  Twice(mine);
}
