// What main.cpp calls in scaled_sums.cu: C functions and a constant, as sample collections write
// the boundary between their C++ and CUDA files, and a launch template instantiated there. Two
// include guards, one inside the other, as some collections' headers have.
#ifndef SCALED_SUMS_H
#define SCALED_SUMS_H
#ifndef scaled_sums_h
#define scaled_sums_h

#include <stdexcept>
#include <string>

extern "C" {
// Copies the four coefficients into the kernels' __constant__ table.
void setCoefficients(const float* coefficients);
// Sums `input[i] * coefficients[i % 4]` over each block of `block_size` elements into
// `sums[block]`; `block_size` is 128 or kLargestBlock.
void launchScaledSums(const float* input, float* sums, int n, int block_size);
}
// The largest block size (defined in scaled_sums.cu).
extern "C" const int kLargestBlock;

// launchScaledSums for one block size, instantiated in scaled_sums.cu for 128 and 256.
template <int BlockSize>
void launchScaledSumsOf(const float* input, float* sums, int n);

namespace report {
// "782 block sums" (defined in main.cpp).
std::string count_of(int count, const char* things);
}  // namespace report

// The blocks of `block_size` elements that cover `n` elements, for the host code of both files;
// a block size the kernels are not instantiated for throws. A header's host code may throw:
// nvcc compiles every file's host code with exceptions, the kernels' file too.
struct BlockCover {
  int n;
  int blocks(int block_size) const {
    if (block_size != 128 && block_size != kLargestBlock)
      throw std::invalid_argument("block size " + std::to_string(block_size) + " not built");
    return (n + block_size - 1) / block_size;
  }
  // Defined in scaled_sums.cu, outside the class, with main.cpp's report::count_of: the
  // kernels' copy of that file (inside the emulator's namespace) must not keep it, where the
  // name would be a count_of that nothing defines.
  std::string describe(int block_size) const;
};

#endif
#endif
