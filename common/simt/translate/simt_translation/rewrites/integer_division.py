"""Integer division in kernel code: `a / b` becomes `::simt::detail::quotient(a, b, __FILE__,
__LINE__)` (and `%`, `/=`, `%=` their counterparts), so that a zero divisor, which traps on the
CPU, is reported with checks on and gives the GPU's value with checks off. Divisions by a constant
other than 0 and -1 (a literal, a macro's value, a `constexpr` variable: whatever clang evaluates
at compile time), of floating-point operands, or written by a macro are left as they are."""

from ..cursors import (FUNCTION_KINDS, UNEVALUATED, K, T, annotations, integer_value, kind_of,
                       strip_implicit)
from ..sources import path_of
from . import Rewrite

FUNCTIONS = {"/": "quotient", "%": "remainder", "/=": "divide_assign", "%=": "remainder_assign"}
FLOATING = {T.FLOAT, T.DOUBLE, T.LONGDOUBLE, T.HALF, T.FLOAT128}


def rewrite(unit, analysis, progress):
    result = Rewrite()
    for cursor, parents in analysis.divisions:
        progress.at(cursor)
        children = list(cursor.get_children())
        if len(children) != 2:
            continue
        lhs, rhs = children
        operator = unit.sources.binary_operator(lhs, rhs)
        if operator is None or operator.spelling not in FUNCTIONS:
            continue
        if any(kind_of(p) in UNEVALUATED for p in parents) or unit.sources.within_macro(cursor):
            continue
        if not _in_device_code(parents):
            continue  # host code keeps C++'s division
        if _floating(lhs) or _floating(rhs) or _safe_divisor(rhs):
            continue
        if operator.spelling.endswith("=") and _is_bitfield(lhs):
            continue
        edits = result.edits.of(path_of(cursor))
        edits.wrap(cursor.extent.start.offset, cursor.extent.end.offset,
                   f"::simt::detail::{FUNCTIONS[operator.spelling]}(", ", __FILE__, __LINE__)")
        edits.replace(operator.extent.start.offset, operator.extent.end.offset, ",")
    return result


def _in_device_code(parents):
    return any(kind_of(p) in FUNCTION_KINDS and
               annotations(p) & {"simt:global", "simt:device"} for p in parents)


def _floating(operand):
    kind = operand.type.get_canonical().kind
    return kind in FLOATING


def _safe_divisor(operand):
    """A divisor whose value is known at compile time and is neither 0 nor -1, so the division
    cannot trap. Leaving such a division alone keeps a call out of conditions like
    `i < (WARP_SIZE / 2) / LINES_PER_WARP` (under `#pragma unroll`, GCC ignored the unrolling
    of a loop whose condition held the call, and said so in a warning). A divisor that depends
    on a template parameter is checked like any other."""
    value = integer_value(operand)  # an unsigned one is never negative
    return value is not None and value not in (0, -1)


def _is_bitfield(operand):
    node = strip_implicit(operand)
    ref = node.referenced if kind_of(node) == K.MEMBER_REF_EXPR else None
    return ref is not None and kind_of(ref) == K.FIELD_DECL and ref.is_bitfield()
