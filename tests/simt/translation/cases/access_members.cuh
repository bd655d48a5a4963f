// Members reached through pointers (p->x, (*p).y, this->field) are checked; members of a local
// object are not memory the checks watch.
struct Point {
  float x, y;
  __device__ float length2() const { return x * x + y * y; }
};
__global__ void Members(Point* points, float* out) {
  Point local{1.0f, 2.0f};
  points[threadIdx.x].x += local.x;
  (*(points + threadIdx.x)).y = local.y;
  Point* p = &points[threadIdx.x];
  out[threadIdx.x] = p->x + p->length2();
}
