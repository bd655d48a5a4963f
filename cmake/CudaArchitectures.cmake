# Picks the default CUDA architectures before project() enables CUDA.
#
# Order of precedence (the rule the issue tracker and CMake users expect):
#   1. -DCMAKE_CUDA_ARCHITECTURES=... on the command line or in a preset,
#   2. the CUDAARCHS environment variable (CMake's own convention),
#   3. the compute capability of the first GPU nvidia-smi reports at configure time,
#   4. 90 (Hopper), so that every chapter, clusters included, compiles on a machine with no GPU.
# The result is a cache variable, so a later -D still overrides it; a plain set() would shadow it.
function(tutorial_default_cuda_architectures)
  if(DEFINED CMAKE_CUDA_ARCHITECTURES OR DEFINED ENV{CUDAARCHS})
    return()
  endif()
  set(arch 90)
  set(reason "no GPU found at configure time")
  find_program(TUTORIAL_NVIDIA_SMI nvidia-smi)
  if(TUTORIAL_NVIDIA_SMI)
    execute_process(
      COMMAND ${TUTORIAL_NVIDIA_SMI} --query-gpu=compute_cap --format=csv,noheader
      OUTPUT_VARIABLE caps RESULT_VARIABLE rc ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(rc EQUAL 0 AND caps MATCHES "^([0-9]+)\\.([0-9]+)")
      set(arch "${CMAKE_MATCH_1}${CMAKE_MATCH_2}")
      set(reason "compute capability of the GPU found at configure time")
    endif()
  endif()
  set(CMAKE_CUDA_ARCHITECTURES ${arch} CACHE STRING
    "CUDA architectures to build for (default: ${reason})")
  message(STATUS "CUDA architectures: ${arch} "
    "(${reason}; override with -DCMAKE_CUDA_ARCHITECTURES or $CUDAARCHS)")
endfunction()
