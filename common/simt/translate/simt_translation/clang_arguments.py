"""The command line clang parses a kernel file with: C++20, the emulator's prelude in front
(simt/kernel.hpp with SIMT_TRANSLATING defined), its stand-ins for CUDA's headers on the include
path, and the target's include directories and definitions. The precompiled standard headers
are built with the same language standard (clang refuses them otherwise)."""

import os

STANDARD = "-std=c++20"
# What GCC (nvcc's host compiler) does in C++14 and later and clang before version 19 does not:
# declare the sized ::operator delete(void*, std::size_t), which class-specific deallocation
# functions call. Part of the language, so the precompiled headers are built with it too.
LANGUAGE = [STANDARD, "-fsized-deallocation"]


def clang_arguments(simt_include, include_dirs=(), defines=(), runtime=False):
    """`runtime`: a whole program's file, which sees the runtime API's headers first."""
    stand_ins = os.path.join(simt_include, "simt", "cuda")
    # nvcc accepts a constexpr function that can never be constant (one that waits at a barrier,
    # say), which clang rejects by default: the translation says what it cannot run itself.
    arguments = ["-x", "c++", *LANGUAGE, "-DSIMT_TRANSLATING", "-include", "simt/kernel.hpp",
                 "-Wno-invalid-constexpr", "-I" + simt_include, "-I" + stand_ins]
    if runtime:
        # nvcc includes cuda_runtime.h before a .cu file's own code.
        arguments[-1:-1] = ["-I" + os.path.join(simt_include, "simt", "runtime")]
        arguments += ["-include", "simt/runtime/cuda_runtime.h"]
    for directory in include_dirs:
        # CUDA's own headers must not be seen: the emulator's stand-ins replace them. The
        # system's directories are searched anyway, after the compiler's own.
        if directory and not os.path.exists(os.path.join(directory, "cuda_runtime.h")) and \
                not os.path.exists(os.path.join(directory, "cooperative_groups.h")) and \
                os.path.realpath(directory) not in ("/usr/include", "/usr/local/include"):
            arguments.append("-I" + directory)
    for definition in defines:
        if definition:
            arguments.append("-D" + definition)
    return arguments
