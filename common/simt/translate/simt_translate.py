#!/usr/bin/env python3
"""simt-translate: rewrites a CUDA kernel file so the host compiler can run it on the emulator.

The kernel file is parsed by clang (libclang) as C++ with the emulator's prelude in front
(simt/kernel.hpp with SIMT_TRANSLATING defined: CUDA's qualifiers are annotations there, and
barriers are declarations marked as suspension points). From the syntax tree, the tool rewrites
what C++ cannot express and leaves every other byte as it was:

- `__shared__` / `extern __shared__` declarations become references to the running block's
  copy of the variable;
- barriers and group syncs (`__syncthreads()`, `cta.sync()`, `cg::sync(g)`, `__syncwarp()`)
  become `co_await`, given the place they are written at;
- functions that can suspend (directly or through a callee) become coroutines: a `__device__`
  function returns `simt::Task<R>` and every call to it is awaited, a kernel keeps `void`;
  their `return` becomes `co_return`;
- every memory access through a pointer or reference is reported to the emulator's checks;
- includes of CUDA headers point to the emulator's stand-ins; the kernel file's own headers
  are translated in place.

The output keeps the original line structure under `#line` directives, so every compiler error
and every emulator diagnostic names the original file and line. Constructs the emulator cannot
run are reported as `file:line:col: error: ...`, and the tool exits with 1.
"""

import argparse
import hashlib
import os
import sys

import clang.cindex as ci

from text_edits import Edits, TranslationError

K = ci.CursorKind
T = ci.TypeKind

FUNCTION_KINDS = {K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE, K.CONSTRUCTOR,
                  K.DESTRUCTOR, K.CONVERSION_FUNCTION}
CALLABLE_REFS = FUNCTION_KINDS | {K.OVERLOADED_DECL_REF}
# Specifiers that may come before a function's return type.
LEADING_SPECIFIERS = {"__device__", "__host__", "__global__", "__forceinline__", "__noinline__",
                      "inline", "static", "extern", "friend", "__inline__", "explicit"}
FORBIDDEN_FOR_COROUTINES = {"constexpr": "constexpr", "consteval": "consteval",
                            "virtual": "virtual"}
CUDA_QUALIFIER_MACROS = {"__global__", "__device__", "__host__", "__shared__", "__constant__",
                         "__managed__", "__forceinline__", "__noinline__", "__launch_bounds__",
                         "__cluster_dims__", "__restrict__", "__align__"}
UNEVALUATED = {K.CXX_UNARY_EXPR}


def location_text(loc):
    return f"{loc.file.name if loc.file else '?'}:{loc.line}:{loc.column}"


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def kind_of(cursor):
    """A cursor's kind, or None for a kind these bindings do not know (a newer libclang)."""
    try:
        return cursor.kind
    except ValueError:
        return None


def annotations(cursor):
    return {c.spelling for c in cursor.get_children() if kind_of(c) == K.ANNOTATE_ATTR}


def strip_implicit(cursor):
    """The expression under implicit casts and parentheses (as libclang exposes them)."""
    while cursor is not None and cursor.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
        children = list(cursor.get_children())
        if len(children) != 1:
            break
        cursor = children[0]
    return cursor


class Function:
    """A function (or lambda) with a body in a translated file."""

    def __init__(self, cursor, key):
        self.cursor = cursor
        self.key = key
        self.name = cursor.spelling
        self.is_kernel = "simt:global" in annotations(cursor)
        self.is_lambda = cursor.kind == K.LAMBDA_EXPR
        self.primitives = []  # calls of suspension points (barriers, group syncs)
        self.calls = []  # (call cursor, callee key or None, callee name)
        self.returns = []
        self.suspends = False


class Translator:
    def __init__(self, args):
        self.args = args
        self.input = os.path.abspath(args.input)
        self.simt_include = os.path.abspath(args.simt_include)
        self.stand_ins = os.path.join(self.simt_include, "simt", "cuda") + os.sep
        self.user_roots = [os.path.abspath(r) + os.sep for r in
                           (args.user_root or [os.path.dirname(self.input)])]
        self.errors = []
        self.functions = {}  # key -> Function
        self.declarations = {}  # key -> [declaration cursors in user files]
        self.by_name = {}  # name -> set of keys
        self.address_taken = []  # (cursor, key)
        self.shared = []  # (VAR_DECL cursor, function or None)
        self.accesses = []  # (cursor, parents)
        self.kernels = []  # kernel definitions (cursors)
        self.namespace_definitions = []  # variables at namespace scope
        self.out_of_header = []  # function definitions at namespace scope (in the source only)
        self.header_edits = {}  # file -> [(start, end, text)]: the header's declarations
        self.edits = {}  # file -> Edits
        self.macro_ranges = {}  # file -> [(start, end)] of user macro expansions
        self.tokens_cache = {}
        self.user_file_cache = {}
        self.sources = {}  # file -> text, one character per byte
        self.removed = set()  # specifier tokens already removed from shared declarations
        self.hoisted = []  # includes moved in front of the translation
        self.cluster_macros = []  # (file, start, end) of __cluster_dims__(...) uses
        self.pragma_lines = {}  # file -> [(start, end, replacement)] for #pragma once / unroll
        self.pragma_once_files = set()
        self.user_files = set()
        self.primitive_names = set()
        self.tu = None

    # -- parsing ----------------------------------------------------------------------------

    def clang_arguments(self):
        arguments = ["-x", "c++", "-std=c++20", "-DSIMT_TRANSLATING", "-include", "simt/kernel.hpp",
                     "-I" + self.simt_include, "-I" + self.stand_ins.rstrip(os.sep)]
        for directory in self.args.include_dir or []:
            for d in directory.split(";"):
                # CUDA's own headers must not be seen: the emulator's stand-ins replace them.
                # The system's directories are searched anyway, after the compiler's own.
                if d and not os.path.exists(os.path.join(d, "cuda_runtime.h")) and \
                        not os.path.exists(os.path.join(d, "cooperative_groups.h")) and \
                        os.path.realpath(d) not in ("/usr/include", "/usr/local/include"):
                    arguments.append("-I" + d)
        for definition in self.args.define or []:
            for d in definition.split(";"):
                if d:
                    arguments.append("-D" + d)
        return arguments

    def parse(self, unsaved=None, skip_bodies=False):
        index = ci.Index.create()
        options = ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
        if skip_bodies:
            options |= ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES
        tu = index.parse(self.input, args=self.clang_arguments(), unsaved_files=unsaved,
                         options=options)
        errors = [d for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
        if errors:
            for d in errors:
                print(f"{location_text(d.location)}: error: {d.spelling}", file=sys.stderr)
            raise SystemExit(1)
        return tu

    def is_user_file(self, name):
        """Whether a file is translated: the kernel file, and headers under its directory (or the
        --user-root directories), not the emulator's."""
        if name is None:
            return False
        known = self.user_file_cache.get(name)
        if known is None:
            path = os.path.abspath(name)
            known = path == self.input or (
                not path.startswith(self.simt_include + os.sep) and
                any(path.startswith(root) for root in self.user_roots))
            self.user_file_cache[name] = known
        return known

    def tokens(self, cursor):
        """The tokens of a cursor's text (by file offsets: libclang gives none for an extent that
        starts with a macro such as __device__)."""
        start = cursor.extent.start
        if start.file is None:
            return []
        key = (start.file.name, start.offset, cursor.extent.end.offset)
        if key not in self.tokens_cache:
            extent = self.tu.get_extent(start.file.name, (start.offset, cursor.extent.end.offset))
            self.tokens_cache[key] = list(self.tu.get_tokens(extent=extent))
        return self.tokens_cache[key]

    def error(self, cursor_or_location, message):
        loc = cursor_or_location if isinstance(cursor_or_location, ci.SourceLocation) \
            else cursor_or_location.location
        self.errors.append(f"{location_text(loc)}: error: {message}")

    def edits_for(self, cursor):
        name = cursor.extent.start.file.name
        return self.edits.setdefault(os.path.abspath(name), Edits())

    def in_user_macro(self, cursor, offset):
        """Whether byte `offset` of the cursor's file lies strictly inside a user macro's
        expansion (where text edits are impossible)."""
        name = os.path.abspath(cursor.extent.start.file.name)
        for start, end in self.macro_ranges.get(name, []):
            if start < offset < end:
                return True
        return False

    def spans_user_macro(self, cursor):
        """Whether a construct's text is (partly) the expansion of a user macro."""
        start, end = cursor.extent.start.offset, cursor.extent.end.offset
        name = os.path.abspath(cursor.extent.start.file.name)
        for s, e in self.macro_ranges.get(name, []):
            if s < end and start < e:
                return True
        return False

    # -- the walk ---------------------------------------------------------------------------

    @staticmethod
    def key_of(cursor):
        if cursor is None:
            return None
        definition = cursor.get_definition() or cursor.canonical
        loc = definition.location
        if loc.file is None:
            return None
        return (os.path.abspath(loc.file.name), loc.offset)

    def collect(self, tu):
        for c in tu.cursor.get_children():
            f = c.location.file
            if f is None or not self.is_user_file(f.name):
                continue
            if c.kind == K.MACRO_INSTANTIATION and c.spelling not in CUDA_QUALIFIER_MACROS:
                self.macro_ranges.setdefault(os.path.abspath(f.name), []).append(
                    (c.extent.start.offset, c.extent.end.offset))
            if c.kind in (K.MACRO_INSTANTIATION, K.MACRO_DEFINITION, K.INCLUSION_DIRECTIVE):
                continue
            self.walk(c, [], None)

    def walk(self, cursor, parents, function):
        kind = kind_of(cursor)
        if kind in FUNCTION_KINDS:
            key = self.key_of(cursor)
            self.declarations.setdefault(key, []).append(cursor)
            self.by_name.setdefault(cursor.spelling, set()).add(key)
            if cursor.is_definition():
                function = Function(cursor, key)
                self.functions[key] = function
                if function.is_kernel:
                    self.kernels.append(cursor)
                if kind != K.FUNCTION_TEMPLATE and self.at_namespace_scope(cursor):
                    self.out_of_header.append(cursor)
        elif kind == K.VAR_DECL and self.at_namespace_scope(cursor) and cursor.is_definition() \
                and "simt:shared" not in annotations(cursor):
            self.namespace_definitions.append(cursor)
        elif kind == K.LAMBDA_EXPR:
            function = Function(cursor, ("lambda", cursor.extent.start.offset,
                                         cursor.extent.start.file.name))
            self.functions[function.key] = function
        elif kind == K.VAR_DECL and "simt:shared" in annotations(cursor):
            self.shared.append((cursor, function))
        elif function is not None:
            self.visit_expression(cursor, parents, function)
        parents.append(cursor)
        for child in cursor.get_children():
            if kind_of(child) == K.ANNOTATE_ATTR:
                continue
            self.walk(child, parents, function)
        parents.pop()

    @staticmethod
    def callee_name(call):
        """The name a call uses for its callee when clang could not resolve it."""
        children = list(call.get_children())
        if not children:
            return ""
        for c in children[0].walk_preorder():
            if c.kind in (K.OVERLOADED_DECL_REF, K.DECL_REF_EXPR, K.MEMBER_REF_EXPR) and c.spelling:
                return c.spelling
        return ""

    def find_primitive_names(self, tu):
        """The names of the emulator's suspension points (functions and members the prelude and
        the stand-in headers mark simt:suspends): a dependent call by one of these names in a
        template is taken for one."""
        names = set()
        in_simt = {}
        for top in tu.cursor.get_children():
            f = top.location.file
            if f is None:
                continue
            name = f.name
            if name not in in_simt:
                in_simt[name] = os.path.realpath(name).startswith(self.simt_include + os.sep)
            if not in_simt[name]:
                continue
            for c in top.walk_preorder():
                if kind_of(c) in FUNCTION_KINDS and "simt:suspends" in annotations(c):
                    names.add(c.spelling)
        return names

    @staticmethod
    def at_namespace_scope(cursor):
        parent = cursor.lexical_parent
        return parent is None or parent.kind in (K.NAMESPACE, K.TRANSLATION_UNIT,
                                                 K.LINKAGE_SPEC, K.UNEXPOSED_DECL)

    def make_inline(self, cursor):
        """Variables at namespace scope are defined in the header and in the source (both
        include the translation's types and templates): they become inline variables."""
        tokens = self.tokens(cursor)
        words = {t.spelling for t in tokens if t.extent.start.offset < cursor.location.offset}
        if not tokens or words & {"inline", "__forceinline__", "static", "constexpr", "extern",
                                  "template", "const"} or self.spans_user_macro(cursor):
            return
        if cursor.kind == K.VAR_DECL and cursor.type.is_const_qualified():
            return
        self.edits_for(cursor).insert_first(tokens[0].extent.start.offset, "inline ")

    def declare_only(self, cursor):
        """In the header, a function defined at namespace scope is only declared: its one
        definition is compiled in the generated source, with the flags kernels are built with
        (a definition in every file that includes the header would be compiled with theirs)."""
        tokens = self.tokens(cursor)
        words = {t.spelling for t in tokens if t.extent.start.offset < cursor.location.offset}
        if words & {"inline", "__forceinline__", "static", "constexpr", "consteval"} or \
                self.spans_user_macro(cursor):
            return
        name = os.path.abspath(cursor.extent.start.file.name)
        edits = self.header_edits.setdefault(name, [])
        if cursor.semantic_parent is not None and cursor.semantic_parent.kind in (
                K.CLASS_DECL, K.STRUCT_DECL, K.CLASS_TEMPLATE):
            edits.append((cursor.extent.start.offset, cursor.extent.end.offset, ""))
            return
        body = next((c for c in cursor.get_children() if c.kind == K.COMPOUND_STMT), None)
        if body is not None:
            edits.append((body.extent.start.offset, body.extent.end.offset, ";"))

    def visit_expression(self, cursor, parents, function):
        kind = kind_of(cursor)
        if kind == K.RETURN_STMT:
            function.returns.append(cursor)
        elif kind == K.CALL_EXPR:
            callee = cursor.referenced
            if callee is not None and "simt:suspends" in annotations(callee):
                if not any(p.kind in UNEVALUATED for p in parents):
                    function.primitives.append((cursor, list(parents)))
            elif callee is not None and callee.kind in FUNCTION_KINDS:
                function.calls.append((cursor, self.key_of(callee), callee.spelling,
                                       list(parents)))
            elif callee is None or callee.kind == K.OVERLOADED_DECL_REF:
                # A call in a template whose callee depends on its parameters: known by name.
                name = cursor.spelling or self.callee_name(cursor)
                if name in self.primitive_names and name not in self.by_name and \
                        not any(p.kind in UNEVALUATED for p in parents):
                    function.primitives.append((cursor, list(parents)))
                else:
                    function.calls.append((cursor, None, name, list(parents)))
        elif kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR, K.OVERLOADED_DECL_REF):
            ref = cursor.referenced
            if ref is not None and ref.kind in FUNCTION_KINDS:
                parent = parents[-1] if parents else None
                callee_position = parent is not None and (
                    parent.kind == K.CALL_EXPR or
                    (parent.kind == K.UNEXPOSED_EXPR and len(parents) > 1 and
                     parents[-2].kind == K.CALL_EXPR and
                     list(parents[-2].get_children())[0] == parent))
                if not callee_position:
                    self.address_taken.append((cursor, self.key_of(ref)))
        if kind in (K.ARRAY_SUBSCRIPT_EXPR, K.UNARY_OPERATOR, K.MEMBER_REF_EXPR, K.DECL_REF_EXPR):
            self.accesses.append((cursor, list(parents)))

    # -- which functions suspend ------------------------------------------------------------

    def resolve_suspension(self):
        for f in self.functions.values():
            f.suspends = bool(f.primitives)
        changed = True
        while changed:
            changed = False
            for f in self.functions.values():
                if f.suspends:
                    continue
                for call, key, name, _ in f.calls:
                    if self.call_suspends(call, key, name):
                        f.suspends = True
                        changed = True
                        break

    def call_suspends(self, call, key, name):
        if key is not None:
            target = self.functions.get(key)
            return target is not None and target.suspends
        candidates = [self.functions[k] for k in self.by_name.get(name, ()) if k in self.functions]
        suspending = [c for c in candidates if c.suspends]
        if suspending and len(suspending) != len(candidates):
            self.error(call, f"cannot tell which '{name}' this call names: some functions of that "
                             f"name wait at barriers and some do not (give them different names)")
        return bool(suspending)

    # -- rewriting --------------------------------------------------------------------------

    def check_position(self, cursor, what):
        if self.spans_user_macro(cursor):
            self.error(cursor, f"{what} is written inside a macro; the emulator's translation "
                               f"cannot rewrite it there (write it out in the function)")
            return False
        return True

    def rewrite(self):
        for f in self.functions.values():
            if not f.suspends:
                continue
            if f.is_lambda:
                self.error(f.cursor, "a lambda that waits at a barrier (directly or through a "
                                     "function it calls) is not supported on the emulator; make "
                                     "it a __device__ function")
                continue
            if f.cursor.kind in (K.CONSTRUCTOR, K.DESTRUCTOR, K.CONVERSION_FUNCTION) or \
                    f.name.startswith("operator"):
                self.error(f.cursor, f"'{f.cursor.displayname}' waits at a barrier; constructors, "
                                     f"destructors and operators cannot on the emulator (they "
                                     f"cannot be coroutines): make it a named __device__ function")
                continue
            if not f.is_kernel:
                for declaration in self.declarations.get(f.key, []):
                    self.rewrite_return_type(declaration)
            for r in f.returns:
                self.rewrite_return(r)
            for call, parents in f.primitives:
                self.rewrite_primitive(call, parents)
            for call, key, name, parents in f.calls:
                if self.call_suspends(call, key, name) and \
                        not any(p.kind in UNEVALUATED for p in parents):
                    self.rewrite_call(call, parents)
        for cursor, key in self.address_taken:
            target = self.functions.get(key)
            if target is not None and target.suspends:
                self.error(cursor, f"'{target.name}' waits at a barrier, and is used here other "
                                   f"than by calling it (through a pointer, say); the emulator "
                                   f"can only suspend a thread through direct calls")
        for var, function in self.shared:
            self.rewrite_shared(var, function)
        for cursor, parents in self.accesses:
            self.instrument(cursor, parents)
        for cursor in self.namespace_definitions:
            self.make_inline(cursor)
        for cursor in self.out_of_header:
            self.declare_only(cursor)

    def rewrite_return_type(self, declaration):
        tokens = self.tokens(declaration)
        name_at = next((i for i, t in enumerate(tokens)
                        if t.extent.start.offset == declaration.location.offset), None)
        if name_at is None:
            self.error(declaration, "cannot find the return type of this function that waits at "
                                    "a barrier (is its declaration written by a macro?)")
            return
        i = 0
        while i < name_at:
            s = tokens[i].spelling
            if s == "template" and i + 1 < name_at and tokens[i + 1].spelling == "<":
                depth, i = 0, i + 1
                while i < name_at:
                    depth += {"<": 1, ">": -1, ">>": -2}.get(tokens[i].spelling, 0)
                    i += 1
                    if depth <= 0:
                        break
            elif s in FORBIDDEN_FOR_COROUTINES:
                self.error(tokens[i].location, f"a {s} function cannot wait at a barrier on the "
                                               f"emulator (it must be a coroutine there)")
                return
            elif s in LEADING_SPECIFIERS or tokens[i].kind == ci.TokenKind.LITERAL:
                i += 1
            elif s in ("__attribute__", "__launch_bounds__", "__align__", "alignas"):
                depth, i = 0, i + 1
                while i < name_at:
                    depth += {"(": 1, ")": -1}.get(tokens[i].spelling, 0)
                    i += 1
                    if depth == 0:
                        break
            elif s == "[[":
                while i < name_at and tokens[i].spelling != "]]":
                    i += 1
                i += 1
            else:
                break
        end = name_at
        # A qualified name (Class::function) is not part of the return type.
        while end - 2 >= i and tokens[end - 1].spelling == "::":
            end -= 2
            if tokens[end].spelling == ">":
                depth = 0
                while end > i:
                    depth += {">": 1, "<": -1}.get(tokens[end].spelling, 0)
                    if depth == 0:
                        end -= 1
                        break
                    end -= 1
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
        source = self.source_of(declaration)
        text = source[start:stop]
        new = "::simt::Task<>" if words == ["void"] else f"::simt::Task<{text}>"
        self.edits_for(declaration).replace(start, stop, new)

    def source_of(self, cursor):
        return self.sources_text(os.path.abspath(cursor.extent.start.file.name))

    def rewrite_return(self, statement):
        tokens = self.tokens(statement)
        if not tokens or tokens[0].spelling != "return" or \
                self.in_user_macro(statement, tokens[0].extent.start.offset + 1):
            self.error(statement, "a return written by a macro in a function that waits at a "
                                  "barrier cannot be rewritten; write it out")
            return
        t = tokens[0]
        self.edits_for(statement).replace(t.extent.start.offset, t.extent.end.offset, "co_return")

    def call_parenthesis(self, call):
        """The token of the call's opening parenthesis, and whether the argument list is empty."""
        children = list(call.get_children())
        callee_end = children[0].extent.end.offset if children else call.extent.start.offset
        tokens = self.tokens(call)
        for i, t in enumerate(tokens):
            if t.spelling == "(" and t.extent.start.offset >= callee_end:
                empty = i + 1 < len(tokens) and tokens[i + 1].spelling == ")"
                return t, empty
        return None, False

    def rewrite_primitive(self, call, parents):
        what = self.text_of(call)
        if not self.check_position(call, f"'{what}'"):
            return
        self.check_not_initializer(call, parents, what)
        paren, empty = self.call_parenthesis(call)
        if paren is None:
            self.error(call, f"cannot find the arguments of '{what}'")
            return
        edits = self.edits_for(call)
        start, end = call.extent.start.offset, call.extent.end.offset
        edits.wrap(start, end, "(co_await ", ")", outer=1)
        site = f"SIMT_SITE({c_string(what)})"
        edits.insert_first(paren.extent.end.offset, site if empty else site + ", ")

    def rewrite_call(self, call, parents):
        what = self.text_of(call)
        if not self.check_position(call, f"the call '{what}' of a function that waits at a "
                                         f"barrier"):
            return
        self.check_not_initializer(call, parents, what)
        self.edits_for(call).wrap(call.extent.start.offset, call.extent.end.offset,
                                  "(co_await ", ")", outer=1)

    def check_not_initializer(self, call, parents, what):
        for p in parents:
            if p.kind == K.PARM_DECL:
                self.error(call, f"'{what}' waits, and is in a default argument: not supported on "
                                 f"the emulator")
            elif p.kind == K.VAR_DECL and p.storage_class == ci.StorageClass.STATIC:
                self.error(call, f"'{what}' waits, and initialises a static variable: not "
                                 f"supported on the emulator")

    def text_of(self, cursor):
        source = self.source_of(cursor)
        text = source[cursor.extent.start.offset:cursor.extent.end.offset]
        return text.encode("latin-1").decode("utf-8")

    def rewrite_shared(self, var, function):
        if function is None:
            self.error(var, f"'__shared__' variable '{var.spelling}' at namespace scope: the "
                            f"emulator needs shared variables declared inside the kernel or "
                            f"device function that uses them")
            return
        if any(self.in_user_macro(var, offset) for offset in
               (var.location.offset, var.location.offset + 1, var.extent.end.offset)):
            self.error(var, f"the declaration of '__shared__' variable '{var.spelling}' is written "
                            f"by a macro; the emulator's translation cannot rewrite it")
            return
        edits = self.edits_for(var)
        tokens = self.tokens(var)
        name_at = next((i for i, t in enumerate(tokens)
                        if t.extent.start.offset == var.location.offset), None)
        if name_at is None:
            self.error(var, f"cannot find the name of '__shared__' variable '{var.spelling}'")
            return
        # The specifiers (shared by all declarators of one declaration): drop __shared__,
        # extern, static and any alignment, which become arguments of the call below.
        alignment = None
        i = 0
        while i < name_at:
            t = tokens[i]
            s = t.spelling
            key = (t.extent.start.offset, t.extent.end.offset)
            if s in ("__shared__", "extern", "static"):
                if key not in self.removed:
                    self.removed.add(key)
                    edits.replace(t.extent.start.offset, t.extent.end.offset, "")
                i += 1
            elif s in ("__align__", "alignas") and i + 1 < name_at and \
                    tokens[i + 1].spelling == "(":
                j, depth = i + 1, 0
                while j < name_at:
                    depth += {"(": 1, ")": -1}.get(tokens[j].spelling, 0)
                    j += 1
                    if depth == 0:
                        break
                alignment = self.source_of(var)[tokens[i + 2].extent.start.offset:
                                                 tokens[j - 2].extent.end.offset]
                first = (tokens[i].extent.start.offset, tokens[j - 1].extent.end.offset)
                if first not in self.removed:
                    self.removed.add(first)
                    edits.replace(first[0], first[1], "")
                i = j
            else:
                i += 1
        name = tokens[name_at]
        is_array = name_at + 1 < len(tokens) and tokens[name_at + 1].spelling == "["
        has_initializer = any(t.spelling == "=" for t in tokens[name_at + 1:])
        if has_initializer:
            self.error(var, f"'__shared__' variable '{var.spelling}' has an initializer (CUDA does "
                            f"not allow one)")
            return
        if is_array:
            edits.wrap(name.extent.start.offset, name.extent.end.offset, "(&", ")")
        else:
            edits.insert_first(name.extent.start.offset, "&")
        dynamic = var.type.kind in (T.INCOMPLETEARRAY,) or \
            var.storage_class == ci.StorageClass.EXTERN
        held = f"std::remove_reference_t<decltype({var.spelling})>"
        site = f"SIMT_SITE({c_string(var.spelling)})"
        if dynamic:
            init = f" = *::simt::detail::dynamic_shared<{held}>({site})"
        else:
            extra = f", {alignment}" if alignment else ""
            init = f" = *::simt::detail::static_shared<{held}>({site}{extra})"
        edits.wrap(var.extent.end.offset, var.extent.end.offset, init, "", outer=-1)

    # -- memory access instrumentation -------------------------------------------------------

    def operator_token(self, cursor, children):
        """The operator of a unary or binary operator expression, from its tokens."""
        tokens = self.tokens(cursor)
        if cursor.kind == K.UNARY_OPERATOR:
            if not tokens or not children:
                return None
            operand = children[0]
            if tokens[0].extent.start.offset < operand.extent.start.offset:
                return tokens[0].spelling
            return tokens[-1].spelling
        if len(children) < 2:
            return None
        lhs_end = children[0].extent.end.offset
        for t in tokens:
            if t.extent.start.offset >= lhs_end:
                return t.spelling
        return None

    def is_memory(self, cursor):
        """Whether an lvalue path (subscripts, members, dereferences, references) reaches memory
        through a pointer or a reference, so it may be shared memory."""
        node = cursor
        while True:
            kind = node.kind
            children = list(node.get_children())
            if kind == K.ARRAY_SUBSCRIPT_EXPR:
                if not children:
                    return False
                base_type = children[0].type.get_canonical()
                if base_type.kind == T.POINTER:
                    return True
                base = strip_implicit(children[0])
                if base is None or base.type.get_canonical().kind not in (
                        T.CONSTANTARRAY, T.INCOMPLETEARRAY, T.DEPENDENTSIZEDARRAY,
                        T.VARIABLEARRAY):
                    return False
                node = base
            elif kind == K.UNARY_OPERATOR:
                return self.operator_token(node, children) == "*"
            elif kind == K.MEMBER_REF_EXPR:
                ref = node.referenced
                if ref is None or ref.kind != K.FIELD_DECL:
                    return False
                if not children:
                    return True  # a member of *this
                tokens = self.tokens(node)
                base_end = children[0].extent.end.offset
                arrow = any(t.spelling == "->" for t in tokens
                            if t.extent.start.offset >= base_end)
                if arrow or children[0].kind == K.CXX_THIS_EXPR:
                    return True
                node = strip_implicit(children[0])
                if node is None:
                    return False
            elif kind == K.DECL_REF_EXPR:
                ref = node.referenced
                if ref is None or ref.kind not in (K.VAR_DECL, K.PARM_DECL):
                    return False
                if ref.type.kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE):
                    return True
                return "simt:shared" in annotations(ref)
            else:
                return False

    @staticmethod
    def is_array_or_function(type_):
        return type_.get_canonical().kind in (
            T.CONSTANTARRAY, T.INCOMPLETEARRAY, T.DEPENDENTSIZEDARRAY, T.VARIABLEARRAY,
            T.FUNCTIONPROTO, T.FUNCTIONNOPROTO, T.VOID, T.INVALID)

    def extends_path(self, parents):
        """Whether the expression's parent continues its lvalue path (a member access on it)."""
        i = len(parents) - 1
        while i >= 0 and parents[i].kind == K.PAREN_EXPR:
            i -= 1
        if i < 0:
            return False
        parent = parents[i]
        if parent.kind == K.MEMBER_REF_EXPR:
            ref = parent.referenced
            return ref is not None and ref.kind == K.FIELD_DECL
        return False

    def classify(self, cursor, parents):
        """How an access is used: 'load', 'store', 'update' or None (its address is taken, a
        reference is bound to it, or it is not evaluated)."""
        node = cursor
        i = len(parents) - 1
        while i >= 0:
            parent = parents[i]
            kind = parent.kind
            children = list(parent.get_children())
            first = children[0] if children else None
            is_first = first is not None and first == node
            if kind == K.PAREN_EXPR:
                node, i = parent, i - 1
                continue
            if kind in UNEVALUATED:
                return None
            if kind == K.UNEXPOSED_EXPR:
                if parent.type.get_canonical().kind == T.RECORD:
                    node, i = parent, i - 1
                    continue
                return "load"
            if kind == K.BINARY_OPERATOR:
                op = self.operator_token(parent, children)
                if is_first and op == "=":
                    return "store"
                if op == ",":
                    if is_first:
                        return None
                    node, i = parent, i - 1
                    continue
                return "load"
            if kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
                return "update" if is_first else "load"
            if kind == K.UNARY_OPERATOR:
                op = self.operator_token(parent, children)
                if op in ("++", "--"):
                    return "update"
                if op == "&":
                    return None
                return "load"
            if kind == K.CALL_EXPR:
                name = parent.spelling
                ref = parent.referenced
                if ref is not None and ref.kind == K.CONSTRUCTOR:
                    return "load"
                if name == "operator=":
                    return "store" if is_first else "load"
                if name.startswith("operator") and name[8:] in ("+=", "-=", "*=", "/=", "|=",
                                                                "&=", "^=", "++", "--"):
                    return "update" if is_first else "load"
                return None  # bound to a reference parameter (or unknown in a template)
            if kind == K.MEMBER_REF_EXPR:
                return None  # a member function called on it
            if kind == K.VAR_DECL:
                return None if parent.type.kind in (T.LVALUEREFERENCE,
                                                    T.RVALUEREFERENCE) else "load"
            if kind == K.RETURN_STMT:
                for p in reversed(parents[:i]):
                    if p.kind in FUNCTION_KINDS or p.kind == K.LAMBDA_EXPR:
                        result = p.result_type if p.kind != K.LAMBDA_EXPR else None
                        if result is not None and result.kind in (T.LVALUEREFERENCE,
                                                                  T.RVALUEREFERENCE):
                            return None
                        break
                return "load"
            if kind == K.CONDITIONAL_OPERATOR:
                if is_first:
                    return "load"
                node, i = parent, i - 1
                continue
            if kind in (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR,
                        K.CXX_CONST_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR):
                target = parent.type.get_canonical().kind
                if target in (T.LVALUEREFERENCE, T.RVALUEREFERENCE):
                    node, i = parent, i - 1
                    continue
                if target == T.VOID:
                    return None
                return "load"
            return "load"
        return None

    def instrument(self, cursor, parents):
        if cursor.kind == K.DECL_REF_EXPR and parents and \
                parents[-1].kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR) and \
                cursor.type.get_canonical().kind in (T.CONSTANTARRAY, T.INCOMPLETEARRAY):
            return
        if self.is_array_or_function(cursor.type):
            return
        if cursor.type.get_canonical().kind == T.DEPENDENT and cursor.kind == K.DECL_REF_EXPR:
            return
        if cursor.kind == K.MEMBER_REF_EXPR:
            ref = cursor.referenced
            if ref is None or ref.kind != K.FIELD_DECL or ref.is_bitfield():
                return
        if not self.is_memory(cursor) or self.extends_path(parents):
            return
        if any(p.kind in UNEVALUATED for p in parents):
            return
        action = self.classify(cursor, parents)
        if action is None:
            return
        start, end = cursor.extent.start.offset, cursor.extent.end.offset
        if self.in_user_macro(cursor, start) or self.in_user_macro(cursor, end):
            return  # inside a macro's expansion: left unchecked
        self.edits_for(cursor).wrap(start, end,
                                    f"(*::simt::detail::{action}(__builtin_addressof(",
                                    "), __FILE__, __LINE__))")

    # -- explicit instantiations of kernel templates -----------------------------------------

    def explicit_instantiations(self, tu):
        """`template __global__ void Kernel<...>(...);` directives in the translated files: the
        template's cursor, the template arguments and the parameter list, as written."""
        templates = {}
        for k in self.kernels:
            if k.kind == K.FUNCTION_TEMPLATE:
                templates.setdefault(k.spelling, k)
        found = []
        if not templates:
            return found
        for name in sorted({os.path.abspath(f) for f in self.user_files}):
            source = self.sources_text(name)
            extent = tu.get_extent(name, (0, len(source)))
            tokens = list(tu.get_tokens(extent=extent))
            for i, t in enumerate(tokens):
                if t.spelling != "template" or i + 1 >= len(tokens) or \
                        tokens[i + 1].spelling == "<":
                    continue
                j = i + 1
                while j < len(tokens) and tokens[j].spelling != ";":
                    j += 1
                words = tokens[i + 1:j]
                for w, word in enumerate(words):
                    if word.spelling in templates and w + 1 < len(words) and \
                            words[w + 1].spelling == "<":
                        depth, a = 0, w + 1
                        while a < len(words):
                            depth += {"<": 1, ">": -1, ">>": -2}.get(words[a].spelling, 0)
                            if depth <= 0:
                                break
                            a += 1
                        args = source[words[w + 2].extent.start.offset:
                                      words[a].extent.start.offset]
                        params = source[words[a + 1].extent.start.offset:
                                        words[-1].extent.end.offset]
                        found.append((templates[word.spelling], args.strip(), params.strip()))
                        # The header only declares the instantiation: it is compiled once, in
                        # the generated source.
                        self.header_edits.setdefault(name, []).append(
                            (t.extent.start.offset, t.extent.start.offset, "extern "))
                        break
        return found

    def sources_text(self, name):
        """A file's text with one character per byte (latin-1), so that libclang's byte offsets
        index it directly."""
        if name not in self.sources:
            with open(name, "rb") as f:
                self.sources[name] = f.read().decode("latin-1")
        return self.sources[name]

    @staticmethod
    def qualified(cursor):
        parts = []
        parent = cursor.semantic_parent
        while parent is not None and parent.kind != K.TRANSLATION_UNIT:
            if parent.kind == K.NAMESPACE:
                parts.append(parent.spelling)
            parent = parent.semantic_parent
        return "::".join(reversed(parts + [])) + ("::" if parts else "") + cursor.spelling

    def registrations(self, tu):
        """(mangled name of nvcc's stub, twin expression, name as written, cluster dims) for every
        kernel the generated source registers."""
        result = []
        names = {}
        for k in self.kernels:
            if k.kind == K.FUNCTION_DECL:
                names.setdefault(self.qualified(k), []).append(k)
        for k in self.kernels:
            if k.kind != K.FUNCTION_DECL or k.linkage != ci.LinkageKind.EXTERNAL:
                continue
            name = self.qualified(k)
            twin = f"&::{self.args.namespace}::{name}"
            if len(names[name]) > 1:
                twin = f"static_cast<std::add_pointer_t<{k.type.spelling}>>({twin})"
            result.append((k.mangled_name, twin, name, self.cluster_dims(k)))
        instantiations = self.explicit_instantiations(tu)
        if instantiations:
            probes = []
            for n, (template, args, params) in enumerate(instantiations):
                name = self.qualified(template)
                probes.append(f"auto* simt_probe_{n} = static_cast<void (*){params}>"
                              f"(&::{name}<{args}>);")
            with open(self.input, "rb") as f:
                text = f.read().decode("utf-8") + "\n" + "\n".join(probes) + "\n"
            probed = self.parse(unsaved=[(self.input, text)], skip_bodies=True)
            mangled = {}
            for c in probed.cursor.get_children():
                if c.kind == K.VAR_DECL and c.spelling.startswith("simt_probe_"):
                    for d in c.walk_preorder():
                        if d.kind == K.DECL_REF_EXPR and d.referenced is not None and \
                                d.referenced.kind == K.FUNCTION_DECL:
                            mangled[int(c.spelling[len("simt_probe_"):])] = \
                                d.referenced.mangled_name
                            break
            for n, (template, args, params) in enumerate(instantiations):
                if n not in mangled:
                    continue
                name = self.qualified(template)
                twin = (f"static_cast<void (*){params}>"
                        f"(&::{self.args.namespace}::{name}<{args}>)")
                result.append((mangled[n], twin, f"{name}<{args}>", self.cluster_dims(template)))
        return result

    def cluster_dims(self, kernel):
        source = self.source_of(kernel)
        for c in self.cluster_macros:
            if c[0] == os.path.abspath(kernel.extent.start.file.name) and \
                    kernel.extent.start.offset <= c[1] < kernel.extent.end.offset:
                text = source[c[1]:c[2]]
                inner = text[text.index("(") + 1:text.rindex(")")]
                return f"::simt::Dim3({inner})"
        return "::simt::Dim3(1, 1, 1)"

    # -- output ------------------------------------------------------------------------------

    def translated_text(self, name, includes, seen, for_header):
        """The translation of one file: its edits applied, its includes hoisted or inlined. For
        the header, functions defined at namespace scope are only declared."""
        source = self.sources_text(name)
        edits = self.edits.get(name, Edits()).copy()
        if for_header:
            for start, end, text in self.header_edits.get(name, []):
                if end > start:
                    edits.drop_inside(start, end)
                # A removed body leaves its line breaks, so that what follows it (a template's
                # body, which stays in the header) keeps its lines under the file's #line.
                edits.replace(start, end, text + "\n" * source.count("\n", start, end))
        for start, end, included in includes.get(name, []):
            directive = source[start:end]
            if included is not None and self.is_user_file(included):
                path = os.path.abspath(included)
                if path in seen and self.pragma_once(path):
                    edits.replace(start, end, "")
                    continue
                seen.add(path)
                line = source[:end].count("\n") + 1
                body = self.translated_text(path, includes, seen, for_header)
                edits.replace(start, end, f'\n#line 1 "{path}"\n{body}\n#line {line + 1} '
                                          f'"{name}"\n')
            else:
                edits.replace(start, end, "")
                if included is not None and os.path.abspath(included).startswith(self.stand_ins):
                    relative = os.path.relpath(os.path.abspath(included), self.simt_include)
                    self.hoisted.append(f"#include <{relative}>")
                else:
                    self.hoisted.append(directive.strip())
        for start, end, text in self.pragma_lines.get(name, []):
            edits.replace(start, end, text)
        return edits.apply(source)

    def pragma_once(self, path):
        return path in self.pragma_once_files

    def run(self):
        tu = self.parse()
        self.tu = tu
        self.user_files = {self.input}
        includes = {}
        for c in tu.cursor.get_children():
            f = c.location.file
            if f is None:
                continue
            name = os.path.abspath(f.name)
            if c.kind == K.INCLUSION_DIRECTIVE and self.is_user_file(name):
                included = c.get_included_file()
                included_name = included.name if included is not None else None
                includes.setdefault(name, []).append(
                    (c.extent.start.offset, c.extent.end.offset, included_name))
                if included_name is not None and self.is_user_file(included_name):
                    self.user_files.add(os.path.abspath(included_name))
            elif c.kind == K.MACRO_INSTANTIATION and c.spelling == "__cluster_dims__" and \
                    self.is_user_file(name):
                self.cluster_macros.append((name, c.extent.start.offset, c.extent.end.offset))
        for name in self.user_files:
            source = self.sources_text(name)
            extent = tu.get_extent(name, (0, len(source)))
            tokens = list(tu.get_tokens(extent=extent))
            for i in range(len(tokens) - 2):
                if tokens[i].spelling != "#" or tokens[i + 1].spelling != "pragma":
                    continue
                pragma = tokens[i + 2]
                if pragma.spelling == "once":
                    # The translation is a header of its own, with its own #pragma once.
                    self.pragma_once_files.add(name)
                    self.pragma_lines.setdefault(name, []).append(
                        (tokens[i].extent.start.offset, pragma.extent.end.offset, ""))
                elif pragma.spelling == "unroll":
                    # nvcc's `#pragma unroll [N]` is GCC's `#pragma GCC unroll N` (and GCC warns
                    # about pragmas it does not know).
                    count = tokens[i + 3] if i + 3 < len(tokens) and \
                        tokens[i + 3].location.line == pragma.location.line else None
                    text = f"#pragma GCC unroll {count.spelling}" if count is not None and \
                        count.kind == ci.TokenKind.LITERAL else ""
                    end = (count if text else pragma).extent.end.offset
                    self.pragma_lines.setdefault(name, []).append(
                        (tokens[i].extent.start.offset, end, text))
                elif pragma.spelling.startswith("nv_diag_"):
                    # nvcc's own diagnostics (`#pragma nv_diag_suppress
                    # static_var_with_dynamic_init`, which the guide writes before a __shared__
                    # cuda::barrier): nothing for the host compiler, which would warn about them.
                    last = i + 2
                    while last + 1 < len(tokens) and \
                            tokens[last + 1].location.line == pragma.location.line:
                        last += 1
                    self.pragma_lines.setdefault(name, []).append(
                        (tokens[i].extent.start.offset, tokens[last].extent.end.offset, ""))
        self.primitive_names = self.find_primitive_names(tu)
        self.collect(tu)
        self.resolve_suspension()
        self.rewrite()
        if self.errors:
            for e in dict.fromkeys(self.errors):  # each once, in order
                print(e, file=sys.stderr)
            raise SystemExit(1)
        registrations = self.registrations(tu)
        bodies = [self.translated_text(self.input, includes, {self.input}, for_header)
                  .encode("latin-1").decode("utf-8") for for_header in (True, False)]
        self.write(bodies[0], bodies[1], registrations, tu)

    def write(self, header_body, source_body, registrations, tu):
        namespace = self.args.namespace
        header = os.path.abspath(self.args.header)
        source = os.path.abspath(self.args.source)
        hoisted = []
        for h in self.hoisted:
            if h not in hoisted:
                hoisted.append(h)
        stand_ins = [h for h in hoisted if h.startswith("#include <simt/cuda/")]
        others = [h for h in hoisted if h not in stand_ins]

        def translation(path, comment, body, epilogue):
            lines = comment + others + ["#include <simt/kernel.hpp>"] + stand_ins
            lines += ["#include <simt/cuda/kernel_macros_begin.h>", f"namespace {namespace} {{",
                      f'#line 1 "{self.input}"', body]
            count = sum(line.count("\n") + 1 for line in lines) + 1
            lines += [f'#line {count} "{path}"', f"}}  // namespace {namespace}",
                      "#include <simt/cuda/kernel_macros_end.h>"] + epilogue + [""]
            write_if_changed(path, "\n".join(lines))

        translation(header, [
            f"// Generated by simt-translate from {self.input}: its kernels for the CPU",
            "// emulator, to call from C++ as emulated::Kernel (their definitions are in",
            f"// {os.path.basename(source)}). Do not edit; edit the kernel file.",
            "#pragma once"], header_body, [])

        anchor = self.args.anchor
        epilogue = ["", "// Each kernel registered under the symbol of nvcc's host stub, so that",
                    "// simt::launch(config, Kernel, ...) in a CUDA file runs it.",
                    "#include <simt/launch.hpp>", "#include <type_traits>"]
        for n, (mangled, _, _, _) in enumerate(registrations):
            epilogue.append(f'extern "C" void {anchor}_stub_{n}() __asm__("{mangled}") '
                            f"__attribute__((weak));")
        epilogue += [f"namespace {namespace} {{", "namespace {"]
        for n, (_, twin, name, dims) in enumerate(registrations):
            epilogue += [f"const ::simt::detail::KernelRegistration {anchor}_kernel_{n}{{"
                         f"::simt::detail::KernelEntry{{",
                         f"    reinterpret_cast<const void*>(&{anchor}_stub_{n}),",
                         f"    reinterpret_cast<const void*>({twin}), {c_string(name)}, {dims},",
                         f"    &::simt::detail::launch_twin<{twin}>}}}};"]
        epilogue += ["}  // namespace", f"}}  // namespace {namespace}",
                     "// Referenced by the targets that link this code, so the linker keeps it.",
                     f'extern "C" const char {anchor} = 0;']
        translation(source, [
            f"// Generated by simt-translate from {self.input}: its kernels compiled by the",
            "// host compiler for the CPU emulator, and registered with it. Do not edit; edit",
            "// the kernel file."], source_body, epilogue)

        if self.args.depfile:
            # The kernel file, its own headers and the emulator's: what the translation can
            # change with (system headers are left out).
            dependencies = {self.input} | {
                os.path.realpath(i.include.name) for i in tu.get_includes()
                if self.is_user_file(i.include.name) or
                os.path.realpath(i.include.name).startswith(self.simt_include + os.sep)}
            text = header + " " + source + ": " + " \\\n  ".join(
                sorted(d.replace(" ", "\\ ") for d in dependencies)) + "\n"
            write_if_changed(os.path.abspath(self.args.depfile), text)


def write_if_changed(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", help="the kernel file (CUDA C++)")
    parser.add_argument("--header", required=True, help="the translation (a header)")
    parser.add_argument("--source", required=True, help="the registration of its kernels")
    parser.add_argument("--depfile", help="dependencies of the translation (Makefile syntax)")
    parser.add_argument("--simt-include", required=True, help="the emulator's include directory")
    parser.add_argument("--include-dir", action="append", help="include directories (;-lists)")
    parser.add_argument("--define", action="append", help="preprocessor definitions (;-lists)")
    parser.add_argument("--user-root", action="append",
                        help="directories whose headers are translated too (default: the "
                             "kernel file's)")
    parser.add_argument("--namespace", default="emulated", help="namespace of the translation")
    parser.add_argument("--anchor", help="symbol the linker keeps (default: from the paths)")
    args = parser.parse_args()
    if not args.anchor:
        digest = hashlib.sha1((os.path.abspath(args.input) + os.path.abspath(args.source))
                              .encode()).hexdigest()[:12]
        args.anchor = f"simt_kernels_{digest}"
    try:
        Translator(args).run()
    except TranslationError as e:
        print(f"{args.input}: error: {e}", file=sys.stderr)
        raise SystemExit(1)


if __name__ == "__main__":
    main()
