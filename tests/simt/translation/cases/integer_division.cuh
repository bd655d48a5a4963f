#define TILE 32
#define MINUS_ONE -1
template <int N>
__global__ void divide(const int* in, int* out, unsigned* u, long long* l, int d) {
  int i = threadIdx.x;
  int q = in[i] / (d - i);
  q %= d;
  out[i] = q + in[i] % TILE + i / 2 + (i + 1) / (N / 2) + in[i] / MINUS_ONE;
  float f = 1.0f / in[i];
  u[i] /= u[i + 1];
  l[i] = l[i] / 7 / d;
  __shared__ int s[N / 4];
  s[0] = f;
}
template __global__ void divide<8>(const int*, int*, unsigned*, long long*, int);
int host_side(int a, int b) { return a / b; }
