# What the `wasm` preset's build needs besides its toolchain (cmake/wasm32-wasi.cmake): the
# C++ runtime with exceptions, CLI11's headers without the host's /usr/include (whose C headers
# are glibc's, not WASI's), and no threads library (WASI's C library has none; the emulator
# runs one worker there).
if(NOT EXISTS "${TUTORIAL_WASM_CXX_RUNTIME}")
  message(FATAL_ERROR "wasm: no C++ runtime with exceptions at ${TUTORIAL_WASM_CXX_RUNTIME}; "
    "tools/install-dependencies --wasm builds it")
endif()
# Debian's libc++ for WASI says it has no file system (_LIBCPP_HAS_NO_FILESYSTEM), which takes
# <fstream> away too, though WASI's C library opens files (in the directories the host lends
# the module). CLI11 needs std::ifstream, the samples' --csv std::ofstream: the build's own copy
# of the library's configuration, first on the include path, gives the file streams back (their
# templates are instantiated in the programs: tools/wasm/file_streams.cpp); std::filesystem's
# operations stay absent.
set(wasm_include "${CMAKE_BINARY_DIR}/wasm_include")
file(READ "/usr/include/wasm32-wasi/c++/v1/__config_site" config_site)
string(REPLACE "#define _LIBCPP_HAS_NO_FILESYSTEM" "/* file streams: see cmake/WasmBuild.cmake */"
  config_site "${config_site}")
file(WRITE "${wasm_include}/__config_site" "${config_site}")
find_path(TUTORIAL_CLI11_INCLUDE CLI/CLI.hpp PATHS /usr/include NO_CMAKE_FIND_ROOT_PATH
  NO_DEFAULT_PATH REQUIRED)
file(CREATE_LINK "${TUTORIAL_CLI11_INCLUDE}/CLI" "${wasm_include}/CLI" SYMBOLIC)
add_library(CLI11::CLI11 INTERFACE IMPORTED)
target_include_directories(CLI11::CLI11 SYSTEM INTERFACE "${wasm_include}")
# Its file validators over stat(), not std::filesystem's operations.
target_compile_definitions(CLI11::CLI11 INTERFACE CLI11_HAS_FILESYSTEM=0)
add_library(Threads::Threads INTERFACE IMPORTED)
# Every source sees the file-stream configuration above, the library's own as much as ours.
include_directories(BEFORE SYSTEM "${wasm_include}")
add_library(wasm_file_streams OBJECT "${PROJECT_SOURCE_DIR}/tools/wasm/file_streams.cpp")
# The modules are <chapter>.wasm (CMake's Generic platform names executables without a suffix).
set(CMAKE_EXECUTABLE_SUFFIX .wasm)
