"""Loops compiled twice, with the access checks and without: in a function that can suspend (a
coroutine on the emulator), a loop whose body cannot suspend, return, jump out of the loop, or
declare a static or `__shared__` variable (or a lambda, a local class, inline assembly or a try
block), and that has an access to check, is bracketed as

    SIMT_CHECKS_KNOWN_LOOP for (...) { ... } SIMT_CHECKS_KNOWN_LOOP_END

and its accesses pass `simt_checks_known` (access_checks.py). Why: in a coroutine the thread's
variables live in its frame, and the call of an access check, though never made with the checks
off, keeps them in memory at every iteration; the copy compiled with the checks off has no call
(simt/detail/access_checks.hpp). A `#pragma` directly above the loop goes inside the bracket, as
the loop it applies to does. No line moves: the brackets are inserted into lines, never as lines.
"""

import bisect

import clang.cindex as ci

from ..cursors import K, annotations, kind_of
from ..sources import path_of
from . import Rewrite

LOOPS = {K.FOR_STMT, K.WHILE_STMT, K.DO_STMT, K.CXX_FOR_RANGE_STMT}
# What the loop's body cannot hold once it is a lambda's (or what would then be made twice).
REFUSED = {K.RETURN_STMT, K.GOTO_STMT, K.INDIRECT_GOTO_STMT, K.LABEL_STMT, K.LAMBDA_EXPR,
           K.ASM_STMT, K.CXX_TRY_STMT, K.STRUCT_DECL, K.CLASS_DECL, K.UNION_DECL, K.ENUM_DECL,
           K.CLASS_TEMPLATE, K.TYPE_ALIAS_DECL, K.TYPEDEF_DECL}


def find(unit, analysis, checked, progress):
    """The loops to compile twice, as {path: [(start, end)]}: from the start of any `#pragma`
    directly above the loop to just past the loop (its `;`, where it ends with one). `checked`
    holds (path, offset) of every access the access checks rewrite."""
    loops = _Loops(unit, analysis, checked, progress)
    for f in analysis.functions.values():
        if f.suspends and not f.is_lambda:
            loops.search(f)
    return loops.found


def rewrite(found):
    """The brackets around the loops `find` chose."""
    result = Rewrite()
    for path, ranges in found.items():
        edits = result.edits.of(path)
        for start, end in ranges:
            edits.wrap(start, end, "SIMT_CHECKS_KNOWN_LOOP ", " SIMT_CHECKS_KNOWN_LOOP_END",
                       outer=2)
    return result


def inside(found, path, offset):
    """Whether an access at `offset` of `path` is in one of the loops `find` chose."""
    return any(start <= offset < end for start, end in found.get(path, ()))


class _Loops:
    def __init__(self, unit, analysis, checked, progress):
        self.sources = unit.sources
        self.analysis = analysis
        self.progress = progress
        self.checked = {}  # path -> sorted offsets of checked accesses
        for path, offset in checked:
            self.checked.setdefault(path, []).append(offset)
        for offsets in self.checked.values():
            offsets.sort()
        self.starts = {}  # path -> the file's tokens' start offsets (for the pragmas above)
        self.found = {}

    def search(self, function):
        a = self.analysis
        waits = {call.extent.start.offset for call, _ in function.primitives}
        waits |= {c.cursor.extent.start.offset for c in function.calls
                  if c.evaluated and a.call_suspends(c)}
        self.visit(function.cursor, waits)

    def visit(self, cursor, waits):
        for child in cursor.get_children():
            kind = kind_of(child)
            if kind == K.LAMBDA_EXPR:
                continue  # a function of its own, not a coroutine
            if kind in LOOPS and self.choose(child, waits):
                continue
            self.visit(child, waits)

    def choose(self, loop, waits):
        """Brackets `loop` if it qualifies (and then not the loops inside it)."""
        self.progress.at(loop)
        path = path_of(loop)
        start, end = loop.extent.start.offset, loop.extent.end.offset
        offsets = self.checked.get(path, [])
        first = bisect.bisect_left(offsets, start)
        if first == len(offsets) or offsets[first] >= end:
            return False  # nothing to check in it
        if any(start <= w < end for w in waits) or self.sources.within_macro(loop):
            return False
        if not self.body_qualifies(loop):
            return False
        end = self.statement_end(path, loop, end)
        if end is None:
            return False
        self.found.setdefault(path, []).append((self.pragmas_above(path, start), end))
        return True

    def body_qualifies(self, loop):
        for node in loop.walk_preorder():
            kind = kind_of(node)
            if kind in REFUSED:
                return False
            if kind == K.VAR_DECL and (
                    node.storage_class in (ci.StorageClass.STATIC, ci.StorageClass.EXTERN) or
                    node.tls_kind != ci.TLSKind.NONE or "simt:shared" in annotations(node)):
                return False
        return True

    def statement_end(self, path, loop, end):
        """Just past the loop statement: its extent ends before the `;` of a do-while or of a
        body that is one statement (`for (...) sum += x[i];`). None where neither a `;` nor a
        closing brace ends it (a comment between, say)."""
        text = self.sources.text(path)
        after = end
        while after < len(text) and text[after] in " \t":
            after += 1
        if after < len(text) and text[after] == ";":
            return after + 1
        if text[end - 1] == "}" and kind_of(loop) != K.DO_STMT:
            return end
        return None

    def pragmas_above(self, path, start):
        """The start of the `#pragma` lines directly above `start`, or `start` itself."""
        return pragmas_above(self.sources, path, start, self.starts)


def pragmas_above(sources, path, start, starts):
    """The start of the `#pragma` lines directly above `start` (comments between them count
    as nothing), or `start` itself. `starts` caches each file's tokens' start offsets."""
    tokens = sources.file_tokens(path)
    if path not in starts:
        starts[path] = [t.extent.start.offset for t in tokens]
    j = bisect.bisect_left(starts[path], start) - 1
    while j >= 0:
        if tokens[j].kind == ci.TokenKind.COMMENT:
            j -= 1
            continue
        line = tokens[j].location.line
        first = j
        while first > 0 and tokens[first - 1].location.line == line:
            first -= 1
        if not (tokens[first].spelling == "#" and first + 1 <= j and
                tokens[first + 1].spelling == "pragma"):
            break
        start = tokens[first].extent.start.offset
        j = first - 1
    return start
