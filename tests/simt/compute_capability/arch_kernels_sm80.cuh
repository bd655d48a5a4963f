#pragma once
// arch_kernels.cuh translated for compute capability 8.0 (simt_add_kernels' CUDA_ARCH 800).
#include "arch_kernels.cuh"
