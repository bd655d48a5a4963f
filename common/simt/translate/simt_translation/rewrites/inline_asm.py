"""Inline PTX (`asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));`) has no meaning to the
host's assembler. The handful of instructions real kernels write for what C++ cannot say, and
that mean the same on the CPU, become C++ in place:

- `mov` from the special registers %laneid, %warpid, %nwarpid, %smid, %nsmid, %clock, %clock64,
  %globaltimer (and _lo, _hi), %lanemask_eq/lt/le/gt/ge, %tid, %ntid, %ctaid, %nctaid (.x .y .z);
- integer and floating-point register arithmetic: mov, add, sub, mul(.lo .hi .wide), mad.lo,
  and, or, xor, not, shl, shr, min, max, neg, abs, popc, clz, brev, with `.reg` temporaries;
- the byte-wise sum of absolute differences, vabsdiff4 with .add (the SIMD video instruction
  that sum-of-absolute-differences kernels write);
- membar / fence (a fence), nanosleep, trap.

Anything else (loads and stores, shuffles, barriers, predicates, ...) is refused with one line
naming the instruction and the CUDA function to write instead. The statement becomes
`do { <operands bound once, outputs by reference>; <instructions> } while (0)`, written over the
asm's own syntax only: the operand expressions stay where they are (with their own rewrites),
and every line keeps its place."""

import re

import clang.cindex as ci

from ..brackets import closing
from ..diagnostics import error_at
from ..sources import path_of
from . import Rewrite

TYPES = {"u8": "std::uint8_t", "u16": "std::uint16_t", "u32": "std::uint32_t",
         "u64": "std::uint64_t", "s8": "std::int8_t", "s16": "std::int16_t",
         "s32": "std::int32_t", "s64": "std::int64_t", "b8": "std::uint8_t",
         "b16": "std::uint16_t", "b32": "std::uint32_t", "b64": "std::uint64_t",
         "f32": "float", "f64": "double"}
SPECIAL_REGISTERS = {
    "%laneid": "laneid()", "%warpid": "warpid()", "%nwarpid": "nwarpid()",
    "%smid": "smid()", "%nsmid": "nsmid()", "%clock": "clock32()", "%clock64": "clock64()",
    "%globaltimer": "globaltimer()", "%globaltimer_lo": "globaltimer_lo()",
    "%globaltimer_hi": "globaltimer_hi()", "%lanemask_eq": "lanemask_eq()",
    "%lanemask_lt": "lanemask_lt()", "%lanemask_le": "lanemask_le()",
    "%lanemask_gt": "lanemask_gt()", "%lanemask_ge": "lanemask_ge()"}
for _register, _function in (("tid", "tid"), ("ntid", "ntid"), ("ctaid", "ctaid"),
                             ("nctaid", "nctaid")):
    for _axis in "xyz":
        SPECIAL_REGISTERS[f"%{_register}.{_axis}"] = f"{_function}_{_axis}()"
# Instructions with their number of source operands, as ::simt::ptx functions of the type.
ARITHMETIC = {"mov": 1, "add": 2, "sub": 2, "mul": 2, "mad": 3, "and": 2, "or": 2, "xor": 2,
              "not": 1, "shl": 2, "shr": 2, "min": 2, "max": 2, "neg": 1, "abs": 1,
              "popc": 1, "clz": 1, "brev": 1}
# What to write instead of instructions the emulator does not run.
INSTEAD = {
    "ld": "a plain load (or __ldg)", "st": "a plain store", "ldu": "a plain load",
    "shfl": "__shfl_sync and friends", "vote": "__ballot_sync, __any_sync or __all_sync",
    "match": "__match_any_sync", "redux": "__reduce_add_sync and friends",
    "bar": "__syncthreads() or __syncwarp()", "barrier": "__syncthreads() or __syncwarp()",
    "atom": "atomicAdd and friends", "red": "atomicAdd and friends",
    "cp": "cuda::memcpy_async or cooperative_groups::memcpy_async",
    "cvt": "a C++ conversion or a __float2int_rn-style intrinsic",
    "setp": "a C++ comparison", "selp": "a C++ conditional expression",
    "fma": "fmaf or __fmaf_rn", "div": "the / operator", "rem": "the % operator",
    "sqrt": "sqrtf", "rcp": "1.0f / x", "ex2": "exp2f", "lg2": "log2f", "sin": "sinf",
    "cos": "cosf", "prmt": "__byte_perm", "bfe": "shifts and masks", "bfi": "shifts and masks",
    "bfind": "31 - __clz(x)", "mapa": "cluster.map_shared_rank", "elect": "a lane test",
    "griddepcontrol": "nothing (programmatic dependent launch is not emulated)"}


def rewrite(unit, analysis, progress):
    result = Rewrite()
    for statement, _ in analysis.asm_statements:
        progress.at(statement)
        try:
            _rewrite_statement(unit.sources, statement, result)
        except _Refused as refusal:
            result.errors.append(error_at(statement, str(refusal)))
    return result


class _Refused(Exception):
    pass


class _Operand:
    def __init__(self, name, constraint, start, end, output):
        self.name = name  # [name] or None
        self.constraint = constraint  # "=r", "+f", "r", "n", ...
        self.start, self.end = start, end  # the expression's text, between the parentheses
        self.output = output


def _rewrite_statement(sources, statement, result):
    path = path_of(statement)
    text = sources.text(path)
    tokens = sources.tokens(statement)
    if sources.within_macro(statement) or any(
            sources.boundary_in_macro(path, t.extent.start.offset) for t in tokens):
        raise _Refused("inline PTX written by a macro: the emulator's translation cannot rewrite "
                       "it there (write the asm statement in the function)")
    i = 1
    while i < len(tokens) and tokens[i].spelling in ("volatile", "__volatile__", "inline", "goto"):
        if tokens[i].spelling == "goto":
            raise _Refused("asm goto: jumps out of inline assembly have no meaning on the "
                           "emulator")
        i += 1
    if i >= len(tokens) or tokens[i].spelling != "(":
        raise _Refused("cannot read this asm statement")
    close = closing(tokens, i)
    if close is None:
        raise _Refused("cannot read this asm statement")
    template, operands = _read_statement(tokens, i + 1, close)
    outputs = [o for o in operands if o.output]
    inputs = [o for o in operands if not o.output]
    ordered = outputs + inputs
    names = {}
    for n, o in enumerate(ordered):
        names[f"%{n}"] = f"simt_asm_{n}"
        if o.name:
            names[f"%[{o.name}]"] = f"simt_asm_{n}"
    body = _translate_template(template, names, statement)
    # The edits: everything but the operand expressions is replaced; each replaced piece keeps
    # its line breaks at its end.
    edits = result.edits.of(path)
    start = statement.extent.start.offset
    pieces = []
    position = start
    for n, o in enumerate(ordered):
        binding = f"auto&& simt_asm_{n} = (" if o.output else f"const auto simt_asm_{n} = ("
        pieces.append((position, o.start, ("do { " if n == 0 else "); ") + binding))
        position = o.end
    end = statement.extent.end.offset
    close = ("); " if ordered else "do { ") + body + " } while (0)"
    pieces.append((position, end, close))
    for s, e, new in pieces:
        edits.replace(s, e, new + "\n" * text.count("\n", s, e))


def _read_statement(tokens, i, close):
    """The template (its string literals joined) and the operands of an asm statement, from
    tokens[i] to its closing parenthesis at tokens[close]."""
    template = ""
    while i < len(tokens) and tokens[i].kind == ci.TokenKind.LITERAL and \
            tokens[i].spelling.startswith('"'):
        template += _string_value(tokens[i].spelling)
        i += 1
    if not template:
        raise _Refused("the template of this asm statement is not a string literal")
    section = 0
    operands = []
    while i < close:
        s = tokens[i].spelling
        if s == ":":
            section += 1
            i += 1
        elif s == "::":
            section += 2
            i += 1
        elif s == ",":
            i += 1
        elif section in (1, 2):
            name = None
            if s == "[":
                name = tokens[i + 1].spelling
                i += 3
            constraint = _string_value(tokens[i].spelling)
            j = closing(tokens, i + 1, close) if tokens[i + 1].spelling == "(" else None
            if j is None:
                raise _Refused("cannot read the operands of this asm statement")
            if j == i + 2:
                raise _Refused("an asm operand without an expression")
            operands.append(_Operand(name, constraint, tokens[i + 2].extent.start.offset,
                                     tokens[j - 1].extent.end.offset, section == 1))
            i = j + 1
        elif section >= 3:
            i += 1  # clobbers ("memory", "cc") mean nothing on the CPU
        else:
            raise _Refused("cannot read this asm statement")
    return template, operands


def _string_value(literal):
    body = literal[1:-1] if literal.startswith('"') else literal
    return bytes(body, "latin-1").decode("unicode_escape")


INSTRUCTION = re.compile(r"^(@!?\S+\s+)?([a-z_][a-z0-9_]*)((?:\.[a-z0-9_]+)*)\s*(.*)$",
                         re.IGNORECASE)


def _translate_template(template, names, statement):
    """C++ statements for the PTX of the template (`%%` already one `%`... as nvcc reads it)."""
    ptx = re.sub(r"//[^\n]*", "", template).replace("%%", "%")
    ptx = re.sub(r"/\*.*?\*/", "", ptx, flags=re.S)
    out = []
    registers = dict(names)
    for raw in ptx.replace("{", ";").replace("}", ";").split(";"):
        line = " ".join(raw.split())
        if not line:
            continue
        if line.startswith(".reg"):
            words = line.replace(",", " ").split()
            if len(words) > 1 and words[1] == ".pred":
                raise _Refused(f"inline PTX '{line}': predicates are not emulated; write the "
                               f"condition in C++")
            if len(words) < 3 or words[1][1:] not in TYPES:
                raise _Refused(f"inline PTX '{line}': the emulator knows registers of the types "
                               f"{', '.join('.' + t for t in TYPES)}")
            for name in words[2:]:
                variable = "simt_ptx_" + re.sub(r"\W", "_", name)
                registers[name] = variable
                out.append(f"{TYPES[words[1][1:]]} {variable}{{}};")
            continue
        match = INSTRUCTION.match(line)
        if match is None:
            raise _Refused(f"cannot read the inline PTX '{line}'")
        predicate, opcode, suffixes, rest = match.groups()
        if predicate:
            raise _Refused(f"inline PTX '{line}': predicated instructions (@p) are not emulated; "
                           f"write the condition in C++")
        modifiers = [s for s in suffixes.split(".") if s]
        arguments = [a.strip() for a in rest.split(",")] if rest else []
        out.append(_instruction(line, opcode, modifiers, arguments, registers))
    return " ".join(out)


def _instruction(line, opcode, modifiers, arguments, registers):
    if opcode in ("membar", "fence"):
        scope = next((m for m in modifiers if m in ("cta", "gl", "gpu", "sys", "cluster")), "gl")
        fence = {"cta": "__threadfence_block", "sys": "__threadfence_system"}.get(scope,
                                                                                 "__threadfence")
        return f"::{fence}();"
    if opcode == "nanosleep":
        return f"::__nanosleep({_value(arguments[0], registers, line)});"
    if opcode == "trap":
        return "::simt::detail::trap(__FILE__, __LINE__);"
    if opcode == "vabsdiff4":
        return _vabsdiff4(line, modifiers, arguments, registers)
    if opcode not in ARITHMETIC:
        instead = INSTEAD.get(opcode)
        advice = f"; write {instead} instead" if instead else \
            "; the emulator runs mov and integer or floating-point register arithmetic, fences " \
            "and the special registers (the emulator page lists them)"
        raise _Refused(f"inline PTX '{line}' has no meaning on the emulator{advice}")
    types = [m for m in modifiers if m in TYPES]
    if not types:
        raise _Refused(f"inline PTX '{line}': the emulator needs a type it knows (.u32, .s64, "
                       f".f32, ...)")
    kind = opcode
    if opcode in ("mul", "mad"):
        width = next((m for m in modifiers if m in ("lo", "hi", "wide")), None)
        if width is None and types[0] not in ("f32", "f64"):
            raise _Refused(f"inline PTX '{line}': say .lo, .hi or .wide")
        if width is not None:
            kind = f"{opcode}_{width}"
    if len(arguments) != ARITHMETIC[opcode] + 1:
        raise _Refused(f"inline PTX '{line}': {opcode} takes {ARITHMETIC[opcode] + 1} operands")
    destination = arguments[0]
    if destination not in registers:
        raise _Refused(f"inline PTX '{line}': the destination '{destination}' is not an "
                       f"operand or a .reg of the statement")
    sources = ", ".join(_value(a, registers, line) for a in arguments[1:])
    if kind in ("and", "or", "xor", "not"):
        kind += "_"  # C++'s alternative tokens
    return (f"::simt::ptx::write({registers[destination]}, "
            f"::simt::ptx::{kind}<{TYPES[types[-1]]}>({sources}));")


def _vabsdiff4(line, modifiers, arguments, registers):
    """`vabsdiff4.dtype.atype.btype.add d, a, b, c`: its other forms (byte selectors, a merge
    with c, saturation, .min and .max) are refused."""
    types = [m for m in modifiers if m in TYPES]
    if modifiers != types + ["add"] or len(types) != 3 or \
            any(t not in ("u32", "s32") for t in types):
        raise _Refused(f"inline PTX '{line}': the emulator runs vabsdiff4 in its summing form "
                       f"only, vabsdiff4.u32.u32.u32.add (.u32 or .s32 each); write the others' "
                       f"byte arithmetic in C++")
    if len(arguments) != 4:
        raise _Refused(f"inline PTX '{line}': vabsdiff4 takes 4 operands")
    destination = arguments[0]
    if destination not in registers:
        raise _Refused(f"inline PTX '{line}': the destination '{destination}' is not an "
                       f"operand or a .reg of the statement")
    sources = ", ".join(_value(a, registers, line) for a in arguments[1:])
    d, a, b = (TYPES[t] for t in types)
    return (f"::simt::ptx::write({registers[destination]}, "
            f"::simt::ptx::vabsdiff4_add<{d}, {a}, {b}>({sources}));")


def _value(operand, registers, line):
    if operand in registers:
        return registers[operand]
    if operand in SPECIAL_REGISTERS:
        return f"::simt::ptx::{SPECIAL_REGISTERS[operand]}"
    if re.fullmatch(r"0[fF][0-9a-fA-F]{8}", operand):
        return f"std::bit_cast<float>(0x{operand[2:]}u)"
    if re.fullmatch(r"0[dD][0-9a-fA-F]{16}", operand):
        return f"std::bit_cast<double>(0x{operand[2:]}ull)"
    if re.fullmatch(r"-?(0[xX][0-9a-fA-F]+|[0-9]+)[uU]?|-?[0-9]*\.[0-9]+([eE][-+]?[0-9]+)?",
                    operand):
        return operand
    if operand.startswith("%"):
        raise _Refused(f"inline PTX '{line}': '{operand}' is not an operand of the statement or "
                       f"a special register the emulator has")
    raise _Refused(f"inline PTX '{line}': cannot read the operand '{operand}'")

