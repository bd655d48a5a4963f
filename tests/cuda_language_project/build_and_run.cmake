# cmake -DPROJECT=<this folder> -DWORK=<dir> -DCUDA_COMPILER=<simt-nvcc> [-DPROGRAM=<one>]
#       -P build_and_run.cmake
# Configures the project with simt-nvcc as CMAKE_CUDA_COMPILER, builds and runs its programs,
# then changes a header only a .cu file includes and checks that the build compiles it again.
# With PROGRAM, it builds and runs that program alone.
include("${CMAKE_CURRENT_LIST_DIR}/../run_or_stop.cmake")

file(REMOVE_RECURSE "${WORK}")
file(COPY "${PROJECT}/" DESTINATION "${WORK}/source" PATTERN build_and_run.cmake EXCLUDE)
# C++20 for the host files that include cuda_runtime.h: a target's cxx_std_17 is a minimum.
run(${CMAKE_COMMAND} -S "${WORK}/source" -B "${WORK}/build" -G Ninja
    "-DCMAKE_CUDA_COMPILER=${CUDA_COMPILER}" -DCMAKE_CXX_STANDARD=20)
if(PROGRAM)
  run(${CMAKE_COMMAND} --build "${WORK}/build" --target "${PROGRAM}")
  run("${WORK}/build/${PROGRAM}")
  message(STATUS "${PROGRAM}: ${output}")
  return()
endif()
run(${CMAKE_COMMAND} --build "${WORK}/build")
foreach(program saxpy scaled)
  run("${WORK}/build/${program}")
  message(STATUS "${program}: ${output}")
endforeach()

# The dependencies simt-nvcc wrote (-MD) name the header: touching it compiles scale.cu again.
file(TOUCH "${WORK}/source/scale/block_size.h")
run(${CMAKE_COMMAND} --build "${WORK}/build" --verbose)
if(output MATCHES "-c [^\n]*scale/scale\\.cu")
  message(STATUS "after a header changed: scale.cu compiled again")
endif()
