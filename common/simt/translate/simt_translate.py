#!/usr/bin/env python3
"""simt-translate: rewrites a CUDA kernel file so the host compiler can run it on the emulator.

The kernel file is parsed by clang (libclang) as C++ with the emulator's prelude in front, and
rewritten where C++ cannot express what CUDA means; every other byte stays as it was:

- `__shared__` / `extern __shared__` declarations become references to the running block's
  copy of the variable;
- barriers, group syncs and warp collectives become `co_await`, given the place they are
  written at; functions that can suspend become coroutines, and their `return` `co_return`;
- every memory access through a pointer or reference is reported to the emulator's checks;
- inline PTX that has a meaning on the CPU (`%laneid`, `%clock`, `mov`, `add`, ...) becomes C++;
- nvcc's pragmas become GCC's, or go;
- includes of CUDA headers point to the emulator's stand-ins; the kernel file's own headers are
  translated in place.

The output keeps the original line structure under `#line` directives, so every compiler error
and every emulator diagnostic names the original file and line. Constructs the emulator cannot
run are reported as `file:line:col: error: ...`, and the tool exits with 1. The passes are in
simt_translation/ (pipeline.py lists them).
"""

import argparse
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from simt_translation.diagnostics import (Diagnostic, InternalError, Progress,  # noqa: E402
                                          TranslationFailed, error_at_offset, internal_error,
                                          report)
from simt_translation.parse import Options  # noqa: E402
from simt_translation.pipeline import translate  # noqa: E402
from simt_translation.precompiled_headers import standard_headers_pch  # noqa: E402


class Outputs(argparse.Namespace):
    pass


def arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", help="the kernel file (CUDA C++)")
    parser.add_argument("--header", required=True, help="the translation (a header)")
    parser.add_argument("--source", required=True, help="the registration of its kernels")
    parser.add_argument("--program", action="store_true",
                        help="the input is a whole program's .cu file (host code, <<<...>>> "
                             "launches and all), whose host code goes to --host-source")
    parser.add_argument("--host-source", help="with --program: the host code")
    parser.add_argument("--depfile", help="dependencies of the translation (Makefile syntax)")
    parser.add_argument("--simt-include", required=True, help="the emulator's include directory")
    parser.add_argument("--include-dir", action="append", help="include directories (;-lists)")
    parser.add_argument("--define", action="append", help="preprocessor definitions (;-lists)")
    parser.add_argument("--user-root", action="append",
                        help="directories whose headers are translated too (default: the "
                             "kernel file's)")
    parser.add_argument("--namespace", default="emulated", help="namespace of the translation")
    parser.add_argument("--cuda-arch", type=int, default=900,
                        help="__CUDA_ARCH__ in the translation, as nvcc's -arch=sm_XY gives it "
                             "(default: 900, an H100's)")
    parser.add_argument("-arch", dest="arch", metavar="compute_XY",
                        help="the same as --cuda-arch XY0, in nvcc's words (simt-nvcc gives it "
                             "so, and CMake reads the architecture from its -v output)")
    parser.add_argument("--relocatable-device-code", choices=["0", "1"], default="0",
                        help="with --program: 1 as nvcc's -rdc=true (CMake's "
                             "CUDA_SEPARABLE_COMPILATION), which launches in device code need")
    parser.add_argument("--block-loops", choices=["0", "1"], default="1",
                        help="1 (default): run kernels whose barriers the whole block reaches "
                             "alike as loops over the block's threads; 0: keep every kernel that "
                             "waits a coroutine per thread (a debugger's view, or to compare)")
    parser.add_argument("--no-block-loops", dest="block_loops", action="store_const", const="0",
                        help="the same as --block-loops=0")
    parser.add_argument("--anchor", help="symbol the linker keeps (default: from the paths)")
    parser.add_argument("--cache-dir",
                        help="where translations of one build share the standard headers, "
                             "precompiled (faster; default: none)")
    args = parser.parse_args(argv)
    if args.arch is not None:
        digits = args.arch.removeprefix("compute_").removeprefix("sm_").rstrip("af")
        if not digits.isdigit():
            parser.error(f"-arch {args.arch}: give compute_XY")
        args.cuda_arch = int(digits) * 10
    return args


def split_lists(values):
    return [item for value in values or [] for item in value.split(";") if item]


def main(argv=None):
    args = arguments(argv)
    source = os.path.abspath(args.input)
    options = Options(source, os.path.abspath(args.simt_include), split_lists(args.include_dir),
                      split_lists(args.define), [os.path.abspath(r) for r in args.user_root or []],
                      cuda_arch=args.cuda_arch, program=args.program,
                      relocatable_device_code=args.relocatable_device_code == "1",
                      block_loops=args.block_loops == "1")
    if args.program != bool(args.host_source):
        print("simt-translate: --program and --host-source go together", file=sys.stderr)
        return 2
    outputs = Outputs(header=os.path.abspath(args.header), source=os.path.abspath(args.source),
                      program=args.program,
                      host_source=os.path.abspath(args.host_source) if args.program else None,
                      depfile=os.path.abspath(args.depfile) if args.depfile else None,
                      namespace=args.namespace, anchor=args.anchor)
    if not outputs.anchor:
        digest = hashlib.sha1((source + outputs.source).encode()).hexdigest()[:12]
        outputs.anchor = f"simt_kernels_{digest}"
    progress = Progress(source)
    if not os.path.isfile(source):
        report([Diagnostic(source, 1, 1, "no such kernel file")])
        return 1
    if args.cache_dir:
        try:
            options.precompiled = standard_headers_pch(options, os.path.abspath(args.cache_dir))
        except OSError:
            pass  # translated without: slower, the same result
    try:
        translate(options, outputs, progress)
    except TranslationFailed as failure:
        report(failure.diagnostics)
        return 1
    except InternalError as error:
        if error.path is not None and error.offset is not None:
            with open(error.path, "rb") as f:
                text = f.read().decode("latin-1")
            report([error_at_offset(error.path, text, error.offset,
                                    internal_error(progress, error).message)])
        else:
            report([internal_error(progress, error)])
        return 1
    except Exception as error:  # noqa: BLE001 - a bug of the translator, reported in one line
        report([internal_error(progress, error)])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
