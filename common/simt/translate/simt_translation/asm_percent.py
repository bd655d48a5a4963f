"""A special register written with one `%` in inline PTX (`asm("mov.u64 %0, %globaltimer;" ...)`):
nvcc takes it, a `%` that does not start an operand's number being PTX's own; clang, which the
translation parses with, reads `%g` as an operand modifier and refuses the rest, and takes the
register written `%%globaltimer`, as GCC's inline assembly writes a literal `%`. The translation
doubles such a `%` in the strings of every asm statement of a file that clang refused so. The
text grows by a character per `%`; as many blanks after the string on its line are dropped where
that changes no token, so that what follows on the line mostly keeps its offsets, and no line
moves."""

import clang.cindex as ci

from .brackets import closing

ASM_KEYWORDS = {"asm", "__asm__", "__asm"}
QUALIFIERS = {"volatile", "__volatile__", "goto", "inline"}


def may_hold(text):
    """Whether `text` may hold one (a cheap test before asking for a file's tokens)."""
    return "%" in text and "asm" in text


def respelled(text, tokens):
    """`text` with each single `%` before a special register's name doubled in the strings of
    its asm statements (`tokens`: the file's)."""
    strings = []
    for i, t in enumerate(tokens):
        if t.spelling not in ASM_KEYWORDS:
            continue
        j = i + 1
        while j < len(tokens) and tokens[j].spelling in QUALIFIERS:
            j += 1
        if j >= len(tokens) or tokens[j].spelling != "(":
            continue
        end = closing(tokens, j)
        k = j + 1
        # The instructions: the string literals before the first `:` (or the closing bracket).
        while k < (end or len(tokens)) and tokens[k].kind == ci.TokenKind.LITERAL and \
                tokens[k].spelling.startswith('"'):
            strings.append(tokens[k])
            k += 1
    for token in sorted(strings, key=lambda s: s.extent.start.offset, reverse=True):
        start, stop = token.extent.start.offset, token.extent.end.offset
        literal = text[start:stop]
        fixed = _doubled(literal)
        if fixed == literal:
            continue
        grown = len(fixed) - len(literal)
        dropped = min(grown, _droppable_blanks(text, stop))
        text = text[:start] + fixed + text[stop + dropped:]
    return text


def _doubled(literal):
    """`literal` with `%x...` doubled where x is a letter not followed by a digit (`%c0`, which
    clang reads as operand 0 with a modifier, stays)."""
    out = []
    i = 0
    while i < len(literal):
        c = literal[i]
        if c == "%" and i + 1 < len(literal):
            following = literal[i + 1]
            if following == "%":
                out.append("%%")
                i += 2
                continue
            if following.isalpha() and not (i + 2 < len(literal) and literal[i + 2].isdigit()):
                out.append("%%")
                i += 1
                continue
        out.append(c)
        i += 1
    return "".join(out)


def _droppable_blanks(text, at):
    """How many of the blanks (spaces, tabs) from `at` on, on the same line, can go without
    joining two tokens: all of them before a character that cannot continue a string literal's
    suffix, or all but one."""
    end = at
    while end < len(text) and text[end] in " \t":
        end += 1
    blanks = end - at
    following = text[end] if end < len(text) else "\n"
    if following.isalnum() or following == "_":
        return max(blanks - 1, 0)
    return blanks
