"""The translation as a sequence of passes: parse, analysis, the rewrites (each returns its edits
and errors), then the output. To add a construct, add (or extend) a rewrite module and call it
here; the emulator page's contributor section says more."""

import os
from . import analysis as analysis_pass
from . import host_code
from . import instantiations as instantiations_pass
from . import output, registrations
from .diagnostics import TranslationFailed, error_at_offset
from .parse import is_user_path, parse_unit
from .rewrites import access_checks, block_loops, directives, header_split, inline_asm, \
    inlined_kernels, integer_division, loops_with_checks_known, shared_memory, suspension
from .sources import path_of
from .text_edits import FileEdits


def file_namespace(options, outputs):
    """Where a file's device code goes in the translation's namespace: its own, apart from the
    other files' (as nvcc compiles each file's device code on its own), or, with relocatable
    device code (-rdc=true), one all files share, so that a `__device__` function or variable
    one file declares and another defines is the same one, as nvlink makes it."""
    return "relocatable" if options.relocatable_device_code else outputs.anchor + "_file"


def translate(options, outputs, progress):
    """Translates options.input into outputs.header and outputs.source; raises TranslationFailed
    with the errors found. With outputs.program (a whole program's `.cu` file), its host code
    is written to outputs.host_source too (host_code.py)."""
    host = None
    own = file_namespace(options, outputs)
    if getattr(outputs, "program", False):
        host = host_code.analyse(options, user_file_test(options), outputs.namespace, own)
        options.unsaved = host.device_texts
    unit = parse_unit(options)
    analysis = analysis_pass.analyse(unit, progress)
    # First: the kernels it runs as loops over their threads no longer suspend, for every pass.
    looped, analysis.block_loop_kernels = block_loops.rewrite(unit, analysis, progress)
    directive_edits, once = directives.rewrite(unit, progress, looped.block_run_loops)
    instantiations = instantiations_pass.find(unit, analysis)
    checked = access_checks.checked_accesses(unit, analysis, progress)
    loops = loops_with_checks_known.find(
        unit, analysis, [(path_of(c), c.extent.start.offset) for c, _ in checked], progress)
    passes = [directive_edits, looped,
              suspension.rewrite(unit, analysis, instantiations, progress),
              shared_memory.rewrite(unit, analysis, progress),
              access_checks.rewrite(checked, loops),
              loops_with_checks_known.rewrite(loops),
              integer_division.rewrite(unit, analysis, progress),
              inline_asm.rewrite(unit, analysis, progress),
              inlined_kernels.rewrite(unit, analysis, progress)]
    split = header_split.rewrite(unit, analysis, instantiations, progress)
    passes.append(split)
    errors = list(analysis.errors) + cluster_dims_errors(unit)
    edits = FileEdits()
    for p in passes:
        errors.extend(p.errors)
        edits.extend(p.edits)
    if errors:
        raise TranslationFailed(errors)
    kernels = registrations.kernels(unit, analysis, instantiations, outputs.namespace)
    symbols = registrations.symbols(analysis, outputs.namespace)
    guards = directives.include_guards(unit)
    bodies = [output.translated_body(unit, edits, split.header_only, once, guards, for_header)
              for for_header in (True, False)]
    names = (outputs.namespace, own, outputs.anchor)
    host_part = None
    if host is not None:
        original = host_code.OriginalTexts(unit)
        main = os.path.abspath(unit.options.input)
        for path, start, end in directive_edits.pragma_once + directive_edits.nvcc_pragmas:
            # One inside a kernel's or device function's body goes with the body.
            if not any(p == path and s <= start < e for p, s, e in host.device_bodies):
                host.edits.of(path).replace(start, end, "")
        host_part = (outputs.host_source,
                     output.translated_body(original, host.edits, {}, once, guards, False,
                                            hoist=False, host_includes=host.includes),
                     host.shadows,
                     sorted(set(host.launch_macros) | set(guards.get(main, [])) |
                            set(unit.sources.macro_sources)))
    output.write(unit, bodies[0], bodies[1], kernels, symbols, names, outputs.header,
                 outputs.source, outputs.depfile, host_part,
                 output.namespace_prelude(unit, analysis))
    if host is not None:
        # The compiler options of a whole program's kernel part (a response file, read as
        # `@<source>.flags`): kernels need no exceptions, and a coroutine without them needs no
        # handler around its body, which is cheaper per barrier; but a file whose own code or
        # headers throw (a header's host functions are compiled with the kernels) needs them,
        # as nvcc compiles every file's host code with them.
        output.write_if_changed(outputs.source + ".flags",
                                "-fexceptions\n" if analysis.uses_exceptions else
                                "-fno-exceptions\n")


def user_file_test(options):
    """Whether a file is one of the program's own (translated with it), as parse_unit decides."""
    return lambda path: is_user_path(options, path)


def cluster_dims_errors(unit):
    """nvcc refuses `__cluster_dims__` below compute capability 9.0; so does a translation for
    such a capability (simt_add_kernels' CUDA_ARCH)."""
    if unit.options.cuda_arch >= 900:
        return []
    return [error_at_offset(path, unit.sources.text(path), start,
                            f"__cluster_dims__ needs compute capability 9.0, and this file is "
                            f"translated for __CUDA_ARCH__ {unit.options.cuda_arch} "
                            f"(simt_add_kernels' CUDA_ARCH): nvcc refuses it there too")
            for path, start, _ in unit.cluster_dims]
