# add_chapter_sample(<chapter>            the chapter's folder name, e.g. 01_vector_add
#   LIBRARY <file.cu>...                  the chapter's host code and launches, CUDA as the
#                                         runtime API writes it (kernels in the .cu or a header)
#   MAIN <file.cpp>                       the sample program: options, inputs, verification
#   [CUDA_ARCHITECTURES <arch>...])       pin the library to these architectures (90: clusters)
#
# One source, two builds: nvcc compiles LIBRARY for the GPU into <chapter>_kernels, and simt
# translates the very same files, host code and all, for the CPU emulator (common/simt) into
# <chapter>_kernels_cpu. MAIN, compiled once, is linked with each: <chapter> (the GPU build, which
# runs the CPU build in its place where there is no GPU) and <chapter>_cpu, both in <build>/bin.
# run_<chapter> builds and runs the sample.
# Docs: a capture of its default run on the emulator, shown by `{sample-output} <chapter>`.
function(add_chapter_sample chapter)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "MAIN" "LIBRARY;CUDA_ARCHITECTURES")
  if(NOT arg_LIBRARY OR NOT arg_MAIN)
    message(FATAL_ERROR "add_chapter_sample(${chapter}): LIBRARY and MAIN are required")
  endif()

  simt_add_library(${chapter}_kernels_cpu ${arg_LIBRARY})
  target_link_libraries(${chapter}_kernels_cpu PUBLIC tutorial::common_cpu)
  add_library(${chapter}_main OBJECT ${arg_MAIN})
  tutorial_target_defaults(${chapter}_main)
  target_include_directories(${chapter}_main PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}"
                                                     "${PROJECT_SOURCE_DIR}")
  add_executable(${chapter}_cpu)
  target_link_libraries(${chapter}_cpu PRIVATE ${chapter}_main ${chapter}_kernels_cpu)
  if(TUTORIAL_WASM)
    # The `wasm` preset: the CPU build alone, as bin/<chapter>.wasm.
    tutorial_target_defaults(${chapter}_kernels_cpu)
    target_include_directories(${chapter}_kernels_cpu PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}")
    tutorial_target_defaults(${chapter}_cpu)
    set_target_properties(${chapter}_cpu PROPERTIES OUTPUT_NAME ${chapter}
      RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bin")
    set_property(GLOBAL APPEND PROPERTY TUTORIAL_CHAPTERS ${chapter})
    return()
  endif()

  add_library(${chapter}_kernels STATIC ${arg_LIBRARY})
  target_link_libraries(${chapter}_kernels PUBLIC tutorial::common)
  foreach(library ${chapter}_kernels ${chapter}_kernels_cpu)
    tutorial_target_defaults(${library})
    target_include_directories(${library} PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}")
  endforeach()
  if(arg_CUDA_ARCHITECTURES)
    set_target_properties(${chapter}_kernels PROPERTIES
      CUDA_ARCHITECTURES "${arg_CUDA_ARCHITECTURES}")
  endif()
  add_executable(${chapter})
  target_link_libraries(${chapter} PRIVATE ${chapter}_main ${chapter}_kernels)
  foreach(program ${chapter} ${chapter}_cpu)
    tutorial_target_defaults(${program})
    set_target_properties(${program} PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bin")
    install(TARGETS ${program} RUNTIME DESTINATION bin)
  endforeach()
  # The GPU build runs the CPU build where the emulator is chosen: it needs it built.
  add_dependencies(${chapter} ${chapter}_cpu)

  add_custom_target(run_${chapter}
    COMMAND $<TARGET_FILE:${chapter}>
    DEPENDS ${chapter}
    USES_TERMINAL
    COMMENT "Running chapter ${chapter}")

  set_property(GLOBAL APPEND PROPERTY TUTORIAL_CHAPTERS ${chapter})
  add_docs_capture(${chapter} PROGRAM ${chapter})  # the page's "Expected output"
endfunction()

# add_chapter_exercise(<chapter>
#   CHECK <check.cu>          the program that checks an attempt (includes EXERCISE_HEADER)
#   STARTER <starter.cuh>     what the learner starts from (compiles, fails the check)
#   SOLUTION <solution.cuh>   one answer (passes the check)
#   [LIBRARIES <targets>...])  linked to the check; to its CPU build, a target's CPU build
#                               (<target>_cpu) where there is one
# Builds <chapter>_exercise_starter and <chapter>_exercise_solution; adds the tests "the solution
# passes" and "the starter fails" (so the check can fail); adds the target check_<chapter>_exercise,
# which a learner runs to check their own attempt (their edited starter). CHECK is CUDA as the
# runtime API writes it and is built twice as the sample is: <..._starter> by nvcc,
# <..._starter>_cpu by simt; the tests run the CPU builds.
function(add_chapter_exercise chapter)
  if(TUTORIAL_WASM)
    return()  # the `wasm` preset builds the samples alone
  endif()
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "CHECK;STARTER;SOLUTION" "LIBRARIES")
  foreach(variant starter solution)
    string(TOUPPER ${variant} key)
    set(header "${CMAKE_CURRENT_SOURCE_DIR}/${arg_${key}}")
    set(target ${chapter}_exercise_${variant})
    add_executable(${target} ${arg_CHECK})
    target_link_libraries(${target} PRIVATE tutorial::common ${arg_LIBRARIES})
    simt_add_executable(${target}_cpu ${arg_CHECK})
    target_link_libraries(${target}_cpu PRIVATE tutorial::common_cpu)
    foreach(library IN LISTS arg_LIBRARIES)
      if(TARGET ${library}_cpu)
        target_link_libraries(${target}_cpu PRIVATE ${library}_cpu)
      else()
        target_link_libraries(${target}_cpu PRIVATE ${library})
      endif()
    endforeach()
    add_dependencies(${target} ${target}_cpu)
    get_target_property(architectures ${chapter}_kernels CUDA_ARCHITECTURES)
    set_target_properties(${target} PROPERTIES CUDA_ARCHITECTURES "${architectures}")
    foreach(program ${target} ${target}_cpu)
      tutorial_target_defaults(${program})
      target_compile_definitions(${program} PRIVATE "EXERCISE_HEADER=\"${header}\"")
      target_include_directories(${program} PRIVATE
        "${CMAKE_CURRENT_SOURCE_DIR}" "${CMAKE_CURRENT_SOURCE_DIR}/..")
      set_target_properties(${program} PROPERTIES
        RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bin")
    endforeach()
  endforeach()
  if(TUTORIAL_BUILD_TESTS)
    add_test(NAME "exercise ${chapter}: the solution passes the check"
             COMMAND ${chapter}_exercise_solution_cpu --backend emulator)
    add_test(NAME "exercise ${chapter}: the starter fails the check"
             COMMAND ${chapter}_exercise_starter_cpu --backend emulator)
    set_tests_properties("exercise ${chapter}: the starter fails the check"
      PROPERTIES WILL_FAIL TRUE)
  endif()
  add_custom_target(check_${chapter}_exercise
    COMMAND ${chapter}_exercise_starter
    DEPENDS ${chapter}_exercise_starter
    USES_TERMINAL
    COMMENT "Checking your attempt at the exercise of ${chapter} (exercise/${arg_STARTER})")
endfunction()
