"""What the passes ask of libclang's cursors: kinds (tolerating kinds these bindings do not
know), the emulator's annotations, expressions under implicit casts, and where a declaration
sits."""

import ctypes
import functools
import os

import clang.cindex as ci

K = ci.CursorKind
T = ci.TypeKind


def _kept_bytes(self):
    """A libclang string as Python text, the bytes of a file in another encoding (a Latin-1
    comment or string) kept as they are (surrogateescape) where the bindings would stop."""
    raw = super(ci.c_char_p, self).value
    return None if raw is None else raw.decode("utf-8", errors="surrogateescape")


ci.c_interop_string.value = property(_kept_bytes)

FUNCTION_KINDS = {K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE, K.CONSTRUCTOR,
                  K.DESTRUCTOR, K.CONVERSION_FUNCTION}
# Operands that are not evaluated: nothing in them runs, waits or touches memory.
UNEVALUATED = {K.CXX_UNARY_EXPR}
RECORD_KINDS = {K.CLASS_DECL, K.STRUCT_DECL, K.UNION_DECL, K.CLASS_TEMPLATE,
                K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
ARRAY_TYPES = {T.CONSTANTARRAY, T.INCOMPLETEARRAY, T.DEPENDENTSIZEDARRAY, T.VARIABLEARRAY}


def kind_of(cursor):
    """A cursor's kind, or None for a kind these bindings do not know (a newer libclang)."""
    try:
        return cursor.kind
    except ValueError:
        return None


def overloaded_declarations(cursor):
    """The declarations an OVERLOADED_DECL_REF may name (a call in a template, resolved only
    where it is instantiated)."""
    lib = ci.conf.lib
    return [lib.clang_getOverloadedDecl(cursor, n)
            for n in range(lib.clang_getNumOverloadedDecls(cursor))]


@functools.cache
def _evaluation():
    """libclang's evaluation functions, which these bindings do not declare."""
    lib = ci.conf.lib
    for name, restype, argtype in (
            ("clang_Cursor_Evaluate", ctypes.c_void_p, ci.Cursor),
            ("clang_EvalResult_getKind", ctypes.c_int, ctypes.c_void_p),
            ("clang_EvalResult_isUnsignedInt", ctypes.c_uint, ctypes.c_void_p),
            ("clang_EvalResult_getAsUnsigned", ctypes.c_ulonglong, ctypes.c_void_p),
            ("clang_EvalResult_getAsLongLong", ctypes.c_longlong, ctypes.c_void_p),
            ("clang_EvalResult_dispose", None, ctypes.c_void_p)):
        function = getattr(lib, name)
        function.restype, function.argtypes = restype, [argtype]
    return lib


_EVAL_INT = 1  # CXEval_Int
INTEGER_TYPES = {T.BOOL, T.CHAR_U, T.UCHAR, T.CHAR16, T.CHAR32, T.USHORT, T.UINT, T.ULONG,
                 T.ULONGLONG, T.UINT128, T.CHAR_S, T.SCHAR, T.WCHAR, T.SHORT, T.INT, T.LONG,
                 T.LONGLONG, T.INT128, T.ENUM}


def integer_value(cursor):
    """The value of an integer expression that clang can evaluate at compile time (a literal, a
    macro's, a `constexpr` or `const` variable's, arithmetic on these), as a Python int; None for
    any other, and for one that depends on a template parameter."""
    if cursor.type.kind == T.DEPENDENT or cursor.type.get_canonical().kind not in INTEGER_TYPES:
        return None
    lib = _evaluation()
    result = lib.clang_Cursor_Evaluate(cursor)
    if not result:
        return None
    try:
        if lib.clang_EvalResult_getKind(result) != _EVAL_INT:
            return None
        if lib.clang_EvalResult_isUnsignedInt(result):
            return int(lib.clang_EvalResult_getAsUnsigned(result))
        return int(lib.clang_EvalResult_getAsLongLong(result))
    finally:
        lib.clang_EvalResult_dispose(result)


def top_level(tu):
    """The declarations at the translation unit's scope, as written. A parse with a precompiled
    header (Index(excludeDecls=True)) also lists there each function that clang instantiated (a
    member of a class template, a function template's specialization, the function of an
    explicit instantiation), at its template's place; they are left out, as a parse without one
    leaves them out."""
    for c in tu.cursor.get_children():
        if kind_of(c) in FUNCTION_KINDS:
            template = ci.conf.lib.clang_getSpecializedCursorTemplate(c)
            if template is not None and template.location == c.location:
                continue
        yield c


def annotations(cursor):
    """The `annotate` attributes of a declaration: the prelude marks CUDA's qualifiers
    (`simt:global`, `simt:shared`, ...) and the suspension points (`simt:suspends`) so."""
    return {c.spelling for c in cursor.get_children() if kind_of(c) == K.ANNOTATE_ATTR}


def strip_implicit(cursor):
    """The expression under implicit casts and parentheses (as libclang exposes them)."""
    while cursor is not None and kind_of(cursor) in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
        children = list(cursor.get_children())
        if len(children) != 1:
            break
        cursor = children[0]
    return cursor


def enclosing_index(parents, through=(K.PAREN_EXPR,)):
    """The index in `parents` (a cursor's ancestors, innermost last) of the innermost one not of
    the kinds `through` (parentheses, by default): what the expression is an operand of; -1 if
    none."""
    i = len(parents) - 1
    while i >= 0 and kind_of(parents[i]) in through:
        i -= 1
    return i


def key_of(cursor):
    """One key for every declaration of a function: where its definition (or first
    declaration) is."""
    if cursor is None:
        return None
    definition = cursor.get_definition() or cursor.canonical
    location = definition.location
    if location.file is None:
        return None
    return (os.path.abspath(location.file.name), location.offset)


def at_namespace_scope(cursor):
    """Whether a declaration is written at namespace scope (not in a class or a function)."""
    parent = cursor.lexical_parent
    return parent is None or kind_of(parent) in (K.NAMESPACE, K.TRANSLATION_UNIT,
                                                 K.LINKAGE_SPEC, K.UNEXPOSED_DECL)


def in_record(cursor):
    """Whether a declaration is a member of a class (its semantic parent is one)."""
    parent = cursor.semantic_parent
    return parent is not None and kind_of(parent) in RECORD_KINDS


def qualified_name(cursor):
    """`ns::Kernel` for a declaration in namespace ns (anonymous namespaces left out: their
    names are reachable without them)."""
    parts = [cursor.spelling]
    parent = cursor.semantic_parent
    while parent is not None and kind_of(parent) != K.TRANSLATION_UNIT:
        if kind_of(parent) == K.NAMESPACE and parent.spelling:
            parts.append(parent.spelling)
        parent = parent.semantic_parent
    return "::".join(reversed(parts))


def qualified_type_name(t):
    """`void (ns::Tile *)`: a type's name with every name in it qualified, as code outside the
    type's namespace needs it (an anonymous namespace left out: its names are reachable without
    it, where clang's spelling `(anonymous namespace)::` is not C++)."""
    return t.get_canonical().spelling.replace("(anonymous namespace)::", "")


def specialization_arguments(cursor, type_name=None):
    """`<3, ns::Tile>`: the template arguments of an explicit specialisation of a function
    template (`template <> __global__ void Kernel<3>(...)`), written so that they name the same
    thing from outside the function's namespace; "" for a function that is not one; None where
    an argument is neither a type nor an integer (a template, say), or a type `type_name` (which
    gives a type's name, or None) cannot name."""
    count = cursor.get_num_template_arguments()
    if count < 0 or kind_of(cursor) != K.FUNCTION_DECL:
        return ""
    arguments = []
    for i in range(count):
        kind = cursor.get_template_argument_kind(i)
        if kind == ci.TemplateArgumentKind.INTEGRAL:
            arguments.append(str(cursor.get_template_argument_value(i)))
        elif kind == ci.TemplateArgumentKind.TYPE:
            argument = cursor.get_template_argument_type(i)
            name = type_name(argument) if type_name else qualified_type_name(argument)
            if name is None:
                return None
            arguments.append(name)
        else:
            return None
    return "<" + ", ".join(arguments) + ">"


def twin_variable(name):
    """The variable in a whole program's kernel header that holds the address of the twin of
    the kernel whose device name is `name` (registrations.KernelRegistration.variable): what
    its stub in host code names where the kernel's own name is ambiguous or needs types only
    the device pass has."""
    return f"simt_twin_{name}"


def in_anonymous_namespace(cursor):
    parent = cursor.semantic_parent
    while parent is not None and kind_of(parent) != K.TRANSLATION_UNIT:
        if kind_of(parent) == K.NAMESPACE and not parent.spelling:
            return True
        parent = parent.semantic_parent
    return False


def device_name(cursor):
    """The name nvcc gives a kernel or a `__device__` variable in device code, as its runtime
    registers it: the Itanium mangled name, without the marks of internal linkage that the host
    compiler writes (`_ZL6Kernelv` is `_Z6Kernelv` there, and a static variable at global scope
    keeps its plain name). Anonymous namespaces are named differently by nvcc; the emulator's
    registry compares names without them."""
    name = cursor.mangled_name or cursor.spelling
    if cursor.linkage == ci.LinkageKind.EXTERNAL or not name.startswith("_Z"):
        return name
    if name.startswith("_ZL") and kind_of(cursor) == K.VAR_DECL:
        digits = ""
        for ch in name[3:]:
            if not ch.isdigit():
                break
            digits += ch
        if digits and len(name) == 3 + len(digits) + int(digits):
            return name[3 + len(digits):]
    return _without_internal_marks(name)


def _without_internal_marks(name):
    """`_ZL...` and the `L` before a source name in a nested name (`_ZN2nsL1fEv`) removed."""
    out = ["_Z"]
    i = 2
    if name[i:i + 1] == "L":
        i += 1
    if name[i:i + 1] != "N":
        return "".join(out) + name[i:]
    out.append("N")
    i += 1
    while i < len(name):
        if name[i] == "L" and i + 1 < len(name) and name[i + 1].isdigit():
            i += 1
            continue
        if not name[i].isdigit():
            break
        j = i
        while j < len(name) and name[j].isdigit():
            j += 1
        length = int(name[i:j])
        out.append(name[i:j + length])
        i = j + length
    return "".join(out) + name[i:]


def location_text(location):
    """`file:line:col` of a libclang source location."""
    return f"{location.file.name if location.file else '?'}:{location.line}:{location.column}"


def c_string(text):
    """A C++ string literal holding `text` on one line."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'
