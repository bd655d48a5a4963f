"""The header and the source. The translation is written twice: the generated source compiles
it, and the generated header gives C++ code its kernels to launch. Both include the same types
and templates, so

- a function defined at namespace scope is only declared in the header: its one definition is
  compiled in the source, with the flags kernels are built with;
- a variable at namespace scope is an inline variable, one object for both;
- an explicit instantiation is `extern` in the header."""

from ..sources import path_of
from . import Rewrite


class HeaderSplit(Rewrite):
    def __init__(self):
        super().__init__()
        # path -> [(start, end, text)]: text the header has instead (what was there and its
        # edits dropped), keeping the line breaks it replaces
        self.header_only = {}


def rewrite(unit, analysis, instantiations, progress):
    result = HeaderSplit()
    sources = unit.sources
    for cursor in analysis.namespace_variables:
        progress.at(cursor)
        _make_inline(sources, cursor, result)
    for cursor in analysis.namespace_functions:
        progress.at(cursor)
        _declare_only(sources, cursor, result)
    for i in instantiations:
        result.header_only.setdefault(i.path, []).append((i.offset, i.offset, "extern "))
    return result


def _make_inline(sources, cursor, result):
    tokens = sources.tokens(cursor)
    words = {t.spelling for t in tokens if t.extent.start.offset < cursor.location.offset}
    if not tokens or words & {"inline", "__forceinline__", "static", "constexpr", "extern",
                              "template", "const"} or sources.overlaps_macro(cursor):
        return
    if cursor.type.is_const_qualified():
        return
    result.edits.of(path_of(cursor)).insert_first(tokens[0].extent.start.offset, "inline ")


def _declare_only(sources, cursor, result):
    from ..cursors import K, kind_of
    tokens = sources.tokens(cursor)
    words = {t.spelling for t in tokens if t.extent.start.offset < cursor.location.offset}
    if words & {"inline", "__forceinline__", "static", "constexpr", "consteval"} or \
            sources.overlaps_macro(cursor):
        return
    edits = result.header_only.setdefault(path_of(cursor), [])
    if cursor.semantic_parent is not None and kind_of(cursor.semantic_parent) in (
            K.CLASS_DECL, K.STRUCT_DECL, K.CLASS_TEMPLATE):
        edits.append((cursor.extent.start.offset, cursor.extent.end.offset, ""))
        return
    body = next((c for c in cursor.get_children() if kind_of(c) == K.COMPOUND_STMT), None)
    if body is not None:
        edits.append((body.extent.start.offset, body.extent.end.offset, ";"))
