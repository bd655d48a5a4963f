#pragma once
/// @file
/// @brief The device names nvcc's runtime registration gives host functions and host shadows
/// (noted by cuda_registration.cpp, defined in cuda_names.cpp): how the registry finds the twin
/// of what a CUDA source names. Internal.

#include <string>
#include <vector>

namespace simt::detail {

/// @ingroup simt
/// @brief Notes the device name nvcc's code registers for a host function or shadow variable,
/// and the module (the CUDA translation unit's device program) it belongs to.
void note_cuda_name(const void* host, const char* device, const void* module);
/// @brief The device name nvcc's runtime registered for a host function or shadow variable, or
/// null (a program without nvcc's code, or linked without simt_add_kernels()'s options).
const char* cuda_device_name(const void* host);
/// @brief The device names (registry keys) of everything registered in the same module as
/// `host`: what tells apart two kernel files that define a variable of the same name (each CUDA
/// translation unit is a device program of its own).
std::vector<std::string> cuda_module_keys(const void* host);

}  // namespace simt::detail
