"""The header and the source. The translation is written twice: the generated source compiles
it, and the generated header gives C++ code its kernels to launch; a C++ source may include the
headers of several kernel files. So that every function and variable has one definition, and
that definition is compiled with the flags kernels are built with:

- a function defined at namespace scope is only declared in the header (its body is replaced
  by `;`; a member function defined outside its class is left out of the header, the class
  declares it, unless it is inline or a template); `static` functions lose `static` (each
  kernel file's translation has a namespace of its own, so the names stay apart);
- a function defined by a macro is declared in the header by a declaration written from its
  type, in place of the macro's expansion;
- a variable at namespace scope becomes an inline variable, one object for the header and the
  source (`static` becomes `inline`); a static data member defined outside its class is left
  out of the header;
- `extern "C"` goes (the emulator's copies are C++ functions in their own namespace: nvcc's
  functions keep the C names), a block of them becomes an inline namespace;
- an explicit instantiation is `extern` in the header.

Functions that are inline, constexpr, templates or in an anonymous namespace, and const
variables, are the same in both, as C++ allows."""

import clang.cindex as ci

from ..cursors import FUNCTION_KINDS, RECORD_KINDS, K, in_anonymous_namespace, in_record, kind_of, \
    top_level
from ..diagnostics import error_at
from ..sources import path_of
from . import Rewrite

KEPT_WHOLE = {"inline", "__forceinline__", "constexpr", "consteval", "__inline__"}


class HeaderSplit(Rewrite):
    def __init__(self):
        super().__init__()
        # path -> [(start, end, text)]: what the header has instead of [start, end) (the edits
        # there are dropped); the line breaks it replaces are kept
        self.header_only = {}

    def header_replace(self, path, start, end, text):
        self.header_only.setdefault(path, []).append((start, end, text))


def rewrite(unit, analysis, instantiations, progress):
    split = _Split(unit, analysis, HeaderSplit(), progress)
    split.run(instantiations)
    return split.result


class _Split:
    def __init__(self, unit, analysis, result, progress):
        self.sources = unit.sources
        self.specifier_macros = unit.specifier_macros
        self.analysis = analysis
        self.result = result
        self.progress = progress
        self.inserted = set()  # (path, offset) where `inline` is already inserted
        self.replaced = set()  # (path, start) of tokens already replaced
        self.by_macro = {}  # (path, start, end) of a macro expansion -> [definitions in it]
        self.handled = set()  # hashes of variables whose `extern "C"` became what they need

    def error(self, where, message):
        self.result.errors.append(error_at(where, message))

    def run(self, instantiations):
        for spec in self.analysis.linkage_specs:
            self.drop_linkage(self.progress.at(spec))
        for cursor in self.analysis.namespace_functions:
            self.split_function(self.progress.at(cursor))
        for cursor in self.analysis.namespace_variables:
            self.split_variable(self.progress.at(cursor))
        for (path, start, end), definitions in self.by_macro.items():
            self.declare_macro_definitions(path, start, end, definitions)
        for i in instantiations:
            self.result.header_replace(i.path, i.offset, i.offset, "extern ")

    # -- extern "C" ----------------------------------------------------------------------------

    def drop_linkage(self, spec):
        tokens = self.sources.tokens(spec)
        if len(tokens) < 3 or tokens[0].spelling != "extern" or \
                tokens[1].kind != ci.TokenKind.LITERAL:
            return  # written by a macro: left as it is
        path = path_of(spec)
        start, end = tokens[0].extent.start.offset, tokens[1].extent.end.offset
        if self.sources.boundary_in_macro(path, start) or self.sources.boundary_in_macro(path, end):
            return
        if (path, start) in self.replaced:
            return  # a header without an include guard, included again
        if tokens[2].spelling == "{":
            replacement = "inline namespace simt_linkage"
        else:
            declared = [c for c in spec.get_children() if kind_of(c) in (K.VAR_DECL,)]
            # `extern "C" int x;` declares; `extern "C" int x = 1;` defines, with external
            # linkage even when const (a header may declare it `extern "C" const int x;`): one
            # inline variable for the header and the source.
            replacement = "extern" if declared and not declared[0].is_definition() else ""
            if declared and declared[0].is_definition():
                replacement = "inline"
            if declared:
                self.handled.add(declared[0].hash)
        self.replaced.add((path, start))
        self.result.edits.of(path).replace(start, end, replacement)

    # -- functions -----------------------------------------------------------------------------

    def split_function(self, cursor):
        path = path_of(cursor)
        macro = self.macro_around(cursor)
        if macro is not None:
            self.by_macro.setdefault((path,) + macro, []).append(cursor)
            return
        if in_record(cursor):
            if self.specifiers(cursor) & KEPT_WHOLE or kind_of(cursor) == K.FUNCTION_TEMPLATE \
                    or kind_of(cursor.semantic_parent) in (
                        K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION):
                return  # inline or a template: the same in both, and needed where it is used
            # Defined outside its class: the class in the header declares it.
            self.result.header_replace(path, cursor.extent.start.offset,
                                       cursor.extent.end.offset, "")
            return
        words = self.specifiers(cursor)
        if words & KEPT_WHOLE or in_anonymous_namespace(cursor):
            return
        if "static" in words and not self.drop_static(cursor):
            return  # `static` written by a macro: a copy in each file, which C++ allows
        body = next((c for c in cursor.get_children() if kind_of(c) == K.COMPOUND_STMT), None)
        if body is None:
            return  # `= default` and the like
        if self.sources.boundary_in_macro(path, body.extent.start.offset) or \
                self.sources.boundary_in_macro(path, body.extent.end.offset - 1):
            self.error(cursor, f"the body of '{cursor.spelling}' is written by a macro: the "
                               f"emulator's translation declares such a function in its header "
                               f"and cannot take the body out of the macro (write the braces "
                               f"of the body in the file, or the whole function in the macro)")
            return
        self.result.header_replace(path, body.extent.start.offset, body.extent.end.offset, ";")

    def drop_static(self, cursor):
        """Removes `static` from every declaration of a function; False if some `static` is
        written by a macro (then none is removed)."""
        removals = []
        key = next((k for k, f in self.analysis.functions.items() if f.cursor == cursor), None)
        for declaration in self.analysis.declarations.get(key, [cursor]):
            path = path_of(declaration)
            for t in self.sources.tokens(declaration):
                if t.extent.start.offset >= declaration.location.offset:
                    break
                if t.spelling == "static":
                    if self.sources.boundary_in_macro(path, t.extent.start.offset) or \
                            self.sources.boundary_in_macro(path, t.extent.end.offset):
                        return False
                    removals.append((path, t.extent.start.offset, t.extent.end.offset))
        for path, start, end in removals:
            if (path, start) not in self.replaced:
                self.replaced.add((path, start))
                self.result.edits.of(path).replace(start, end, "")
        return True

    # -- variables -----------------------------------------------------------------------------

    def split_variable(self, cursor):
        path = path_of(cursor)
        parent = cursor.semantic_parent
        if parent is not None and kind_of(parent) in RECORD_KINDS:
            if kind_of(parent) not in (K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION):
                # A static data member defined outside its class: the class declares it.
                self.result.header_replace(path, cursor.extent.start.offset,
                                           cursor.extent.end.offset, "")
            return
        if cursor.type.is_const_qualified() or in_anonymous_namespace(cursor):
            return
        words = self.specifiers(cursor)
        if words & {"inline", "constexpr", "thread_local"} or cursor.hash in self.handled:
            return
        macro = self.macro_around(cursor)
        if macro is not None:
            self.by_macro.setdefault((path,) + macro, []).append(cursor)
            return
        for t in self.sources.tokens(cursor):
            if t.extent.start.offset >= cursor.location.offset:
                break
            if t.spelling in ("static", "extern"):
                start = t.extent.start.offset
                if (path, start) in self.replaced:
                    return
                if self.sources.boundary_in_macro(path, start):
                    return  # written by a macro: a copy in each file
                self.replaced.add((path, start))
                self.result.edits.of(path).replace(start, t.extent.end.offset, "inline")
                return
        start = self.declaration_start(cursor)
        if (path, start) not in self.inserted:
            self.inserted.add((path, start))
            self.result.edits.of(path).insert_first(start, "inline ")

    # -- definitions written by a macro ------------------------------------------------------------

    def declare_macro_definitions(self, path, start, end, definitions):
        """A macro expansion that defines functions or variables: in the header, declarations
        written from their types replace it."""
        functions = [d for d in definitions if kind_of(d) in FUNCTION_KINDS]
        variables = [d for d in definitions if kind_of(d) == K.VAR_DECL]
        name = self.sources.text(path)[start:end].split("(")[0].strip()
        if variables and len(definitions) == 1 and self.only_declaration(path, start, end):
            # `DECLARE_TABLE(float, weights);`: the one definition it writes becomes inline.
            self.result.edits.of(path).insert_first(start, "inline ")
            return
        if variables or not all(self.only_definitions_in(path, start, end, functions)):
            self.error(definitions[0], f"the macro '{name}' defines "
                                       f"{'variables' if variables else 'functions'} together "
                                       f"with other declarations; the emulator's header cannot "
                                       f"hold them apart: write the definitions outside the "
                                       f"macro, or make them inline")
            return
        declarations = []
        for f in functions:
            words = self.specifiers(f)
            if words & KEPT_WHOLE or "static" in words:
                return  # the expansion can stay in the header as it is
            declarations.append(declaration_from_type(f))
        self.result.header_replace(path, start, end, " ".join(declarations))

    def only_declaration(self, path, start, end):
        return len(self.declarations_in(path, start, end)) == 1

    def only_definitions_in(self, path, start, end, functions):
        inside = self.declarations_in(path, start, end)
        return [any(c == f for f in functions) for c in inside]

    def declarations_in(self, path, start, end):
        """Declarations at namespace scope whose text is the macro expansion [start, end)."""
        found = []

        def visit(children):
            for c in children:
                location = c.location
                if location.file is None or path_of(c) != path:
                    continue
                if kind_of(c) in (K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL):
                    visit(c.get_children())
                elif kind_of(c) not in (K.MACRO_DEFINITION, K.MACRO_INSTANTIATION,
                                        K.INCLUSION_DIRECTIVE) and \
                        start <= c.extent.start.offset and c.extent.end.offset <= end:
                    found.append(c)

        visit(top_level(self.sources.tu))
        return found

    # -- helpers -------------------------------------------------------------------------------

    def macro_around(self, cursor):
        """(start, end) of the user macro expansion that wrote all of a definition, or None."""
        start, end = cursor.extent.start.offset, cursor.extent.end.offset
        for s, e in self.sources.macro_ranges.get(path_of(cursor), ()):
            if s <= start and end <= e:
                return (s, e)
        return None

    def specifiers(self, cursor):
        """The words written before a declaration's name (its specifiers and type), with the
        specifiers a macro stands for (`#define DEVICE_INLINE __device__ __forceinline__`)."""
        words = set()
        for t in self.sources.tokens(cursor):
            if t.extent.start.offset >= cursor.location.offset:
                break
            words |= self.specifier_macros.get(t.spelling, {t.spelling})
        return words

    def declaration_start(self, cursor):
        tokens = self.sources.tokens(cursor)
        return tokens[0].extent.start.offset if tokens else cursor.extent.start.offset


def declaration_from_type(function):
    """`void Scale(float *, float)`: a function's declaration, from the types clang gives it."""
    parameters = [a.type.spelling for a in function.get_arguments()]
    if function.type.is_function_variadic():
        parameters.append("...")
    return f"{function.result_type.spelling} {function.spelling}({', '.join(parameters)});"
