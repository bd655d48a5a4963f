# add_chapter_sample(<chapter>            the chapter's folder name, e.g. 01_vector_add
#   KERNELS <file.cuh>                    the kernels, written once in CUDA C++
#   LIBRARY <file.cu>...                  the chapter's kernel library: GPU and emulator launches
#   MAIN <file.cpp>                       the sample program: options, inputs, verification
#   [CUDA_ARCHITECTURES <arch>...])       pin the library to these architectures (90: clusters)
#
# One source, two targets: nvcc compiles KERNELS for the GPU through the LIBRARY sources, and
# simt_add_kernels() translates the very same file for the CPU emulator (common/simt), where the
# LIBRARY sources launch it with simt::launch(config, Kernel, args...).
#
# Targets: <chapter>_kernels (static library, used by the sample and the tests),
#          <chapter> (the sample executable, in <build>/bin), run_<chapter> (builds and runs it).
# Docs: a capture of its default run on the emulator, shown by `{sample-output} <chapter>`.
function(add_chapter_sample chapter)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "KERNELS;MAIN" "LIBRARY;CUDA_ARCHITECTURES")
  if(NOT arg_KERNELS OR NOT arg_LIBRARY OR NOT arg_MAIN)
    message(FATAL_ERROR "add_chapter_sample(${chapter}): KERNELS, LIBRARY and MAIN are required")
  endif()
  set(kernels "${CMAKE_CURRENT_SOURCE_DIR}/${arg_KERNELS}")

  add_library(${chapter}_kernels STATIC ${arg_LIBRARY})
  tutorial_target_defaults(${chapter}_kernels)
  simt_add_kernels(${chapter}_kernels "${kernels}")
  target_include_directories(${chapter}_kernels PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}")
  target_link_libraries(${chapter}_kernels PUBLIC tutorial::common)
  if(arg_CUDA_ARCHITECTURES)
    set_target_properties(${chapter}_kernels PROPERTIES
      CUDA_ARCHITECTURES "${arg_CUDA_ARCHITECTURES}")
  endif()

  add_executable(${chapter} ${arg_MAIN})
  tutorial_target_defaults(${chapter})
  target_link_libraries(${chapter} PRIVATE ${chapter}_kernels)
  set_target_properties(${chapter} PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bin")
  install(TARGETS ${chapter} RUNTIME DESTINATION bin)

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
#   [HOST_ONLY]               the exercise is host code: no emulator copy of its kernels
#   [LIBRARIES <targets>...])
# Builds <chapter>_exercise_starter and <chapter>_exercise_solution; adds the tests "the solution
# passes" and "the starter fails" (so the check can fail); adds the target check_<chapter>_exercise,
# which a learner runs to check their own attempt (their edited starter).
function(add_chapter_exercise chapter)
  cmake_parse_arguments(PARSE_ARGV 1 arg "HOST_ONLY" "CHECK;STARTER;SOLUTION" "LIBRARIES")
  foreach(variant starter solution)
    string(TOUPPER ${variant} key)
    set(header "${CMAKE_CURRENT_SOURCE_DIR}/${arg_${key}}")
    set(target ${chapter}_exercise_${variant})
    add_executable(${target} ${arg_CHECK})
    tutorial_target_defaults(${target})
    target_compile_definitions(${target} PRIVATE "EXERCISE_HEADER=\"${header}\"")
    target_link_libraries(${target} PRIVATE tutorial::common ${arg_LIBRARIES})
    target_include_directories(${target} PRIVATE
      "${CMAKE_CURRENT_SOURCE_DIR}" "${CMAKE_CURRENT_SOURCE_DIR}/..")
    get_target_property(architectures ${chapter}_kernels CUDA_ARCHITECTURES)
    set_target_properties(${target} PROPERTIES CUDA_ARCHITECTURES "${architectures}"
                                               RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bin")
    if(NOT arg_HOST_ONLY)
      simt_add_kernels(${target} "${header}")
    endif()
  endforeach()
  if(TUTORIAL_BUILD_TESTS)
    add_test(NAME "exercise ${chapter}: the solution passes the check"
             COMMAND ${chapter}_exercise_solution --backend emulator)
    add_test(NAME "exercise ${chapter}: the starter fails the check"
             COMMAND ${chapter}_exercise_starter --backend emulator)
    set_tests_properties("exercise ${chapter}: the starter fails the check"
      PROPERTIES WILL_FAIL TRUE)
  endif()
  add_custom_target(check_${chapter}_exercise
    COMMAND ${chapter}_exercise_starter
    DEPENDS ${chapter}_exercise_starter
    USES_TERMINAL
    COMMENT "Checking your attempt at the exercise of ${chapter} (exercise/${arg_STARTER})")
endfunction()
