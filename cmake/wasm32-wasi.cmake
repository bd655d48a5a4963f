# Toolchain file of the `wasm` preset: the chapters' CPU builds (the emulator and the samples'
# host code) as WebAssembly modules for WASI, which the pages' Run panels and node run. Debian's
# clang-19 and its wasm32-wasi C and C++ libraries (tools/install-dependencies --wasm), with the
# C++ runtime rebuilt with exception support (tools/wasm/build-exception-runtime): the samples
# throw and catch as their native builds do.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_COMPILER clang-19)
set(CMAKE_CXX_COMPILER clang++-19)
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
set(CMAKE_CXX_COMPILER_TARGET wasm32-wasi)
set(CMAKE_AR llvm-ar-19 CACHE FILEPATH "Archiver for wasm32")
set(CMAKE_RANLIB llvm-ranlib-19 CACHE FILEPATH "Index of wasm32 archives")
# The compiler checks link an executable, which needs the runtime below: a library will do.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(TUTORIAL_WASM_CXX_RUNTIME /usr/local/lib/wasm32-wasi/libc++-exceptions.a CACHE FILEPATH
  "libc++ for wasm32-wasi with exception support (tools/wasm/build-exception-runtime)")
set(CMAKE_C_FLAGS_INIT -fwasm-exceptions)
set(CMAKE_CXX_FLAGS_INIT -fwasm-exceptions)
# WebAssembly's default stack is 64 KiB; a worker's host code and the kernels' calls outside
# their coroutine frames get 8 MiB, as a Linux thread does.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-fwasm-exceptions -nostdlib++ -Wl,-z,stack-size=8388608")
set(CMAKE_CXX_STANDARD_LIBRARIES_INIT "${TUTORIAL_WASM_CXX_RUNTIME}")

# Host programs (Python, the translator) are found on the build machine; nothing else is.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
