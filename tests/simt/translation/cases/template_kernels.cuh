// Templates with non-type and template-template parameters: an explicit instantiation is
// compiled once, in the source (extern in the header), and registered.
template <class T>
struct Negate {
  __device__ T operator()(T x) const { return -x; }
};
template <int N, template <class> class Op, class T>
__global__ void Apply(T* data) {
  data[threadIdx.x] = Op<T>{}(data[threadIdx.x]) * static_cast<T>(N);
}
template __global__ void Apply<3, Negate, float>(float*);
template __global__ void Apply<2, Negate, int>(int*);
