"""Kernels that never wait are inlined into the loop that runs their block's threads. Such a
kernel is a plain function on the emulator, and a block of it is one loop that calls it once per
thread (simt::detail::plain_block_twin). Its instrumented accesses make it too large for GCC to
inline at -O2, and a call per thread then costs more than the kernel's own work (a vector add
took twice as long). So the definition gets `[[gnu::always_inline]]` after its name; a kernel
launched through a pointer still has its out-of-line copy.

GCC warns that an always_inline function not declared `inline` "might not be inlinable" (it is,
in the loop instantiated in the same file); a pragma pair around the definition silences that
warning there and nowhere else (the pair stays balanced in the header, where the body is
replaced: the closing pragma follows the body)."""

from ..cursors import K, key_of, kind_of
from ..sources import path_of
from . import Rewrite

SILENCED = ('_Pragma("GCC diagnostic push") '
            '_Pragma("GCC diagnostic ignored \\"-Wattributes\\"") ')
RESTORED = ' _Pragma("GCC diagnostic pop")'
# Written as a kernel's specifiers, they keep it out of line (or already inline it).
LEFT_AS_WRITTEN = {"__noinline__", "__forceinline__", "inline", "__inline__"}


def rewrite(unit, analysis, progress):
    result = Rewrite()
    for cursor in analysis.kernels:
        progress.at(cursor)
        function = analysis.functions.get(key_of(cursor))
        if function is None or function.suspends:
            continue  # a coroutine: its frame costs more than the call
        name = _name_before_parameters(unit.sources, cursor)
        if name is None:
            continue
        path = path_of(cursor)
        edits = result.edits.of(path)
        edits.insert_first(cursor.extent.start.offset, SILENCED)
        edits.insert_first(name.extent.end.offset, " [[gnu::always_inline]]")
        # An opening insertion at the end, which the header keeps after the body it replaces.
        edits.insert_first(cursor.extent.end.offset, RESTORED)
    return result


def _name_before_parameters(sources, cursor):
    """The token of the kernel's name when it is written in the file, directly followed by its
    parameter list, with no specifier that decides its inlining; None otherwise (a kernel
    written by a macro, an explicit specialisation `Kernel<3>(...)`)."""
    path = path_of(cursor)
    if kind_of(cursor) not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) or \
            sources.boundary_in_macro(path, cursor.extent.start.offset) or \
            sources.boundary_in_macro(path, cursor.extent.end.offset - 1):
        return None
    tokens = list(sources.tokens(cursor))
    for i, t in enumerate(tokens):
        if t.spelling in LEFT_AS_WRITTEN:
            return None
        if t.extent.start.offset == cursor.location.offset:
            if t.spelling != cursor.spelling or i + 1 >= len(tokens) or \
                    tokens[i + 1].spelling != "(" or \
                    sources.boundary_in_macro(path, t.extent.start.offset):
                return None
            return t
    return None
