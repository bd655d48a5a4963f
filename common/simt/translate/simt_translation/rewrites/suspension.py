"""Suspension points: barriers and collectives become `co_await`, given the place they are
written at; functions that can suspend become coroutines (a `__device__` function returns
`simt::Task<R>` and every call to it is awaited, a kernel keeps `void`), and their `return`
becomes `co_return`. What cannot be a coroutine (a lambda, a constructor, a function called
through a pointer) is refused."""

import os

import clang.cindex as ci

from ..brackets import closing, opening
from ..cursors import K, c_string, key_of, kind_of
from ..diagnostics import error_at
from ..sources import path_of
from . import Rewrite

# Specifiers that may come before a function's return type.
LEADING_SPECIFIERS = {"__device__", "__host__", "__global__", "__forceinline__", "__noinline__",
                      "inline", "static", "extern", "friend", "__inline__", "explicit",
                      "__inline_hint__"}
FORBIDDEN_FOR_COROUTINES = {"constexpr", "consteval", "virtual"}
ATTRIBUTE_WORDS = {"__attribute__", "__launch_bounds__", "__align__", "alignas", "__maxnreg__",
                   "__cluster_dims__", "__declspec"}


def rewrite(unit, analysis, instantiations, progress):
    result = Rewrite()
    suspension = _Suspension(unit, analysis, result, progress)
    suspension.run()
    for i in instantiations:
        # `template __device__ float Sum<256>(float*);` of a template that waits: its return type
        # is a Task, as the template's.
        function = analysis.functions.get(key_of(i.template))
        if function is not None and function.suspends and not function.is_kernel:
            suspension.rewrite_written_return_type(i.tokens, len(i.tokens) - 1, i.tokens[0])
    return result


class _Suspension:
    def __init__(self, unit, analysis, result, progress):
        self.unit = unit
        self.sources = unit.sources
        self.analysis = analysis
        self.result = result
        self.progress = progress
        self.rewritten_definitions = set()  # (path, offset, name) of macros rewritten already

    def error(self, where, message):
        self.result.errors.append(error_at(where, message))

    def edits_for(self, cursor):
        return self.result.edits.of(path_of(cursor))

    def run(self):
        a = self.analysis
        for f in a.functions.values():
            if not f.suspends:
                continue
            self.progress.at(f.cursor)
            if f.is_lambda:
                self.error(f.cursor, "a lambda that waits at a barrier (directly or through a "
                                     "function it calls) is not supported on the emulator; make "
                                     "it a __device__ function")
                continue
            if kind_of(f.cursor) in (K.CONSTRUCTOR, K.DESTRUCTOR, K.CONVERSION_FUNCTION) or \
                    f.name.startswith("operator"):
                self.error(f.cursor, f"'{f.cursor.displayname}' waits at a barrier; "
                                     f"constructors, destructors and operators cannot on the "
                                     f"emulator (they cannot be coroutines): make it a named "
                                     f"__device__ function")
                continue
            if not f.is_kernel:
                for declaration in a.declarations.get(f.key, []):
                    self.rewrite_return_type(declaration)
            for r in f.returns:
                self.rewrite_return(r)
            for call, parents in f.primitives:
                self.rewrite_primitive(self.progress.at(call), parents)
            for call in f.calls:
                if call.evaluated and a.call_suspends(call):
                    self.rewrite_call(self.progress.at(call.cursor), call.parents)
        # A waiting function reached other than by a call in a function cannot be suspended. A
        # kernel's address is another matter: a launch from device code takes it.
        refused_uses = [
            (a.address_taken, "is used here other than by calling it (through a pointer, say); "
                              "the emulator can only suspend a thread through direct calls"),
            (a.namespace_calls, "is called here outside any function (a namespace-scope "
                                "initialiser); call it in the kernel")]
        for uses, why in refused_uses:
            for cursor, key in uses:
                target = a.functions.get(key)
                if target is not None and target.suspends and not target.is_kernel:
                    self.error(cursor, f"'{target.name}' waits at a barrier, and {why}")

    def rewrite_return_type(self, declaration):
        tokens = self.sources.tokens(declaration)
        name_at = next((i for i, t in enumerate(tokens)
                        if t.extent.start.offset == declaration.location.offset), None)
        if name_at is None:
            self.error(declaration, "cannot find the return type of this function that waits at "
                                    "a barrier (is its declaration written by a macro?)")
            return
        self.rewrite_written_return_type(tokens, name_at, declaration)

    def rewrite_written_return_type(self, tokens, name_at, where):
        """The return type written before tokens[name_at] becomes a Task of it."""
        declaration = where
        i = 0
        while i < name_at:
            s = tokens[i].spelling
            if s == "template" and i + 1 < name_at and tokens[i + 1].spelling == "<":
                end = closing(tokens, i + 1, name_at)
                i = name_at if end is None else end + 1
            elif s == "template":  # an explicit instantiation
                i += 1
            elif s in FORBIDDEN_FOR_COROUTINES:
                self.error(tokens[i].location, f"a {s} function cannot wait at a barrier on the "
                                               f"emulator (it must be a coroutine there)")
                return
            elif s in LEADING_SPECIFIERS or tokens[i].kind == ci.TokenKind.LITERAL or \
                    s in self.unit.specifier_macros:
                i += 1
            elif s in ATTRIBUTE_WORDS:
                end = closing(tokens, i + 1, name_at) if i + 1 < name_at and \
                    tokens[i + 1].spelling == "(" else i
                i = name_at if end is None else end + 1
            elif s == "[[":
                end = closing(tokens, i, name_at)
                i = name_at if end is None else end + 1
            else:
                break
        end = name_at
        # A qualified name (Class::function) is not part of the return type.
        while end - 2 >= i and tokens[end - 1].spelling == "::":
            end -= 2
            if tokens[end].spelling in (">", ">>"):
                start = opening(tokens, end, i)
                end = i if start is None else start - 1
        if end <= i:
            self.error(declaration, "a function that waits at a barrier needs a return type "
                                    "written before its name on the emulator")
            return
        words = [t.spelling for t in tokens[i:end]]
        if "auto" in words or "decltype" in words:
            self.error(tokens[i].location, "a function that waits at a barrier needs its return "
                                           "type written out on the emulator (not auto)")
            return
        start, stop = tokens[i].extent.start.offset, tokens[end - 1].extent.end.offset
        path = os.path.abspath(tokens[i].location.file.name)
        text = self.sources.text(path)[start:stop]
        new = "::simt::Task<>" if words == ["void"] else f"::simt::Task<{text}>"
        self.result.edits.of(path).replace(start, stop, new)

    def rewrite_return(self, statement):
        tokens = self.sources.tokens(statement)
        if not tokens or tokens[0].spelling != "return" or \
                self.sources.boundary_in_macro(path_of(statement),
                                               tokens[0].extent.start.offset + 1):
            self.error(statement, "a return written by a macro in a function that waits at a "
                                  "barrier cannot be rewritten; write it out")
            return
        t = tokens[0]
        self.edits_for(statement).replace(t.extent.start.offset, t.extent.end.offset, "co_return")

    def check_position(self, cursor, what):
        """A construct the rewrite wraps must be written in the file; macros inside it (in its
        arguments, say) stay as they are."""
        if self.sources.within_macro(cursor):
            self.error(cursor, f"{what} is written inside a macro; the emulator's translation "
                               f"cannot rewrite it there (write it out in the function)")
            return False
        return True

    def rewrite_primitive(self, call, parents):
        what = self.sources.text_of(call)
        if self.sources.within_macro(call) and self.rewrite_in_macro_definition(call):
            return
        if not self.check_position(call, f"'{what}'"):
            return
        self.check_not_initializer(call, parents, what)
        paren, empty = self.sources.call_parenthesis(call)
        if paren is None or self.sources.boundary_in_macro(path_of(call), paren.extent.end.offset):
            self.error(call, f"the arguments of '{what}' are written by a macro; the emulator's "
                             f"translation cannot rewrite them there (write the parentheses in "
                             f"the function)")
            return
        edits = self.edits_for(call)
        start, end = call.extent.start.offset, call.extent.end.offset
        edits.wrap(start, end, "(co_await ", ")", outer=1)
        site = f"SIMT_SITE({c_string(what)})"
        edits.insert_first(paren.extent.end.offset, site if empty else site + ", ")

    def rewrite_in_macro_definition(self, call):
        """A barrier or collective written out in the replacement of the user macro that
        expands to it (`#define SYNC_THREADS() __syncthreads()`): rewritten there, once for
        every expansion; the place each expansion reports is where it is written, as a macro's
        std::source_location is. False where the call's name and parentheses are not in the
        definition (they come from the macro's arguments, or from another macro)."""
        definition = self.sources.expanding_macro(call)
        if definition is None:
            return False
        path, tokens = definition
        key = (path, tokens[0].extent.start.offset, call.spelling)
        if key in self.rewritten_definitions:
            return True
        calls = []
        for i in range(1, len(tokens) - 1):
            if tokens[i].spelling == call.spelling and tokens[i + 1].spelling == "(":
                end = closing(tokens, i + 1, len(tokens))
                if end is None or tokens[i - 1].spelling in (".", "->", "::"):
                    return False  # a member's call (cluster.sync()) is left to the refusal
                calls.append((i, end))
        if not calls:
            return False
        edits = self.result.edits.of(path)
        text = self.sources.text(path)
        for i, end in calls:
            start, stop = tokens[i].extent.start.offset, tokens[end].extent.end.offset
            written = " ".join(text[start:stop].split())
            edits.wrap(start, stop, "(co_await ", ")", outer=1)
            empty = tokens[i + 2].spelling == ")"
            site = f"SIMT_SITE({c_string(written)})"
            edits.insert_first(tokens[i + 1].extent.end.offset, site if empty else site + ", ")
        self.rewritten_definitions.add(key)
        return True

    def rewrite_call(self, call, parents):
        what = self.sources.text_of(call)
        if not self.check_position(call, f"the call '{what}' of a function that waits at a "
                                         f"barrier"):
            return
        self.check_not_initializer(call, parents, what)
        self.edits_for(call).wrap(call.extent.start.offset, call.extent.end.offset,
                                  "(co_await ", ")", outer=1)

    def check_not_initializer(self, call, parents, what):
        for p in parents:
            if kind_of(p) == K.PARM_DECL:
                self.error(call, f"'{what}' waits, and is in a default argument: not supported "
                                 f"on the emulator")
            elif kind_of(p) == K.VAR_DECL and p.storage_class == ci.StorageClass.STATIC:
                self.error(call, f"'{what}' waits, and initialises a static variable: not "
                                 f"supported on the emulator")
