// Variables at namespace scope: one object for the header and the source (inline), `static` too;
// constants stay as they are; a static member defined outside its class is left to the class.
const char* kName = "weights";
static int calls = 0;
const int kRepeat = 3;
constexpr float kScale = 0.5f;
float weights[4] = {1, 2, 3, 4};
struct Options {
  int n;
  float scale;
};
Options defaults = {16, 1.0f};
struct Counter {
  static int created;
};
int Counter::created = 0;
__global__ void UsesGlobals(float* out) { out[threadIdx.x] = weights[threadIdx.x % 4] * kScale; }
