# simt_add_kernels(<target> <kernel file>... [NAMESPACE <name>] [CUDA_ARCH <nnn>])
#
# Runs CUDA kernel files on the CPU emulator. Each file (plain CUDA C++, as nvcc compiles it) is
# translated at build time by simt-translate (libclang) into <target>.simt/<stem>.emulated.hpp,
# its kernels compiled by the host compiler inside `namespace emulated` (or <name>), and a source
# added to <target> that registers them. Then:
#   - in a CUDA source of the same program, simt::launch(config, Kernel, args...) runs the twin
#     of the kernel `Kernel<<<...>>>` names, and simt::memcpy_to_symbol(variable, ...) writes the
#     twin of a __device__ or __constant__ variable;
#   - in a C++ source, #include "<stem>.emulated.hpp" and simt::launch(config, emulated::Kernel,
#     args...) (the generated directory is on <target>'s include path).
# CUDA_ARCH is __CUDA_ARCH__ in the translation (default 900: an H100's, as nvcc's -arch=sm_90
# gives it); the emulator refuses to launch a kernel translated for a newer compute capability
# than simt::settings().compute_capability, as a GPU has no image for it.
# Kernels whose barriers every thread of the block reaches alike run as loops over the block's
# threads, not a coroutine per thread (faster; the same results and diagnostics), except in the
# Debug configuration or where <target>'s SIMT_DEBUGGABLE_KERNELS property is true: there a
# debugger stops in each kernel's own frame (docs: "How the emulator works", block loops).
# Diagnostics and compiler errors name the kernel file's own lines (#line). An executable or
# shared library also names simt's gdb extension for gdb to load (docs: "Debug a kernel without
# a GPU"). The translations of a build share the standard headers, precompiled for libclang once
# (in <build>/simt_translation_cache).
#
# Needs Python 3 with clang's bindings (Debian: python3-clang-16 libclang-16-dev).

# The options a generated kernel source is compiled with (GCC and clang), after `exceptions`:
# - device code has no exceptions, and without them a kernel's coroutine needs no handler around
#   its body (measurably cheaper per barrier); the emulator's own errors still propagate through
#   kernel frames to the launch, so unwind tables stay on;
# - a coroutine resumes through a switch over its suspension points; as a short chain of compares
#   instead of an indirect jump through a table it costs 6-11% less per barrier;
# - a kernel that never waits is inlined into the loop that runs its block's threads
#   (always_inline), which in position-independent code the compiler does only for a function
#   that cannot be interposed at load time (no kernel twin is meant to be). WebAssembly has no
#   interposition, and clang refuses the option there.
function(_simt_kernel_compile_options result exceptions)
  set(options "${exceptions};-fasynchronous-unwind-tables;-fno-jump-tables")
  if(NOT CMAKE_SYSTEM_PROCESSOR MATCHES "^wasm")
    list(APPEND options -fno-semantic-interposition)
  endif()
  set(${result} "${options}" PARENT_SCOPE)
endfunction()

function(_simt_find_translator_python)
  if(SIMT_PYTHON)
    return()
  endif()
  set(candidates)
  if(Python3_EXECUTABLE)
    list(APPEND candidates "${Python3_EXECUTABLE}")
  endif()
  # Debian's clang bindings are installed for the system interpreter, which may not be the first
  # python3 on PATH.
  list(APPEND candidates /usr/bin/python3)
  find_program(_simt_path_python NAMES python3 python NO_CACHE)
  if(_simt_path_python)
    list(APPEND candidates "${_simt_path_python}")
  endif()
  foreach(python IN LISTS candidates)
    if(EXISTS "${python}")
      execute_process(
        COMMAND "${python}" -c "import clang.cindex as c; c.Index.create()"
        RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET)
      if(status EQUAL 0)
        set(SIMT_PYTHON "${python}" CACHE FILEPATH
            "Python 3 with clang's bindings, for simt-translate")
        message(STATUS "simt: translating kernel files with ${python} and libclang")
        return()
      endif()
    endif()
  endforeach()
  message(FATAL_ERROR
    "simt: simt-translate needs Python 3 with clang's Python bindings and libclang, and none of "
    "${candidates} has them. On Debian 12: apt-get install python3-clang-16 libclang-16-dev "
    "(or set SIMT_PYTHON to an interpreter that can `import clang.cindex`).")
endfunction()

function(simt_add_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "NAMESPACE;CUDA_ARCH" "")
  _simt_block_loops(block_loops ${target})
  if(NOT arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "simt_add_kernels(${target}): name at least one kernel file")
  endif()
  if(NOT arg_NAMESPACE)
    set(arg_NAMESPACE emulated)
  endif()
  if(NOT arg_CUDA_ARCH)
    set(arg_CUDA_ARCH 900)
  elseif(NOT arg_CUDA_ARCH MATCHES "^[1-9][0-9]0$")
    message(FATAL_ERROR "simt_add_kernels(${target}): CUDA_ARCH is __CUDA_ARCH__, such as 800 "
      "or 900, not '${arg_CUDA_ARCH}'")
  endif()
  _simt_find_translator_python()
  get_target_property(type ${target} TYPE)
  set(directory "${CMAKE_CURRENT_BINARY_DIR}/${target}.simt")
  get_filename_component(translator_dir "${SIMT_TRANSLATOR}" DIRECTORY)
  # The translation changes with any of the translator's passes.
  file(GLOB_RECURSE translator_sources CONFIGURE_DEPENDS "${translator_dir}/*.py")
  foreach(kernels IN LISTS arg_UNPARSED_ARGUMENTS)
    get_filename_component(kernels "${kernels}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(stem "${kernels}" NAME_WE)
    set(header "${directory}/${stem}.emulated.hpp")
    set(source "${directory}/${stem}.emulated.cpp")
    string(SHA1 hash "${target}:${kernels}")
    string(SUBSTRING "${hash}" 0 12 hash)
    set(anchor "simt_kernels_${hash}")
    add_custom_command(
      OUTPUT "${header}" "${source}"
      COMMAND "${SIMT_PYTHON}" -B "${SIMT_TRANSLATOR}" "${kernels}"
              --header "${header}" --source "${source}" --depfile "${directory}/${stem}.d"
              --simt-include "${SIMT_INCLUDE_DIR}" --namespace "${arg_NAMESPACE}"
              --cuda-arch "${arg_CUDA_ARCH}" "--block-loops=${block_loops}"
              --anchor "${anchor}" --cache-dir "${CMAKE_BINARY_DIR}/simt_translation_cache"
              "--include-dir=$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>"
              "--define=$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>"
      DEPENDS "${kernels}" ${translator_sources}
      DEPFILE "${directory}/${stem}.d"
      COMMENT "Translating ${stem} for the CPU emulator"
      VERBATIM)
    target_sources(${target} PRIVATE "${source}")
    # Compiled with options of its own (below), which a target's precompiled header, built with
    # the target's, would not fit.
    set_source_files_properties("${source}" PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
      _simt_kernel_compile_options(options -fno-exceptions)
      set_source_files_properties("${source}" PROPERTIES COMPILE_OPTIONS "${options}")
    endif()
    if(type STREQUAL "STATIC_LIBRARY")
      # Nothing refers to the registrations, so a static library's linker would drop them.
      target_link_options(${target} INTERFACE "LINKER:--undefined=${anchor}")
    endif()
  endforeach()
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if("CUDA" IN_LIST languages)
    # nvcc's code registers each kernel and __device__/__constant__ variable with the CUDA
    # runtime when the program starts; these calls pass through the emulator, which learns the
    # device name of every kernel and variable a CUDA source may name (src/cuda_registration.cpp).
    target_link_options(${target} PUBLIC
      "LINKER:--wrap=__cudaRegisterFunction,--wrap=__cudaRegisterVar")
  endif()
  get_target_property(gdb_named ${target} SIMT_GDB_SCRIPT_NAMED)
  if(NOT gdb_named AND type MATCHES "EXECUTABLE|SHARED_LIBRARY"
     AND CMAKE_SYSTEM_NAME STREQUAL "Linux"
     AND CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    # gdb loads simt's extension with the program (see simt_gdb_script.cpp.in).
    set(gdb_source "${directory}/simt_gdb_script.cpp")
    configure_file("${CMAKE_CURRENT_FUNCTION_LIST_DIR}/simt_gdb_script.cpp.in" "${gdb_source}"
      @ONLY)
    target_sources(${target} PRIVATE "${gdb_source}")
    set_target_properties(${target} PROPERTIES SIMT_GDB_SCRIPT_NAMED ON)
  endif()
  if(type STREQUAL "EXECUTABLE")
    target_include_directories(${target} PRIVATE "${directory}")
  else()
    target_include_directories(${target} PUBLIC "$<BUILD_INTERFACE:${directory}>")
  endif()
  target_link_libraries(${target} PUBLIC simt::simt)
endfunction()

# Whether the translation runs kernels whose barriers the whole block reaches alike as loops over
# the block's threads (1) or keeps a coroutine per thread for every kernel that waits (0): 0 in
# the Debug configuration and for a target whose SIMT_DEBUGGABLE_KERNELS property is true, where
# a debugger should stop in the kernel's own frame and `info simt-threads` say where each thread
# waits.
function(_simt_block_loops out target)
  set(${out}
      "$<IF:$<OR:$<CONFIG:Debug>,$<BOOL:$<TARGET_PROPERTY:${target},SIMT_DEBUGGABLE_KERNELS>>>,0,1>"
      PARENT_SCOPE)
endfunction()

# simt_add_executable(<target> <sources>... [CUDA_ARCH <nnn>]): a whole CUDA program (.cu files
# with main, <<<...>>> launches and runtime API calls, .cpp and .c files beside them) built for the
# emulator, as simt-nvcc builds it: each .cu file is translated with its host code
# (simt-translate --program), and the program links the emulator's CUDA runtime.
# CUDA_ARCH: __CUDA_ARCH__ in the kernels (default 900). As with nvcc, a kernel launch in device
# code (dynamic parallelism) needs the target's CUDA_SEPARABLE_COMPILATION property ON.
function(simt_add_executable target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "CUDA_ARCH" "")
  if(NOT arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "simt_add_executable(${target}): name at least one source")
  endif()
  add_executable(${target})
  simt_target_cuda_sources(${target} ${arg_UNPARSED_ARGUMENTS} CUDA_ARCH "${arg_CUDA_ARCH}")
endfunction()

# simt_add_library(<target> [STATIC|OBJECT] <sources>... [CUDA_ARCH <nnn>]): the same for a part
# of a program, such as the half of a project that nvcc builds as a library for the GPU: its .cu
# files translated with their host code, linked with the emulator's CUDA runtime (PUBLIC: the
# program that links the library uses that runtime too, not CUDA's).
function(simt_add_library target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "STATIC;OBJECT" "CUDA_ARCH" "")
  if(NOT arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "simt_add_library(${target}): name at least one source")
  endif()
  set(type STATIC)
  if(arg_OBJECT)
    set(type OBJECT)
  endif()
  add_library(${target} ${type})
  simt_target_cuda_sources(${target} ${arg_UNPARSED_ARGUMENTS} CUDA_ARCH "${arg_CUDA_ARCH}")
endfunction()

# simt_target_cuda_sources(<target> <sources>... [CUDA_ARCH <nnn>]): adds sources of a whole
# program to a target of the emulator's: .cu files translated with their host code, others as
# they are; the target links the emulator's CUDA runtime.
function(simt_target_cuda_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "CUDA_ARCH" "")
  if(NOT arg_CUDA_ARCH)
    set(arg_CUDA_ARCH 900)
  endif()
  _simt_find_translator_python()
  _simt_block_loops(block_loops ${target})
  set(directory "${CMAKE_CURRENT_BINARY_DIR}/${target}.simt")
  set(separable "$<TARGET_PROPERTY:${target},CUDA_SEPARABLE_COMPILATION>")  # nvcc's -rdc=true
  get_filename_component(translator_dir "${SIMT_TRANSLATOR}" DIRECTORY)
  file(GLOB_RECURSE translator_sources CONFIGURE_DEPENDS "${translator_dir}/*.py")
  foreach(source IN LISTS arg_UNPARSED_ARGUMENTS)
    get_filename_component(source "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT source MATCHES "\\.cu$")
      target_sources(${target} PRIVATE "${source}")
      continue()
    endif()
    get_filename_component(stem "${source}" NAME_WE)
    set(header "${directory}/${stem}.emulated.hpp")
    set(device "${directory}/${stem}.emulated.cpp")
    set(host "${directory}/${stem}.host.cpp")
    string(SHA1 hash "${target}:${source}")
    string(SUBSTRING "${hash}" 0 12 hash)
    add_custom_command(
      OUTPUT "${header}" "${device}" "${host}" "${device}.flags"
      COMMAND "${SIMT_PYTHON}" -B "${SIMT_TRANSLATOR}" "${source}" --program
              --header "${header}" --source "${device}" --host-source "${host}"
              --depfile "${directory}/${stem}.d" --simt-include "${SIMT_INCLUDE_DIR}"
              --cuda-arch "${arg_CUDA_ARCH}" "--block-loops=${block_loops}"
              --anchor "simt_kernels_${hash}"
              --cache-dir "${CMAKE_BINARY_DIR}/simt_translation_cache"
              "--relocatable-device-code=$<BOOL:${separable}>"
              "--include-dir=$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>"
              "--define=$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>"
      DEPENDS "${source}" ${translator_sources}
      DEPFILE "${directory}/${stem}.d"
      COMMENT "Translating ${stem}.cu for the CPU emulator"
      VERBATIM)
    target_sources(${target} PRIVATE "${device}" "${host}")
    set_source_files_properties("${device}" "${host}" PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
      # The kernels, as simt_add_kernels() compiles them, but with exceptions where the file's
      # own code or headers throw (the translation writes -fno-exceptions or -fexceptions in
      # <device>.flags); the host code keeps its exceptions.
      _simt_kernel_compile_options(options "@${device}.flags")
      set_source_files_properties("${device}" PROPERTIES COMPILE_OPTIONS "${options}"
        OBJECT_DEPENDS "${device}.flags")
    endif()
  endforeach()
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "EXECUTABLE")
    target_link_libraries(${target} PRIVATE simt::runtime)
  else()
    target_link_libraries(${target} PUBLIC simt::runtime)
  endif()
endfunction()
