"""The first pass: clang parses the kernel file as C++20 with the emulator's prelude in front
(simt/kernel.hpp with SIMT_TRANSLATING defined: CUDA's qualifiers are annotations there, and
barriers are declarations marked as suspension points). What clang rejects is reported at the
kernel file's line, with what to do where the emulator lacks a CUDA name or header."""

import ctypes
import os
import re
from dataclasses import dataclass, field

import clang.cindex as ci

from .cursors import FUNCTION_KINDS, RECORD_KINDS, K, annotations, kind_of, top_level
from .clang_arguments import clang_arguments
from . import alignas_order, asm_percent
from .diagnostics import Diagnostic, TranslationFailed
from .macro_launches import file_tokens
from .precompiled_headers import discard
from .sources import SourceFiles, path_of, read_text


@dataclass
class Options:
    input: str  # the kernel file (absolute)
    simt_include: str  # the emulator's include directory (absolute)
    include_dirs: list = field(default_factory=list)
    defines: list = field(default_factory=list)
    user_roots: list = field(default_factory=list)  # directories whose headers are translated
    precompiled: str = None  # the standard headers precompiled (precompiled_headers.py), if any
    cuda_arch: int = 900  # __CUDA_ARCH__ in the translation (SIMT_CUDA_ARCH)
    # path -> text (latin-1) that the parse and the passes take instead of the file's: a whole
    # program's device pass sees its files without their host-only functions (host_code.py)
    unsaved: dict = None
    # A whole program's `.cu` file (simt-nvcc): every header that is not the system's or the
    # emulator's is the program's own, and the runtime API's headers come first
    program: bool = False
    # nvcc's -rdc=true (CMake's CUDA_SEPARABLE_COMPILATION): without it nvcc refuses a launch in
    # device code (dynamic parallelism), and so does a whole program's translation
    relocatable_device_code: bool = False
    # Kernels whose barriers the whole block reaches alike run as loops over their threads
    # (rewrites/block_loops.py); False keeps every kernel that waits a coroutine per thread
    block_loops: bool = True


@dataclass
class Include:
    start: int  # the directive's extent in the including file
    end: int
    path: str  # the included file (absolute), or None if clang did not find it


@dataclass
class ParsedUnit:
    options: Options
    tu: object
    sources: SourceFiles
    user_files: set  # the kernel file and the headers of its own that it includes
    includes: dict  # path -> [Include] for each user file
    cluster_dims: list  # (path, start, end) of each __cluster_dims__(...) written in user files
    primitive_names: set  # names of the emulator's suspension points
    specifier_macros: dict  # user macros that stand for specifiers -> the specifiers
    user_declarations: list  # the top-level cursors of user files, but directives and macros


# Names of CUDA the emulator does not provide, by prefix, with what to say about them.
MISSING_NAMES = [
    (("tex1D", "tex2D", "tex3D", "texCubemap", "tex1Dfetch", "tex1DLayered", "tex2DLayered",
      "tex2Dgather", "surf1D", "surf2D", "surf3D", "texture<", "surface<"),
     "this texture fetch is not emulated (tex2D, tex2DLayered and texCubemap of texture objects "
     "are; surfaces are not: read the array through a pointer instead)"),
    (("wmma", "nvcuda"), "of the warp matrix functions (wmma), the emulator has the fragments, "
                         "fill_fragment, load_matrix_sync, store_matrix_sync, mma_sync and "
                         "__float_to_tf32 (not the experimental sub-byte types)"),
    (("curand",), "cuRAND's device API is not emulated (generate the random numbers on the host)"),
    (("__nv_fp8", "__nv_fp6", "__nv_fp4"), "FP8, FP6 and FP4 types are not emulated"),
    (("cudaGraphSetConditional", "cudaGraphConditionalHandle"),
     "a conditional graph node's variable is set in whole programs (simt-nvcc, "
     "simt_add_executable), where graphs are emulated, not in a kernel file"),
    (("cudaMalloc", "cudaFree", "cudaMemcpy", "cudaDeviceSynchronize", "cudaLaunch",
      "cudaStream", "cudaEvent", "cudaGetLastError"),
     "CUDA runtime calls in device code (dynamic parallelism) are emulated in whole programs "
     "(simt-nvcc, simt_add_executable), not in a kernel file"),
]
# CUDA headers the emulator has no stand-in for.
MISSING_HEADERS = [
    (("curand", ), "cuRAND's device API is not emulated (generate the random numbers on the host)"),
    (("cuda_fp8", "cuda_fp6", "cuda_fp4"), "FP8, FP6 and FP4 types are not emulated"),
    (("cub/", "thrust/", "cuda/std/", "cuda/ptx", "cuda/annotated_ptr", "cuda/memory_resource"),
     "the emulator provides cooperative groups, <cuda/barrier>, <cuda/pipeline>, <cuda/atomic> "
     "and cuda::std's headers that do not wait (<cuda/std/type_traits>, <cuda/std/array>, "
     "<cuda/std/atomic>, ...; use <cuda/barrier> for <cuda/std/barrier>, <cuda/std/latch> and "
     "<cuda/std/semaphore>) of the CUDA C++ libraries, not CUB, Thrust or the rest of libcu++"),
    (("texture_", "surface_", "cuda_texture_types", "cuda_surface_types"),
     "textures and surfaces are not emulated"),
]


def arguments(options):
    return clang_arguments(options.simt_include, options.include_dirs,
                           options.defines + [f"SIMT_CUDA_ARCH={options.cuda_arch}"],
                           runtime=options.program)


# Where a whole program's headers are not its own: the system's (libclang names libstdc++'s
# headers through its own directory, /../lib/gcc/..., which comes out as /include/c++/...).
SYSTEM_DIRECTORIES = ("/usr/include/", "/usr/lib/", "/usr/local/include/", "/usr/local/cuda",
                      "/opt/", "/include/", "/lib/")


def is_user_path(options, path):
    """Whether a file is translated with the kernel file: the file itself, and the headers
    under its directory (or the --user-root directories), or for a whole program every header
    but the system's; never the emulator's."""
    path = os.path.abspath(path)
    if path == options.input:
        return True
    if path.startswith(options.simt_include + os.sep):
        return False
    if options.program:
        return not path.startswith(SYSTEM_DIRECTORIES)
    roots = [os.path.abspath(r) + os.sep for r in
             (options.user_roots or [os.path.dirname(options.input)])]
    return any(path.startswith(root) for root in roots)


def parse(options, unsaved=None, declarations_only=False):
    """The translation unit, or TranslationFailed with clang's first error. With
    `declarations_only`, without function bodies, macros or inclusion directives (faster)."""
    explicit_unsaved = unsaved
    if unsaved is None and options.unsaved:
        unsaved = [(path, text.encode("latin-1")) for path, text in options.unsaved.items()]
    if declarations_only:
        flags = ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES
    else:
        flags = ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
    tu = parse_precompiled(options, unsaved, flags) if options.precompiled else None
    if tu is None:
        try:
            tu = ci.Index.create().parse(options.input, args=arguments(options),
                                         unsaved_files=unsaved, options=flags)
        except ci.TranslationUnitLoadError:
            raise TranslationFailed([Diagnostic(options.input, 1, 1, "clang could not read this "
                                                                     "file as C++")]) from None
    errors = [d for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    respellings = {RESPELLINGS[e.spelling] for e in errors if e.spelling in RESPELLINGS}
    if respellings and explicit_unsaved is None:
        respelled = respelled_files(tu, options, respellings)
        if respelled:
            options.unsaved = {**(options.unsaved or {}), **respelled}
            return parse(options, None, declarations_only)
    if errors:
        # The first error is the cause; what follows it is often its consequence.
        raise TranslationFailed([explain(errors[0], options)])
    return tu


# clang's errors for what nvcc takes and clang does not, which the translation respells where
# the file writes it, and parses again: `__shared__ alignas(N)` (alignas_order.py) and a special
# register written `%globaltimer` in inline PTX (asm_percent.py).
ALIGNAS_AFTER_SHARED = "an attribute list cannot appear here"
RESPELLINGS = {ALIGNAS_AFTER_SHARED: alignas_order,
               "invalid % escape in inline assembly string": asm_percent}


def respelled_files(tu, options, respellings):
    """path -> text of each user file of `tu` that `respellings` (modules with may_hold() and
    respelled()) change."""
    changed = {}
    paths = {options.input} | {os.path.abspath(i.include.name) for i in tu.get_includes()}
    for path in paths:
        if not is_user_path(options, path):
            continue
        original = (options.unsaved or {}).get(path)
        if original is None:
            original = read_text(path)
        text = original
        # In the table's order: the tokens are the parsed text's, which the alignas swap (first)
        # keeps at their offsets and the doubled `%` (last) does not.
        for respelling in dict.fromkeys(RESPELLINGS.values()):
            if respelling in respellings and respelling.may_hold(text):
                text = respelling.respelled(text, file_tokens(tu, path, text))
        if text != original:
            changed[path] = text
    return changed


PRECOMPILED_HEADER_TROUBLE = ("precompiled header", "PCH file", "AST file")


def parse_precompiled(options, unsaved, flags):
    """The translation unit read with the precompiled standard headers, whose declarations it
    does not enumerate, errors and all: clang words them as without the headers precompiled
    (every expected-output case is translated both ways; and when this stopped parsing a failing
    file a second time, the first error of 351 failing repository files and mutants was the same
    both ways). None when clang cannot use the precompiled header (the caller parses without)."""
    # The precompiled header was saved with the detailed preprocessing record, and clang uses
    # it only in a parse that asks for the record too.
    flags |= ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
    try:
        tu = ci.Index.create(excludeDecls=True).parse(
            options.input, args=["-include-pch", options.precompiled] + arguments(options),
            unsaved_files=unsaved, options=flags)
    except ci.TranslationUnitLoadError:
        tu = None
    errors = [] if tu is None else \
        [d.spelling for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    if tu is None or any(t in e for e in errors for t in PRECOMPILED_HEADER_TROUBLE):
        discard(options.precompiled)
        options.precompiled = None
        return None
    return tu


def explain(diagnostic, options):
    """clang's error, at the kernel file's line that caused it, with what to do when it is
    about a CUDA name or header the emulator does not have."""
    location = user_location(diagnostic, options)
    message = diagnostic.spelling
    undeclared = re.search(r"(?:undeclared identifier|no member named|unknown type name|"
                           r"no template named|undeclared function) '([^']+)'", message)
    if undeclared:
        name = undeclared.group(1)
        for prefixes, advice in MISSING_NAMES:
            if name.startswith(prefixes):
                message += f": {advice}"
                break
        else:
            if name.startswith("__") or name.startswith("cuda"):
                message += (": the emulator does not provide this CUDA name (the emulator page "
                            "lists what it has)")
    missing = re.search(r"'([^']+)' file not found", message)
    if missing:
        header = missing.group(1)
        for prefixes, advice in MISSING_HEADERS:
            if header.startswith(prefixes):
                message += f": the emulator has no stand-in for it; {advice}"
                break
        else:
            message += ": not on the include path of the translation (add its folder to the " \
                       "target's include directories)"
    line = line_text(location)
    column = location.column
    if "<<<" in line and ("expected" in message or "<<<" in message):
        message = ("a kernel launch (<<<...>>>) in a kernel file: the emulator translates device "
                   "code; launch from a host source with simt::launch(config, Kernel, args...) "
                   "(move the function that launches out of the kernel file), or build the "
                   "program as a whole with simt-nvcc or simt_add_executable, where launches "
                   "from host code and from kernels (dynamic parallelism) both run")
        column = line.index("<<<") + 1
    elif message == ALIGNAS_AFTER_SHARED and "alignas" in line:
        message = ("alignas cannot appear here: write it in front of the declaration "
                   "(`alignas(N) __shared__ ...` or `alignas(N) static __shared__ ...`); nvcc also "
                   "takes `__shared__ alignas(N)` at the start of a declaration, which the "
                   "translation moves in front itself")
    return Diagnostic(location.file.name if location.file else options.input, location.line,
                      column, message)


def user_location(diagnostic, options):
    """Where in the user's files an error is: its own location, or, for one inside the
    emulator's headers, the first note of the user's files (where the template was used)."""
    location = diagnostic.location
    if location.file is not None and \
            not os.path.abspath(location.file.name).startswith(options.simt_include + os.sep):
        return location
    for note in diagnostic.children:
        where = note.location
        if where.file is not None and \
                not os.path.abspath(where.file.name).startswith(options.simt_include + os.sep):
            return where
    return location


def line_text(location):
    if location.file is None:
        return ""
    try:
        with open(location.file.name, "rb") as f:
            lines = f.read().decode("latin-1").split("\n")
        return lines[location.line - 1] if 0 < location.line <= len(lines) else ""
    except OSError:
        return ""


def parse_unit(options):
    tu = parse(options)
    roots = [os.path.abspath(r) + os.sep for r in
             (options.user_roots or [os.path.dirname(options.input)])]
    sources = SourceFiles(tu, options.input, options.simt_include, roots,
                          (lambda path: is_user_path(options, path)) if options.program else None)
    for path, text in (options.unsaved or {}).items():
        sources.use_text(path, text)
    user_files = {options.input}
    includes = {}
    cluster_dims = []
    user_declarations = []
    in_simt = {}  # file name -> whether it is one of the emulator's headers
    simt_declarations = []
    # The location of a cursor costs a call into libclang: each top-level cursor's is asked once,
    # and each file's name once (by the file's handle: most cursors are in system headers).
    names = {}  # file handle -> name
    for c in top_level(tu):
        f = c.location.file
        if f is None:
            continue
        handle = ctypes.cast(f.obj, ctypes.c_void_p).value
        name = names.get(handle)
        if name is None:
            name = names[handle] = f.name
        if not sources.is_user_file(name):
            if name not in in_simt:
                in_simt[name] = os.path.realpath(name).startswith(options.simt_include + os.sep)
            if in_simt[name]:
                simt_declarations.append(c)
            continue
        path = path_of(c)
        kind = kind_of(c)
        if kind not in (K.MACRO_INSTANTIATION, K.MACRO_DEFINITION, K.INCLUSION_DIRECTIVE):
            user_declarations.append(c)
        if kind == K.INCLUSION_DIRECTIVE:
            included = c.get_included_file()
            included_path = os.path.abspath(included.name) if included is not None else None
            includes.setdefault(path, []).append(
                Include(c.extent.start.offset, c.extent.end.offset, included_path))
            if included_path is not None and sources.is_user_file(included_path):
                user_files.add(included_path)
        elif kind == K.MACRO_INSTANTIATION and c.spelling == "__cluster_dims__":
            cluster_dims.append((path, c.extent.start.offset, c.extent.end.offset))
        sources.note_macros(c)
    return ParsedUnit(options, tu, sources, user_files, includes, cluster_dims,
                      primitive_names(simt_declarations), specifier_macros(sources),
                      user_declarations)


# Declarations that hold the emulator's suspension points: they are functions and members at
# namespace or class scope (friends too), never inside a function body.
SCOPE_KINDS = RECORD_KINDS | {K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL, K.FRIEND_DECL}


def primitive_names(simt_declarations):
    """The names of the emulator's suspension points (functions and members the prelude and
    the stand-in headers mark simt:suspends): a dependent call by one of these names in a
    template is taken for one."""
    names = set()
    pending = list(simt_declarations)
    while pending:
        c = pending.pop()
        kind = kind_of(c)
        if kind in FUNCTION_KINDS:
            if "simt:suspends" in annotations(c):
                names.add(c.spelling)
        elif kind in SCOPE_KINDS:
            pending.extend(c.get_children())
    return names


SPECIFIERS = {"__host__", "__device__", "__global__", "__forceinline__", "__noinline__", "inline",
              "static", "extern", "__inline__", "__inline_hint__"}


def specifier_macros(sources):
    """Object-like user macros whose expansion is only specifiers (`__host__ __device__`,
    `static inline`) or one attribute (`__attribute__((always_inline))`), with the words they
    stand for: written before a return type, they are not part of it."""
    macros = {}
    for definitions in sources.macro_definitions.values():
        for name, replacement in definitions:
            words = [t.spelling for t in replacement]
            if not words:
                continue
            if all(w in SPECIFIERS or w in macros for w in words):
                macros[name] = {x for w in words for x in macros.get(w, {w})}
            elif words[0] in ("__attribute__", "__launch_bounds__", "__maxnreg__") and \
                    words[-1] == ")":
                macros[name] = set()
    return macros
