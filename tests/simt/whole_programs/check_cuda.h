// A helper header written the way CUDA sample collections write theirs: an error-checking macro
// that names the file, line, call and error, device selection that prints what it chose, and a
// host stopwatch.
// The whole programs of this folder include it; they build with nvcc and with simt-nvcc alike.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

template <typename T>
void check(T result, const char* call, const char* file, int line) {
  if (result != cudaSuccess) {
    std::fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\": %s\n", file, line,
                 static_cast<int>(result), cudaGetErrorName(result), call,
                 cudaGetErrorString(result));
    std::exit(EXIT_FAILURE);
  }
}

#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

// The device with the most multiprocessors, made current; its number.
inline int findCudaDevice() {
  int count = 0;
  checkCudaErrors(cudaGetDeviceCount(&count));
  if (count == 0) {
    std::fprintf(stderr, "no CUDA device\n");
    std::exit(EXIT_FAILURE);
  }
  int best = 0;
  int most = 0;
  for (int d = 0; d < count; ++d) {
    cudaDeviceProp p;
    checkCudaErrors(cudaGetDeviceProperties(&p, d));
    if (p.multiProcessorCount > most) {
      most = p.multiProcessorCount;
      best = d;
    }
  }
  cudaDeviceProp chosen;
  checkCudaErrors(cudaGetDeviceProperties(&chosen, best));
  checkCudaErrors(cudaSetDevice(best));
  std::printf("GPU Device %d: \"%s\" with compute capability %d.%d\n", best, chosen.name,
              chosen.major, chosen.minor);
  return best;
}

// A host stopwatch as collections' timer headers write one: an interface of virtual functions,
// and an implementation whose members are declared inline in its class and defined after it,
// one of them not virtual.
class StopWatchInterface {
 public:
  virtual ~StopWatchInterface() {}
  virtual void start() = 0;
  virtual void stop() = 0;
  virtual double milliseconds() = 0;
};

class HostStopWatch : public StopWatchInterface {
 public:
  inline void start();
  inline void stop();
  inline double milliseconds();

 private:
  inline double sinceStart();
  std::chrono::steady_clock::time_point started_;
  double total_ = 0;
};

inline void HostStopWatch::start() { started_ = std::chrono::steady_clock::now(); }
inline void HostStopWatch::stop() { total_ += sinceStart(); }
inline double HostStopWatch::milliseconds() { return total_; }
inline double HostStopWatch::sinceStart() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started_)
      .count();
}
