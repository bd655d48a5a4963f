// Overloaded kernels whose parameter types are in an anonymous namespace: each is registered
// through a cast to its type, written without clang's `(anonymous namespace)::`, which is not
// C++ (the names are reachable without it).
namespace {
struct Cell {
  int value;
};
__global__ void Fill(Cell* out) { out[threadIdx.x].value = 1; }
__global__ void Fill(int* out) { out[threadIdx.x] = 2; }
}  // namespace
