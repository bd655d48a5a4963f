// Explicit specialisations of kernel templates: each is a kernel of its own, registered under
// its template arguments (named from outside the kernels' namespace); a type argument of the
// file's own is the emulator's copy of it.
namespace tiles {
struct Tile {
  int value;
};
template <int N>
__global__ void Fill(int* out) {
  out[threadIdx.x] = N;
}
template <>
__global__ void Fill<7>(int* out) {
  out[threadIdx.x] = 70;
}
template <class T>
__global__ void Clear(T* out) {
  out[threadIdx.x] = T{};
}
template <>
__global__ void Clear(Tile* out) {
  out[threadIdx.x].value = -1;
}
}  // namespace tiles
