"""The last pass: each file's text with every pass's edits applied, the kernel file's own headers
inlined where it includes them (other includes hoisted in front), under `#line` directives so that
every compiler error and emulator diagnostic names the original file and line; then the header,
the source with its registrations, and the dependency file written."""

import hashlib
import os

import clang.cindex as ci
from dataclasses import dataclass, field

from .cursors import K, c_string, kind_of
from .text_edits import Edits


@dataclass
class Body:
    text: str
    hoisted: list = field(default_factory=list)  # include directives moved in front


def translated_body(unit, edits, header_only, once, guards, for_header, hoist=True,
                    host_includes=None):
    """The kernel file's translation (UTF-8): for the header, the header-only replacements
    applied on top of the edits. Headers with `#pragma once` or an include guard (`guards`:
    path -> macro) are inlined once; a guard's macro is undefined after the header. Without
    `hoist` (a whole program's host code), other includes stay where they are written.
    `host_includes` (a whole program's host code: HostCode.includes): the directives the host
    pass reads; one that the device pass skipped (by __CUDA_ARCH__) and that names a header
    inlined once elsewhere includes the header's own file only where that copy was not read."""
    hoisted = [] if hoist else None
    text = _translated_file(unit, edits, header_only, once | set(guards), guards, for_header,
                            unit.options.input, {unit.options.input}, hoisted, host_includes)
    # A file in another encoding (Latin-1 comments) keeps its bytes as they are.
    return Body(text.encode("latin-1").decode("utf-8", errors="surrogateescape"), hoisted or [])


def _host_once_guard(path):
    """The macro that marks, in a whole program's host code, that a header inlined once has been
    read."""
    return "SIMT_HOST_ONCE_" + hashlib.sha1(path.encode()).hexdigest()[:16]


def _translated_file(unit, edits, header_only, once, guards, for_header, path, seen, hoisted,
                     host_includes=None):
    sources = unit.sources
    source = sources.text(path)
    file_edits = edits.get(path, Edits()).copy()
    if for_header:
        for start, end, text in header_only.get(path, []):
            if end > start:
                file_edits.drop_inside(start, end)
            # A removed body leaves its line breaks, so that what follows it (a template's
            # body, which stays in the header) keeps its lines under the file's #line.
            file_edits.replace(start, end, text + "\n" * source.count("\n", start, end))
    stand_ins = os.path.join(unit.options.simt_include, "simt", "cuda") + os.sep
    for include in unit.includes.get(path, []):
        directive = source[include.start:include.end]
        included = include.path
        if included is not None and sources.is_user_file(included):
            if included in seen and included in once:
                file_edits.replace(include.start, include.end, "")
                continue
            seen.add(included)
            line = source[:include.end].count("\n") + 1
            body = _translated_file(unit, edits, header_only, once, guards, for_header, included,
                                    seen, hoisted, host_includes)
            undef = "".join(f"\n#undef {name}" for name in guards.get(included, []))
            opening = closing = ""
            if host_includes is not None and included in once:
                guard = _host_once_guard(included)
                opening, closing = f"\n#ifndef {guard}\n#define {guard}", "\n#endif"
            # What follows the directive on its line (its line break, at least) comes next,
            # under the directive's own line number.
            file_edits.replace(include.start, include.end,
                               f'{opening}\n#line 1 "{included}"\n{body}{closing}{undef}\n'
                               f'#line {line} "{path}"\n')
        elif hoisted is not None:
            # <cassert> moves to the front; where it was, assert() is defined again for kernel
            # code, for the NDEBUG of that place.
            assertions = included is not None and os.path.basename(included) in ("cassert",
                                                                                  "assert.h")
            file_edits.replace(include.start, include.end,
                               "#include <simt/cuda/device_assert.h>" if assertions else "")
            if included is not None and included.startswith(stand_ins):
                relative = os.path.relpath(included, unit.options.simt_include)
                hoisted.append(f"#include <{relative}>")
            else:
                hoisted.append(directive.strip())
    if host_includes is not None:
        read_by_device = {include.start for include in unit.includes.get(path, [])}
        for start, end, included in host_includes.get(path, []):
            if start in read_by_device or included not in once:
                continue
            guard = _host_once_guard(included)
            line = source[:end].count("\n") + 1
            file_edits.replace(start, end, f'\n#ifndef {guard}\n#define {guard}\n#include '
                                           f'"{included}"\n#endif\n#line {line} "{path}"\n')
    return file_edits.apply(source, path)


def twin_variables(kernels, namespace, own):
    """A whole program's header: the address of each kernel's twin in a variable, which the
    kernel's stub in host code names where the kernel's name alone does not pick the twin (an
    overload, an explicit specialisation: host_code.py). Every kernel has one, so that the host
    pass, which decides that from its own parse, always finds it."""
    lines = [f"constexpr auto {k.variable} = {k.twin};" for k in kernels if k.variable]
    if not lines:
        return []
    return ["#include <type_traits>", f"namespace {namespace} {{", f"inline namespace {own} {{"] + \
        lines + [f"}}  // namespace {own}", f"}}  // namespace {namespace}"]


def write(unit, header_body, source_body, kernels, symbols, names, header, source, depfile,
          host=None, namespace_prelude=()):
    """Writes the header and the source. `names`: the translation's namespace (`emulated`), the
    kernel file's own namespace inside it, and the anchor symbol the linker keeps. A whole
    program's translation also writes its host code (`host`: the host source's path, the code,
    a Body, and the variables' shadows), which includes the header for the kernels' twins.
    `namespace_prelude`: lines the kernel file's namespace starts with (namespace_prelude())."""
    hoisted = list(dict.fromkeys(header_body.hoisted + source_body.hoisted))
    stand_ins = [h for h in hoisted if h.startswith("#include <simt/cuda/")]
    others = [h for h in hoisted if h not in stand_ins]
    input_path = unit.options.input
    namespace, own, anchor = names

    def translation(path, comment, body, epilogue):
        # A whole program's file has the runtime API first, as nvcc gives every .cu file.
        runtime = ["#include <simt/runtime/cuda_runtime.h>"] if unit.options.program else []
        lines = comment + runtime + others + ["#include <simt/kernel.hpp>"] + stand_ins
        lines += [f"#define SIMT_CUDA_ARCH {unit.options.cuda_arch}",
                  "#include <simt/cuda/kernel_macros_begin.h>",
                  f"namespace {namespace} {{",
                  f"inline namespace {own} {{  // this kernel file's: apart from the others'"]
        lines += namespace_prelude + [f'#line 1 "{input_path}"', body]
        # The line after the directive: the lines so far, the directive's own, then this one.
        count = sum(line.count("\n") + 1 for line in lines) + 2
        lines += [f'#line {count} "{path}"', f"}}  // namespace {own}",
                  f"}}  // namespace {namespace}",
                  "#include <simt/cuda/kernel_macros_end.h>"] + epilogue + [""]
        write_if_changed(path, "\n".join(lines))

    namespace_prelude = list(namespace_prelude)
    translation(header, [
        f"// Generated by simt-translate from {input_path}: its kernels for the CPU",
        "// emulator, to call from C++ as emulated::Kernel (their definitions are in",
        f"// {os.path.basename(source)}). Do not edit; edit the kernel file.",
        "#pragma once"], header_body.text,
        twin_variables(kernels, namespace, own) if unit.options.program else [])

    epilogue = ["", "// Each kernel and variable registered under its name in device code, so that",
                "// simt::launch(config, Kernel, ...) and simt::memcpy_to_symbol(variable, ...)",
                "// in a CUDA source of the program reach the emulator's copy.",
                "#include <simt/detail/registry.hpp>", "#include <simt/launch.hpp>",
                "#include <type_traits>", f"namespace {namespace} {{", "namespace {"]
    if kernels or symbols:
        epilogue.append(f"constexpr const char* {anchor}_kernel_file = {c_string(input_path)};")
    for n, k in enumerate(kernels):
        epilogue += [f"const ::simt::detail::KernelRegistration {anchor}_kernel_{n}{{{{",
                     f"    {c_string(k.device_name)}, reinterpret_cast<const void*>({k.twin}),",
                     f"    {c_string(k.name)}, {k.cluster_dims}, "
                     f"&::simt::detail::launch_twin<{k.twin}>, {anchor}_kernel_file, "
                     f"{unit.options.cuda_arch}, "
                     f"&::simt::detail::plain_block_twin<{k.twin}>}}}};"]
    for n, v in enumerate(symbols):
        epilogue += [f"const ::simt::detail::SymbolRegistration {anchor}_symbol_{n}{{{{",
                     f"    {c_string(v.device_name)}, "
                     f"::simt::detail::symbol_address_of({v.variable}),",
                     f"    sizeof({v.variable}), {c_string(v.name)}, {anchor}_kernel_file"
                     f"{', true' if v.constant else ''}}}}};"]
    epilogue += ["}  // namespace", f"}}  // namespace {namespace}",
                 "// Referenced by the targets that link this code, so the linker keeps it.",
                 f'extern "C" const char {anchor} = 0;']

    translation(source, [
        f"// Generated by simt-translate from {input_path}: its kernels compiled by the",
        "// host compiler for the CPU emulator, and registered with it. Do not edit; edit",
        "// the kernel file."], source_body.text, epilogue)

    if host is not None:
        write_if_changed(host[0], "\n".join(host_code_part(input_path, header, host, anchor)))
    if depfile:
        targets = [header, source] + ([host[0]] if host is not None else [])
        write_if_changed(depfile, dependencies(unit, targets))


def host_code_part(input_path, header, host, anchor):
    """A whole program's host code, after its kernels' twins (the header): nvcc's host pass,
    with each kernel's host function (its stub) running the twin, and each `__device__` and
    `__constant__` variable's host copy (its shadow) named to the emulator by its device name,
    as nvcc's registration names it to the CUDA runtime."""
    _, body, shadows, launch_macros = host
    lines = [f"// Generated by simt-translate from {input_path}: its host code, as nvcc's host",
             "// pass compiles it, with the kernels' twins from the header. Do not edit.",
             f'#include "{header}"', "#include <simt/runtime/host_pass.h>"]
    # The user's macros as the kernels' pass left them are forgotten: the host pass defines its
    # own, as nvcc's host pass does (a macro may differ between the passes, by __CUDA_ARCH__;
    # a macro that writes launches is defined again with the launches as nvcc writes them; the
    # file's own include guard is defined again).
    lines += [f"#undef {name}" for name in launch_macros]
    lines += [f'#line 1 "{input_path}"', body.text,
             "namespace {", f"[[maybe_unused]] const char {anchor}_module = 0;"]
    for n, (variable, device) in enumerate(shadows):
        lines.append(f"const bool {anchor}_shadow_{n} = (::simt::detail::note_cuda_name("
                     f"::simt::detail::symbol_address_of(::{variable}), {c_string(device)}, "
                     f"&{anchor}_module), true);")
    lines += ["}  // namespace", ""]
    return lines


def dependencies(unit, targets):
    """The kernel file, its own headers and the emulator's: what the translation can change with
    (system headers are left out), in Makefile syntax."""
    simt = unit.options.simt_include + os.sep
    files = {unit.options.input} | {
        os.path.realpath(i.include.name) for i in unit.tu.get_includes()
        if unit.sources.is_user_file(i.include.name) or
        os.path.realpath(i.include.name).startswith(simt)}
    return " ".join(targets) + ": " + " \\\n  ".join(
        sorted(d.replace(" ", "\\ ") for d in files)) + "\n"


def write_if_changed(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)


def hidden_global_functions(unit, analysis):
    """Names of global functions of the headers (CUDA's make_float2, the C library's fminf) that
    the file calls and also declares overloads of: in the kernel file's namespace its own
    overloads would hide them."""
    names = set()
    for function in analysis.functions.values():
        for call in function.calls:
            if call.key is None or call.name not in analysis.by_name or call.name in names:
                continue
            if unit.sources.is_user_file(call.key[0]):
                continue
            scope = call.cursor.referenced.semantic_parent
            while scope is not None and kind_of(scope) in (K.LINKAGE_SPEC, K.UNEXPOSED_DECL):
                scope = scope.semantic_parent
            if scope is None:
                continue
            # std's, where the call found it without its arguments' namespaces: through a using
            # declaration in the global namespace (<math.h>'s std::fabs(float)).
            if kind_of(scope) == K.TRANSLATION_UNIT or (
                    kind_of(scope) == K.NAMESPACE and scope.spelling == "std" and
                    not any(has_namespace(a.type) for a in call.cursor.get_arguments())):
                names.add(call.name)
    return names


def has_namespace(type_):
    """Whether argument-dependent lookup would search a namespace for an argument of `type_`."""
    t = type_.get_canonical()
    while t.kind in (ci.TypeKind.POINTER, ci.TypeKind.LVALUEREFERENCE,
                     ci.TypeKind.RVALUEREFERENCE, ci.TypeKind.CONSTANTARRAY):
        t = (t.get_pointee() if t.kind != ci.TypeKind.CONSTANTARRAY else t.element_type)
        t = t.get_canonical()
    return t.kind in (ci.TypeKind.RECORD, ci.TypeKind.ENUM)


def namespace_prelude(unit, analysis):
    """What the kernel file's namespace needs where CUDA's global names would be hidden by it or
    taken from the C library: CUDA's functions beside a file's own overloads of their names (a
    file's make_float2(float) or template max(T, T) would hide CUDA's there, where in CUDA both
    are global), and device code's clock(), the multiprocessor's counter rather than the C
    library's processor time."""
    lines = []
    if {"max", "min"} & set(analysis.by_name):
        lines += ["using ::max;  // CUDA's, beside this file's own", "using ::min;"]
    for name in sorted(hidden_global_functions(unit, analysis) - {"max", "min"}):
        lines.append(f"using ::{name};  // beside this file's own overloads, as in CUDA")
    if any(t.spelling == "clock" for path in unit.user_files
           for t in unit.sources.file_tokens(path)):
        lines.append("inline long clock() { return static_cast<long>(::clock64()); }  // CUDA's")
    return lines
