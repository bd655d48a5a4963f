// What is not an access: taking an address, sizeof and decltype (a store through the reference
// the decltype declares is one); an access written by a macro, which the translation cannot
// edit, is left unchecked.
#define FIRST(p) ((p)[0])
__global__ void NotAccesses(int* data, unsigned long* sizes) {
  int* where = &data[threadIdx.x];
  sizes[0] = sizeof(data[0]);
  decltype(data[0]) alias = *where;
  alias = 1;
  FIRST(data) = 2;
}
