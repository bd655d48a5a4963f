#!/usr/bin/env python3
"""simt-nvcc: builds a CUDA program for the CPU emulator from nvcc's command line.

`simt-nvcc -o app main.cu util.cpp` does what `nvcc -o app main.cu util.cpp` does, with the
emulator in place of the GPU: each `.cu` file is translated (simt-translate --program: its
kernels become the emulator's twins, its host code keeps its `<<<...>>>` launches as nvcc's host
pass compiles them), compiled by the host compiler, and linked with the emulator and its CUDA
runtime (simt::runtime). No CUDA Toolkit is needed. An nvcc option this driver does not know is
an error that names it; one it accepts without effect is listed by --help.

The driver's configuration (where the emulator's headers, libraries and translator are) is in
the JSON file that SIMT_NVCC_CONFIG names, which the build tree's and the installed `simt-nvcc`
scripts set.
"""

import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

# CMake's CUDA language knows nvcc by the second line and takes the toolkit's version from the
# third: the CUDA release whose runtime API the emulator answers (cudaRuntimeGetVersion).
VERSION = """simt-nvcc 0.1: builds CUDA programs for the simt CPU emulator (no CUDA Toolkit used)
Takes the command line of nvcc: NVIDIA (R) Cuda compiler driver
Cuda compilation tools, release 13.0, V13.0.0 (the runtime API simt imitates)"""

USAGE = """usage: simt-nvcc [options] <files>...

Builds a CUDA program (.cu, .cpp, .c, .o, .a files) for the simt CPU emulator, as nvcc builds it
for a GPU. Options nvcc has:
  -o <file>                 the output (default a.out, or <file>.o with -c)
  -c                        compile each input to an object file, without linking
  -run, --run               run the program after building it (then delete a default a.out)
  -I<dir>, -isystem <dir>   include directories
  -D<name>[=<value>], -U<name>
  -std=c++17|c++20          the language standard (the emulator compiles C++20 in any case:
                            its GPU threads are C++20 coroutines)
  -O0 .. -O3, -g, -lineinfo
  -G                        kernels for a debugger: every kernel that waits at a barrier stays
                            a coroutine per thread (the kernel's own frame in gdb)
  -arch=sm_XY, -arch=compute_XY, --gpu-architecture=..., -gencode arch=compute_XY,code=sm_XY
                            __CUDA_ARCH__ in the kernels: of several, the one an H100 runs
                            from nvcc's build (the highest up to 900; default 900). The
                            emulator imitates an H100 unless SIMT_COMPUTE_CAPABILITY says
                            otherwise
  -rdc=true|false, -dc      relocatable device code (-dc: with -c). As with nvcc, a kernel
                            launch in device code (dynamic parallelism) needs -rdc=true;
                            otherwise each file's device code is its own either way
  --extended-lambda, --expt-extended-lambda, --expt-relaxed-constexpr
  -Xcompiler <a,b,...>      options for the host compiler
  -L<dir>, -l<library>      libraries to link (-lcudart and -lcuda are the emulator's own)
  -ccbin <compiler>         the host compiler (default c++)
  -keep, -keep-dir <dir>    keep the translated sources (in the current directory, or <dir>)
  -x cu|c++|c|none          the inputs after it are in that language, whatever their names
  -MD, -MMD, -MF <file>, -MT <target>
                            with -c: write the file's dependencies (Makefile syntax)
  -forward-unknown-to-host-compiler
                            give options simt-nvcc does not know to the host compiler
  --options-file <file>     read more of the command line from <file>
  -dlink                    the device link step: an empty object (each object already holds
                            its kernels, as the emulator compiled them)
  -shared, --shared         link a shared library (its sources compiled with -Xcompiler -fPIC,
                            as nvcc needs them); it holds the emulator's runtime, as nvcc's holds
                            cudart_static
  -v, --verbose             print each command it runs; before them, where its headers and
                            CUDA runtime are, in nvcc's words (CMake's CUDA language reads them)
  -Werror <kind,...>        all-warnings: the host compiler's warnings are errors (-Werror);
                            deprecated-declarations: those (-Werror=deprecated-declarations);
                            nvcc's own kinds (cross-execution-space-call, reorder, ...) have no
                            effect: the emulator's translation does not warn of them
  --version, --help
An option of its own:
  --simt-no-checks          compile the kernels without the checks' instrumentation: their
                            memory accesses are then never checked, whatever SIMT_CHECKS says
                            (the rest of the checks stay), and loops over memory run up to 3x
                            faster than with SIMT_CHECKS=0, where each access still tests a flag
                            and the compiler keeps a thread's variables in memory around it
Accepted without effect (they change how a GPU runs the code, not what it computes):
  --use_fast_math, -Xptxas <...>, -maxrregcount <n>, --default-stream <...>, -cudart <...>,
  -m64, --threads <n>, -t <n>, -Wno-deprecated-gpu-targets, -lineinfo, -w

The program runs on the emulator; the environment chooses its settings when it runs:
  SIMT_CHECKS=0|1            the checks for races, bounds and the like (default 1; 0 is faster)
  SIMT_WORKERS=<n>           worker threads (default 0: one per hardware thread)
  SIMT_SHUFFLE_SEED=<n>      run each barrier interval's threads in an order shuffled from <n>
  SIMT_STRICT=0|1            warn when threads that returned skipped a barrier (default 0)
  SIMT_WATCHDOG_SECONDS=<s>  report a launch that makes no progress for <s> s (default 5, 0 off)
  SIMT_BANK_COUNTERS=0|1     count shared-memory bank conflicts, which a program reads with
                             simt::last_launch_counters() (default 0: CUDA's API has no call
                             that reads them, and counting them slows barrier-heavy kernels)
  SIMT_COMPUTE_CAPABILITY=<major.minor>
                             the GPU imitated (default 9.0, an H100; lower to see an older one)
"""

NO_EFFECT_WITH_VALUE = {"-Xptxas", "--ptxas-options", "-maxrregcount", "--maxrregcount",
                        "--default-stream", "-default-stream", "-cudart", "--cudart",
                        "--threads", "-t", "-Xnvlink", "--nvlink-options"}
NO_EFFECT = {"--use_fast_math", "-use_fast_math", "-m64", "--machine=64", "-lineinfo",
             "--generate-line-info", "-Wno-deprecated-gpu-targets", "-w",
             "--extended-lambda", "--expt-extended-lambda", "--expt-relaxed-constexpr",
             "-expt-extended-lambda", "-expt-relaxed-constexpr",
             "-ftz=true", "-ftz=false", "-prec-div=true", "-prec-div=false", "-prec-sqrt=true",
             "-prec-sqrt=false", "-fmad=true", "-fmad=false"}
EMULATED_LIBRARIES = {"cudart", "cuda", "cudart_static", "cudadevrt"}
CXX_SOURCES = (".cpp", ".cc", ".cxx", ".C", ".c++")


class UsageError(Exception):
    pass


class Options:
    def __init__(self):
        self.inputs = []
        self.languages = {}  # inputs after -x cu|c++|c: that language, whatever their names
        self.output = None
        self.compile_only = False
        self.run = False
        self.include_dirs = []
        self.system_dirs = []
        self.defines = []  # "-DX=1" and "-UX" as given
        self.optimisation = "-O2"
        self.debug = False
        self.device_debug = False
        self.architectures = []  # each -arch, -code and -gencode names, as __CUDA_ARCH__
        self.host_options = []
        self.link_options = []
        self.compiler = None
        self.program_arguments = []
        self.keep_dir = None  # -keep: where the translated sources stay
        self.no_checks = False  # --simt-no-checks: kernels without the access instrumentation
        self.relocatable = False  # -rdc=true: launches in device code are allowed, as by nvcc
        self.verbose = False  # -v: the commands, printed as they run
        self.write_depfile = False  # -MD / -MMD: write the dependencies of -c
        self.depfile = None  # -MF: where (by default, the object's name with .d)
        self.depfile_target = None  # -MT
        self.device_link = False  # -dlink
        self.shared = False  # -shared: the link makes a shared library


IMITATED_ARCH = 900  # an H100's, the GPU the emulator imitates unless told otherwise


def chosen_arch(architectures):
    """The __CUDA_ARCH__ the kernels are translated for. nvcc builds one image per architecture
    and the GPU runs the newest one it can, so the emulator's kernels are the image an H100
    would pick: the highest at most 9.0, or, when all are newer, the oldest (whose launch then
    fails as on an H100, with cudaErrorNoKernelImageForDevice)."""
    if not architectures:
        return IMITATED_ARCH
    runnable = [a for a in architectures if a <= IMITATED_ARCH]
    return max(runnable) if runnable else min(architectures)


def parse_arch(value):
    """__CUDA_ARCH__ of each of sm_XY, compute_XY, sm_XYa, or a comma list of them."""
    found = []
    for item in value.replace("[", "").replace("]", "").split(","):
        item = item.strip()
        for prefix in ("sm_", "compute_", "lto_"):
            if item.startswith(prefix):
                digits = item[len(prefix):].rstrip("af")
                if digits.isdigit() and len(digits) >= 2:
                    found.append(int(digits) * 10)
                    break
        else:
            if item not in ("native", "all", "all-major", ""):
                raise UsageError(f"unknown GPU architecture '{item}' (give sm_XY or compute_XY)")
    return found


def gencode_arch(spec):
    """The architectures of `arch=compute_XY,code=[sm_XY,compute_XY]`."""
    found = []
    for part in spec.replace("[", ",").replace("]", ",").split(","):
        part = part.split("=", 1)[1] if "=" in part else part
        if part.strip():
            found += parse_arch(part)
    return found


NVCC_WARNING_KINDS = {"cross-execution-space-call", "reorder", "default-stream-launch",
                      "missing-launch-bounds", "ext-lambda-captures-this",
                      "deprecated-declarations", "all-warnings"}


def warnings_as_errors(text):
    """The host compiler's options for nvcc's -Werror <kind,...>."""
    options = []
    for kind in text.split(","):
        if kind not in NVCC_WARNING_KINDS:
            raise UsageError(f"-Werror {kind}: nvcc's kinds are "
                             f"{', '.join(sorted(NVCC_WARNING_KINDS))}")
        if kind == "all-warnings":
            options.append("-Werror")
        elif kind == "deprecated-declarations":
            options.append("-Werror=deprecated-declarations")
    return options


def parse_boolean(flag, text):
    if text.lower() not in ("true", "false"):
        raise UsageError(f"option '{flag}' takes true or false, not '{text}'")
    return text.lower() == "true"


FORWARD_UNKNOWN = ("-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler")


def expand_options_files(argv):
    """nvcc's --options-file <file> (-optf): the file's words in its place."""
    expanded = []
    words = list(argv)
    while words:
        a = words.pop(0)
        if a in ("--options-file", "-optf") and words:
            with open(words.pop(0), encoding="utf-8") as f:
                words[0:0] = shlex.split(f.read())
        elif a.startswith(("--options-file=", "-optf=")):
            with open(a.split("=", 1)[1], encoding="utf-8") as f:
                words[0:0] = shlex.split(f.read())
        else:
            expanded.append(a)
    return expanded


def parse_arguments(argv):
    """The options of `argv`, whose options files main() has already expanded."""
    o = Options()
    forward_unknown = any(a in FORWARD_UNKNOWN for a in argv)
    language = None  # -x: the language of the inputs after it
    i = 0

    def value(flag):
        nonlocal i
        if i + 1 >= len(argv):
            raise UsageError(f"option '{flag}' needs a value")
        i += 1
        return argv[i]

    while i < len(argv):
        a = argv[i]
        if a in ("--help", "-h", "-help"):
            print(USAGE, end="")
            sys.exit(0)
        elif a in ("--version", "-V"):
            print(VERSION)
            sys.exit(0)
        elif a in NO_EFFECT or a in FORWARD_UNKNOWN:
            pass
        elif a in ("-v", "--verbose"):
            o.verbose = True
        elif a in ("-MD", "-MMD", "--generate-dependencies-with-compile",
                   "--generate-nonsystem-dependencies-with-compile"):
            o.write_depfile = True
        elif a in ("-MF", "--dependency-output"):
            o.depfile = value(a)
        elif a in ("-MT", "--dependency-target-name"):
            o.depfile_target = value(a)
        elif a in ("-dlink", "--device-link"):
            o.device_link = True
        elif a in ("-Werror", "--Werror"):
            o.host_options += warnings_as_errors(value(a))
        elif a.startswith(("-Werror=", "--Werror=")):
            o.host_options += warnings_as_errors(a.split("=", 1)[1])
        elif a in ("-shared", "--shared"):
            o.shared = True  # with -dlink (as CMake asks) the empty object is already PIC
        elif a in ("-o", "--output-file"):
            o.output = value(a)
        elif a in ("-c", "--compile"):
            o.compile_only = True
        elif a in ("-run", "--run"):
            o.run = True
        elif a == "--simt-no-checks":
            o.no_checks = True
        elif a in ("-rdc", "--relocatable-device-code"):
            o.relocatable = parse_boolean(a, value(a))
        elif a.startswith(("-rdc=", "--relocatable-device-code=")):
            o.relocatable = parse_boolean(a, a.split("=", 1)[1])
        elif a in ("-dc", "--device-c"):
            o.relocatable = True
            o.compile_only = True
        elif a in ("-keep", "--keep"):
            o.keep_dir = o.keep_dir or "."
        elif a in ("-keep-dir", "--keep-dir"):
            o.keep_dir = value(a)
        elif a == "--run-args":
            o.program_arguments += shlex.split(value(a))
        elif a.startswith("-I") and len(a) > 2:
            o.include_dirs.append(a[2:])
        elif a in ("-I", "--include-path"):
            o.include_dirs.append(value(a))
        elif a.startswith("--include-path="):
            o.include_dirs.append(a.split("=", 1)[1])
        elif a in ("-isystem", "--system-include"):
            o.system_dirs.append(value(a))
        elif a.startswith(("-isystem=", "--system-include=")):
            o.system_dirs.append(a.split("=", 1)[1])
        elif a.startswith("-D") and len(a) > 2:
            o.defines.append(a)
        elif a in ("-D", "--define-macro"):
            o.defines.append("-D" + value(a))
        elif a.startswith("-U") and len(a) > 2:
            o.defines.append(a)
        elif a in ("-U", "--undefine-macro"):
            o.defines.append("-U" + value(a))
        elif a.startswith("-std=") or a.startswith("--std="):
            standard = a.split("=", 1)[1]
            if standard not in ("c++11", "c++14", "c++17", "c++20"):
                raise UsageError(f"'{a}': the emulator compiles C++17 and C++20 programs (as "
                                 f"C++20: its GPU threads are C++20 coroutines)")
        elif a in ("-O0", "-O1", "-O2", "-O3"):
            o.optimisation = a
        elif a in ("-g", "--debug"):
            o.debug = True
        elif a in ("-G", "--device-debug"):
            # Device code for a debugger: every kernel that waits stays a coroutine per thread,
            # which gdb shows as the kernel's own frame.
            o.device_debug = True
        elif a.startswith("-arch=") or a.startswith("--gpu-architecture=") or \
                a.startswith("-code=") or a.startswith("--gpu-code="):
            o.architectures += parse_arch(a.split("=", 1)[1])
        elif a in ("-arch", "--gpu-architecture", "-code", "--gpu-code"):
            o.architectures += parse_arch(value(a))
        elif a in ("-gencode", "--generate-code") or a.startswith(("-gencode=",
                                                                    "--generate-code=")):
            spec = value(a) if a in ("-gencode", "--generate-code") else a.split("=", 1)[1]
            o.architectures += gencode_arch(spec)
        elif a in ("-Xcompiler", "--compiler-options"):
            o.host_options += [x for x in value(a).split(",") if x]
        elif a.startswith("-Xcompiler="):
            o.host_options += [x for x in a.split("=", 1)[1].split(",") if x]
        elif a in ("-ccbin", "--compiler-bindir"):
            o.compiler = value(a)
        elif a.startswith("-L") and len(a) > 2:
            o.link_options.append(a)
        elif a.startswith("-l") and len(a) > 2:
            if a[2:] not in EMULATED_LIBRARIES:
                if a[2:].startswith(("cublas", "cufft", "curand", "cusparse", "cusolver",
                                     "nvrtc", "nvjpeg", "npp", "nvToolsExt", "nvtx")):
                    raise UsageError(f"'{a}': CUDA's libraries are not emulated (only the "
                                     f"runtime API is)")
                o.link_options.append(a)
        elif a in ("-L", "-l"):
            o.link_options.append(a + value(a))
        elif a in NO_EFFECT_WITH_VALUE:
            value(a)
        elif any(a.startswith(f + "=") for f in NO_EFFECT_WITH_VALUE):
            pass
        elif a in ("-x", "--x"):
            language = value(a)
            if language not in ("cu", "c++", "c", "none"):
                raise UsageError(f"'-x {language}': simt-nvcc takes cu, c++ and c")
            language = None if language == "none" else language
        elif a.startswith("-") and forward_unknown:
            o.host_options.append(a)  # as nvcc gives it to the host compiler
        elif a.startswith("-"):
            raise UsageError(f"unknown option '{a}' (an nvcc option the emulator's driver does "
                             f"not take; simt-nvcc --help lists those it does)")
        else:
            o.inputs.append(a)
            if language:
                o.languages[a] = language
        i += 1
    if o.depfile is not None and not o.write_depfile:
        raise UsageError("option '-MF' (the dependency file) needs '-MD' or '-MMD', as nvcc's does")
    if not o.inputs:
        raise UsageError("no input files")
    for path in o.inputs:
        if not os.path.exists(path):
            raise UsageError(f"{path}: no such file")
    if o.compile_only and o.output and len([p for p in o.inputs if not p.endswith(".o")]) > 1:
        raise UsageError("-o with -c names one output, and there are several inputs")
    return o


def load_config():
    path = os.environ.get("SIMT_NVCC_CONFIG")
    if not path:
        raise UsageError("SIMT_NVCC_CONFIG is not set: run simt-nvcc through the script the "
                         "build or the installation made")
    with open(path, encoding="utf-8") as f:
        config = json.load(f)
    base = os.path.dirname(os.path.abspath(path))
    for key in ("include", "translator", "layout"):
        config[key] = os.path.normpath(os.path.join(base, config[key]))
    return config


def announce(commands, verbose):
    """-v: each command as nvcc prints its own, after `#$ `."""
    if verbose:
        for command in commands:
            print("#$ " + shlex.join(command), file=sys.stderr, flush=True)


def run(command, verbose=False):
    announce([command], verbose)
    result = subprocess.run(command)
    if result.returncode != 0:
        raise SystemExit(result.returncode if result.returncode > 0 else 1)


def run_together(commands, verbose=False):
    """Runs the commands side by side (a translation's two compiles: the machine's cores are
    what a one-file build waits for); the first failure's status, after all have ended."""
    announce(commands, verbose)
    processes = [subprocess.Popen(c) for c in commands]
    statuses = [p.wait() for p in processes]
    for status in statuses:
        if status != 0:
            raise SystemExit(status if status > 0 else 1)


def stand_in_headers(config):
    """Where the emulator's CUDA headers are, in the order a program's includes find them."""
    include = config["include"]
    return [os.path.join(include, "simt", "runtime"), os.path.join(include, "simt", "cuda"),
            include]


def runtime_directory(config):
    """The CUDA runtime, where a CUDA Toolkit has it: linker scripts that name the emulator."""
    return "-L" + os.path.join(config["layout"], "lib64")


def describe(config):
    """-v: where the toolkit is, in the lines nvcc -v starts with. CMake's CUDA language reads
    TOP, NVVMIR_LIBRARY_DIR, INCLUDES and LIBRARIES, then finds the link line by LIBRARIES."""
    layout = config["layout"]
    compiler = shutil.which(config.get("compiler") or "c++") or ""
    lines = ["_SIMT_=the lines below name simt's files where nvcc names a CUDA Toolkit's",
             f"TOP={layout}", f"NVVMIR_LIBRARY_DIR={os.path.join(layout, 'nvvm', 'libdevice')}",
             f"PATH={os.path.dirname(compiler)}:{os.environ.get('PATH', '')}",
             "INCLUDES=" + shlex.join("-I" + d for d in stand_in_headers(config)),
             "LIBRARIES=" + shlex.quote(runtime_directory(config))]
    for line in lines:
        print("#$ " + line, file=sys.stderr)


class Build:
    def __init__(self, options, config, work):
        self.o = options
        self.config = config
        self.work = work
        self.compiler = options.compiler or config.get("compiler") or "c++"
        self.stand_ins = stand_in_headers(config)

    def run(self, command):
        run(command, self.o.verbose)

    def common(self):
        flags = [self.o.optimisation, "-std=c++20", "-pthread"]
        if self.o.debug:
            flags.append("-g")
        flags += ["-I" + d for d in self.o.include_dirs]
        flags += [f for d in self.o.system_dirs for f in ("-isystem", d)]
        flags += self.o.defines
        if self.o.no_checks:
            flags.append("-DSIMT_NO_ACCESS_CHECKS")
        return flags

    def translate(self, source, stem):
        header = os.path.join(self.work, stem + ".emulated.hpp")
        device = os.path.join(self.work, stem + ".emulated.cpp")
        host = os.path.join(self.work, stem + ".host.cpp")
        command = [sys.executable, "-B", self.config["translator"], source, "--program",
                   "--header", header, "--source", device, "--host-source", host,
                   "--simt-include", self.config["include"],
                   "-arch", f"compute_{chosen_arch(self.o.architectures) // 10}",
                   "--relocatable-device-code=" + ("1" if self.o.relocatable else "0"),
                   "--block-loops=" + ("0" if self.o.device_debug else "1")]
        if self.config.get("cache"):
            command += ["--cache-dir", os.path.expanduser(self.config["cache"])]
        for d in self.o.include_dirs + self.o.system_dirs:
            command.append("--include-dir=" + os.path.abspath(d))
        for d in self.o.defines:
            if d.startswith("-D"):
                command.append("--define=" + d[2:])
        if self.o.write_depfile:
            command += ["--depfile", os.path.join(self.work, stem + ".d")]
        self.run(command)
        return device, host

    def write_depfile(self, output):
        """-MD: the translator's dependencies of the .cu file, under -MT's target (default: the
        object), where -MF says (default: beside the object)."""
        stem = os.path.splitext(os.path.basename(output))[0]
        with open(os.path.join(self.work, stem + ".d"), encoding="utf-8") as f:
            _, dependencies = f.read().split(": ", 1)
        path = self.o.depfile or os.path.splitext(output)[0] + ".d"
        with open(path, "w", encoding="utf-8") as f:
            f.write(f"{self.o.depfile_target or output}: {dependencies}")

    def compile_cu(self, source, output):
        stem = os.path.splitext(os.path.basename(output))[0]
        device, host = self.translate(os.path.abspath(source), stem)
        device_object = os.path.join(self.work, stem + ".emulated.o")
        host_object = os.path.join(self.work, stem + ".host.o")
        # Kernels have no exceptions (their coroutines then need no handlers) unless the file's
        # own code or headers throw: the translation writes which in <device>.flags. The other
        # options are simt_add_kernels' (SimtAddKernels.cmake says why).
        run_together([
            [self.compiler, "-c", device, "-o", device_object, "@" + device + ".flags",
             "-fasynchronous-unwind-tables", "-fno-jump-tables", "-fno-semantic-interposition"] +
            self.common() +
            ["-I" + d for d in self.stand_ins] + self.o.host_options,
            [self.compiler, "-c", host, "-o", host_object] + self.common() +
            ["-I" + d for d in self.stand_ins] + self.o.host_options], self.o.verbose)
        # One object per .cu file, as nvcc -c writes it.
        self.run(["ld", "-r", device_object, host_object, "-o", output])
        if self.o.write_depfile:
            self.write_depfile(output)

    def compile_cxx(self, source, output, c):
        compiler = self.compiler
        flags = self.common()
        if c:
            compiler = self.config.get("c_compiler") or "cc"
            flags = [f for f in flags if not f.startswith("-std=")]
        if self.o.write_depfile:
            flags += ["-MD", "-MF", self.o.depfile or os.path.splitext(output)[0] + ".d",
                      "-MT", self.o.depfile_target or output]
        # The language named, for a file whose name does not say it (-x c++ kernels.cu).
        self.run([compiler, "-c", "-x", "c" if c else "c++", source, "-o", output] + flags +
                 ["-I" + d for d in self.stand_ins] + self.o.host_options)

    def compile(self, source, output):
        language = self.o.languages.get(source)
        if language == "cu" or (language is None and source.endswith(".cu")):
            self.compile_cu(source, output)
        elif language or source.endswith(CXX_SOURCES) or source.endswith(".c"):
            self.compile_cxx(source, output, c=language == "c" or
                             (language is None and source.endswith(".c")))
        else:
            raise UsageError(f"{source}: not a file simt-nvcc builds (.cu, .cpp, .c, .o, .a)")

    def link(self, objects, output):
        # A shared library holds the runtime, as one linked with nvcc holds cudart_static: the
        # program that loads it takes the runtime from it, and so uses one emulated device.
        shared = ["-shared"] if self.o.shared else []
        self.run([self.compiler, "-o", output] + shared + objects + self.o.link_options +
                 [runtime_directory(self.config), "-lcudadevrt", "-lcudart_static", "-pthread"] +
                 self.o.host_options)

    def device_link(self, output):
        """-dlink: nvcc links the objects' device code into one more object; the emulator's
        kernels are already in the objects, so the object is empty."""
        empty = os.path.join(self.work, "device_link.cpp")
        with open(empty, "w", encoding="utf-8") as f:
            f.write("// simt-nvcc -dlink: the kernels are in the objects already.\n")
        self.run([self.compiler, "-c", empty, "-o", output, "-fPIC"])


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        config = load_config()
        unreadable = None
        try:
            words = expand_options_files(argv)
        except OSError as error:
            words, unreadable = argv, error
        if "-v" in words or "--verbose" in words:
            describe(config)  # first, as nvcc does, even when the command line is wrong
        if unreadable is not None:
            raise UsageError(f"--options-file: {unreadable}") from unreadable
        options = parse_arguments(words)
    except UsageError as error:
        print(f"simt-nvcc: error: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"simt-nvcc: error: {error}", file=sys.stderr)
        return 2
    if options.keep_dir:
        os.makedirs(options.keep_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="simt-nvcc-", dir=options.keep_dir)
    try:
        build = Build(options, config, work)
        objects = []
        try:
            if options.device_link:
                build.device_link(options.output or "a_dlink.o")
                return 0
            for n, source in enumerate(options.inputs):
                if source.endswith((".o", ".a", ".so")):
                    objects.append(source)
                    continue
                stem = os.path.splitext(os.path.basename(source))[0]
                if options.compile_only:
                    output = options.output or stem + ".o"
                else:
                    output = os.path.join(work, f"{n}_{stem}.o")
                build.compile(source, output)
                objects.append(output)
            if options.compile_only:
                return 0
            program = options.output or "a.out"
            build.link(objects, program)
        except UsageError as error:
            print(f"simt-nvcc: error: {error}", file=sys.stderr)
            return 2
        except SystemExit as failed:
            return int(failed.code or 1)
        if options.run:
            path = program if os.sep in program else os.path.join(".", program)
            status = subprocess.run([path] + options.program_arguments).returncode
            if options.output is None:
                os.remove(program)
            return status
        return 0
    finally:
        if options.keep_dir:
            print(f"simt-nvcc: the translated sources are in {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
