"""Memory accesses through a pointer or a reference (`s[i]`, `*p`, `p->x`, `r` bound to `s[i]`)
are reported to the emulator's checks: `s[i] += x` becomes
`(*::simt::detail::update(__builtin_addressof(s[i]), __FILE__, __LINE__)) += x`, the same lvalue,
so types, `volatile` and references are untouched. Accesses written by a macro are left
unchecked."""

from ..cursors import ARRAY_TYPES, FUNCTION_KINDS, UNEVALUATED, K, T, annotations, \
    enclosing_index, kind_of, strip_implicit
from ..sources import path_of
from . import Rewrite, loops_with_checks_known

CASTS = {K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR,
         K.CXX_CONST_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR}
COMPOUND_OPERATORS = ("+=", "-=", "*=", "/=", "|=", "&=", "^=", "++", "--")


def checked_accesses(unit, analysis, progress):
    """The accesses to check, as (expression, 'load', 'store' or 'update')."""
    checks = _AccessChecks(unit.sources)
    checked = []
    for cursor, parents in analysis.accesses:
        progress.at(cursor)
        action = checks.action(cursor, parents)
        if action is None:
            continue
        if unit.sources.within_macro(cursor):
            continue  # written by a macro: left unchecked
        checked.append((cursor, action))
    return checked


def rewrite(checked, loops):
    """The accesses' rewrites; in the loops compiled twice (loops_with_checks_known.py), each
    passes the loop's `simt_checks_known`."""
    result = Rewrite()
    for cursor, action in checked:
        path = path_of(cursor)
        start, end = cursor.extent.start.offset, cursor.extent.end.offset
        known = ", simt_checks_known" if loops_with_checks_known.inside(loops, path, start) else ""
        result.edits.of(path).wrap(start, end,
                                   f"(*::simt::detail::{action}(__builtin_addressof(",
                                   f"), __FILE__, __LINE__{known}))")
    return result


class _AccessChecks:
    def __init__(self, sources):
        self.sources = sources

    def action(self, cursor, parents):
        """'load', 'store' or 'update' for an access to check, None for anything else."""
        kind = kind_of(cursor)
        if kind == K.DECL_REF_EXPR and parents and \
                kind_of(parents[-1]) in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR) and \
                cursor.type.get_canonical().kind in (T.CONSTANTARRAY, T.INCOMPLETEARRAY):
            return None
        if is_array_or_function(cursor.type) or names_array_row(cursor):
            return None
        if cursor.type.get_canonical().kind == T.DEPENDENT and kind == K.DECL_REF_EXPR:
            return None
        if parents and kind_of(parents[-1]) == K.LAMBDA_EXPR:
            return None  # a lambda's capture (`[&value]`, `[value]`): a name, not an access
        if kind == K.MEMBER_REF_EXPR:
            ref = cursor.referenced
            if ref is None or kind_of(ref) != K.FIELD_DECL or ref.is_bitfield():
                return None
        if not self.is_memory(cursor) or extends_path(parents):
            return None
        if any(kind_of(p) in UNEVALUATED for p in parents):
            return None
        return self.classify(cursor, parents)

    def is_memory(self, cursor):
        """Whether an lvalue path (subscripts, members, dereferences, references) reaches memory
        through a pointer or a reference, so it may be shared memory."""
        node = cursor
        while True:
            kind = kind_of(node)
            children = list(node.get_children())
            if kind == K.ARRAY_SUBSCRIPT_EXPR:
                if not children:
                    return False
                if children[0].type.get_canonical().kind == T.POINTER:
                    return True
                base = strip_implicit(children[0])
                if base is None or _subscript_array_type(base) is None:
                    return False
                node = base
            elif kind == K.UNARY_OPERATOR:
                return self.sources.operator(node) == "*"
            elif kind == K.MEMBER_REF_EXPR:
                ref = node.referenced
                if ref is None or kind_of(ref) != K.FIELD_DECL:
                    return False
                if not children:
                    return True  # a member of *this
                tokens = self.sources.tokens(node)
                base_end = children[0].extent.end.offset
                arrow = any(t.spelling == "->" for t in tokens
                            if t.extent.start.offset >= base_end)
                if arrow or kind_of(children[0]) == K.CXX_THIS_EXPR:
                    return True
                node = strip_implicit(children[0])
                if node is None:
                    return False
            elif kind == K.DECL_REF_EXPR:
                ref = node.referenced
                if ref is None or kind_of(ref) not in (K.VAR_DECL, K.PARM_DECL):
                    return False
                if ref.type.get_canonical().kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE):
                    return True
                return "simt:shared" in annotations(ref)
            else:
                return False

    def classify(self, cursor, parents):
        """How an access is used: 'load', 'store', 'update' or None (its address is taken, a
        reference is bound to it, or it is not evaluated)."""
        node = cursor
        i = len(parents) - 1
        while i >= 0:
            parent = parents[i]
            kind = kind_of(parent)
            children = list(parent.get_children())
            first = children[0] if children else None
            is_first = first is not None and first == node
            if kind == K.PAREN_EXPR:
                node, i = parent, i - 1
                continue
            if kind in UNEVALUATED or kind == K.ASM_STMT:
                return None  # not evaluated, or an operand of inline PTX (read or written)
            if kind == K.UNEXPOSED_EXPR:
                if parent.type.get_canonical().kind == T.RECORD:
                    node, i = parent, i - 1
                    continue
                return "load"
            if kind == K.BINARY_OPERATOR:
                op = self.sources.operator(parent)
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
                op = self.sources.operator(parent)
                if op in ("++", "--"):
                    return "update"
                if op == "&":
                    return None
                return "load"
            if kind == K.CALL_EXPR:
                name = parent.spelling
                ref = parent.referenced
                if ref is not None and kind_of(ref) == K.CONSTRUCTOR:
                    return "load"
                if name == "operator=":
                    return "store" if is_first else "load"
                if name.startswith("operator") and name[8:] in COMPOUND_OPERATORS:
                    return "update" if is_first else "load"
                return None  # bound to a reference parameter (or unknown in a template)
            if kind == K.MEMBER_REF_EXPR:
                return None  # a member function called on it
            if kind in (K.VAR_DECL, K.PARM_DECL):
                if node.extent.end.offset <= parent.location.offset:
                    return None  # in the declaration's type: `decltype(s[0]) x = ...`
                return None if parent.type.get_canonical().kind in (
                    T.LVALUEREFERENCE, T.RVALUEREFERENCE) else "load"
            if kind in (K.TYPE_ALIAS_DECL, K.TYPEDEF_DECL):
                return None  # `using T = decltype(s[0]);`
            if kind == K.RETURN_STMT:
                for p in reversed(parents[:i]):
                    if kind_of(p) in FUNCTION_KINDS or kind_of(p) == K.LAMBDA_EXPR:
                        result = p.result_type if kind_of(p) != K.LAMBDA_EXPR else None
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
            if kind in CASTS:
                target = parent.type.get_canonical().kind
                if target in (T.LVALUEREFERENCE, T.RVALUEREFERENCE):
                    node, i = parent, i - 1
                    continue
                if target == T.VOID:
                    return None
                return "load"
            return "load"
        return None


def is_array_or_function(type_):
    return type_.get_canonical().kind in ARRAY_TYPES | {
        T.FUNCTIONPROTO, T.FUNCTIONNOPROTO, T.VOID, T.INVALID}


def names_array_row(cursor):
    """Whether `a[i]` is itself an array (a row of `a[N][M]`, which decays to a pointer rather
    than being read), also where a template parameter leaves its type dependent:
    `tile[s]` of `float tile[Stages][kTile]`."""
    row = _subscript_array_type(cursor)
    return row is not None and row.kind in ARRAY_TYPES


def _subscript_array_type(cursor):
    """The canonical type of `cursor` where it is an array, or a subscript of one whose element
    type clang knows; None otherwise."""
    type_ = cursor.type.get_canonical()
    if type_.kind in ARRAY_TYPES:
        return type_
    if kind_of(cursor) != K.ARRAY_SUBSCRIPT_EXPR:
        return None
    children = list(cursor.get_children())
    base = strip_implicit(children[0]) if children else None
    array = _subscript_array_type(base) if base is not None else None
    return array.element_type.get_canonical() if array is not None else None


def extends_path(parents):
    """Whether the expression's parent continues its lvalue path (a member access on it)."""
    i = enclosing_index(parents)
    if i < 0:
        return False
    parent = parents[i]
    if kind_of(parent) == K.MEMBER_REF_EXPR:
        ref = parent.referenced
        return ref is not None and kind_of(ref) == K.FIELD_DECL
    return False
