# cmake -DSOURCE=<tutorial> -DWORK=<dir> [-DPYTHON=<python with clang bindings>]
#       -P build_and_run.cmake
# Builds and installs simt on its own, then this project against the installed package
# (find_package), a whole program with the installed simt-nvcc and a CMake project with it as its
# CUDA compiler, then this project against simt's sources (add_subdirectory), and runs each.
include("${CMAKE_CURRENT_LIST_DIR}/../run_or_stop.cmake")

set(python_hint)
if(PYTHON)
  set(python_hint "-DSIMT_PYTHON=${PYTHON}")
endif()
file(REMOVE_RECURSE "${WORK}")
set(project "${SOURCE}/tests/own_kernels_project")

# No build type, so no optimisation: what is tested is that the package builds, installs and is
# found, and the row sums are 100 blocks; -O3 would only lengthen the build of simt's sources.
# A unity build (sources compiled in batches: simt's headers parsed a few times, not once per
# source) halves the build of simt's sources, here and with add_subdirectory below.
set(unity -DCMAKE_UNITY_BUILD=ON)
run(${CMAKE_COMMAND} -S "${SOURCE}/common/simt" -B "${WORK}/simt" ${unity})
run(${CMAKE_COMMAND} --build "${WORK}/simt" -j 2)
run(${CMAKE_COMMAND} --install "${WORK}/simt" --prefix "${WORK}/prefix")

run(${CMAKE_COMMAND} -S "${project}" -B "${WORK}/installed" "-DCMAKE_PREFIX_PATH=${WORK}/prefix"
    ${python_hint})
run(${CMAKE_COMMAND} --build "${WORK}/installed" -j 2)
run("${WORK}/installed/row_sums")
message(STATUS "with find_package(simt): ${output}")

# simt-nvcc as installed: a whole program built from nvcc's command line, and run.
run("${WORK}/prefix/bin/simt-nvcc" -O0 -o "${WORK}/vector_add"
    "${SOURCE}/tests/simt/whole_programs/vector_add.cu")
run("${WORK}/vector_add" 1000)
message(STATUS "with the installed simt-nvcc: ${output}")

# The installed simt-nvcc as CMAKE_CUDA_COMPILER of an unchanged CUDA project: one program (the
# build tree's simt-nvcc builds them all, in their own test).
run(${CMAKE_COMMAND} "-DPROJECT=${SOURCE}/tests/cuda_language_project"
    "-DWORK=${WORK}/cuda_language" "-DCUDA_COMPILER=${WORK}/prefix/bin/simt-nvcc" -DPROGRAM=saxpy
    -P "${SOURCE}/tests/cuda_language_project/build_and_run.cmake")
message(STATUS "with the installed simt-nvcc as CMAKE_CUDA_COMPILER:\n${output}")

run(${CMAKE_COMMAND} -S "${project}" -B "${WORK}/sources" "-DSIMT_SOURCE_DIR=${SOURCE}/common/simt"
    ${python_hint} ${unity})
# The project's program only: simt's runtime library, which whole programs link, is not needed.
run(${CMAKE_COMMAND} --build "${WORK}/sources" -j 2 --target row_sums)
run("${WORK}/sources/row_sums")
message(STATUS "with add_subdirectory: ${output}")
