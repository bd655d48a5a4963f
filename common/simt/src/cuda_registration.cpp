/// @file
/// @brief What nvcc's code tells the CUDA runtime about its kernels and variables, seen by the
/// emulator on the way. Each CUDA translation unit registers, when the program starts, every
/// kernel's host function and every `__device__`/`__constant__` variable's host shadow with its
/// device name (`__cudaRegisterFunction`, `__cudaRegisterVar`). simt_add_kernels() links the
/// program with `--wrap` for those two, so the calls come here first and go on to the runtime:
/// the emulator then finds the twin of any kernel or variable a CUDA source names, static,
/// template or in an anonymous namespace alike. Only a program with nvcc's code (and so the
/// CUDA runtime) links this file: nothing else refers to it.

#include <simt/detail/cuda_names.hpp>

#include <cstddef>

// The runtime's entry points (crt/host_runtime.h), by their C names (with --wrap, __real_X is
// the runtime's X); the pointer parameters the emulator does not read are left untyped.
extern "C" {
void __real___cudaRegisterFunction(void** module, const char* host_function, char* device_function,
                                   const char* device_name, int thread_limit, void* tid, void* bid,
                                   void* block_dim, void* grid_dim, int* warp_size);
void __real___cudaRegisterVar(void** module, char* host_variable, char* device_address,
                              const char* device_name, int external, std::size_t size, int constant,
                              int global);

void __wrap___cudaRegisterFunction(void** module, const char* host_function, char* device_function,
                                   const char* device_name, int thread_limit, void* tid, void* bid,
                                   void* block_dim, void* grid_dim, int* warp_size) {
  simt::detail::note_cuda_name(host_function, device_function, module);
  __real___cudaRegisterFunction(module, host_function, device_function, device_name, thread_limit,
                                tid, bid, block_dim, grid_dim, warp_size);
}

void __wrap___cudaRegisterVar(void** module, char* host_variable, char* device_address,
                              const char* device_name, int external, std::size_t size, int constant,
                              int global) {
  simt::detail::note_cuda_name(host_variable, device_name, module);
  __real___cudaRegisterVar(module, host_variable, device_address, device_name, external, size,
                           constant, global);
}
}
