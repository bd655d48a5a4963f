"""Kernel launches that a macro writes (`#define LAUNCH(k, n) k<<<blocks(n), 256>>>(n)`, or a
launch passed to a macro as an argument). clang parses their expansions, but the `<<<...>>>`
text is in the macro's definition or argument, not where the expansion stands, so the host
pass rewrites it there, from clang's tokens of the file: `callee <<<configuration>>>
(arguments)` becomes `(__cudaPushCallConfiguration(configuration) ? (void)0 : callee(arguments))`,
as nvcc writes it. The callee is what a launch can name: a kernel (qualified, with template
arguments, or a member's access), or a parenthesised expression such as `(*pointer)`."""

import clang.cindex as ci

from .diagnostics import error_at_offset

OPENERS = {"(": ")", "[": "]", "{": "}"}
CLOSERS = {v: k for k, v in OPENERS.items()}


def file_tokens(tu, path, text):
    """All of a file's tokens, those of its macro definitions and inactive blocks too."""
    f = tu.get_file(path)
    extent = ci.SourceRange.from_locations(ci.SourceLocation.from_offset(tu, f, 0),
                                           ci.SourceLocation.from_offset(tu, f, len(text)))
    return list(tu.get_tokens(extent=extent))


def macro_bodies(tokens, text):
    """The index of each `#define`'s first body token -> the index after its last one, and ->
    the macro's name."""
    bodies, names = {}, {}
    i = 0
    while i + 2 < len(tokens):
        if tokens[i].spelling == "#" and tokens[i + 1].spelling == "define":
            line_end = _logical_line_end(text, tokens[i].extent.start.offset)
            end = i + 2
            while end < len(tokens) and tokens[end].extent.start.offset < line_end:
                end += 1
            start = i + 3
            name = tokens[i + 2]
            if start < end and tokens[start].spelling == "(" and \
                    tokens[start].extent.start.offset == name.extent.end.offset:
                close = _match_forward(tokens, start)
                start = close + 1 if close is not None else end
            bodies[start] = end
            names[start] = name.spelling
            i = end
        else:
            i += 1
    return bodies, names


def _logical_line_end(text, offset):
    """Where the line holding `offset` ends, its backslash continuations included."""
    while True:
        end = text.find("\n", offset)
        if end < 0:
            return len(text)
        if text[:end].rstrip(" \t\r").endswith("\\"):
            offset = end + 1
            continue
        return end


def rewrite(tu, path, text, handled, skip_ranges, edits):
    """Rewrites the launches of `path` that clang's tree could not place (not at offsets in
    `handled`, the `<<<` of launches already rewritten, nor inside `skip_ranges`, kernel
    bodies). Returns (how many were rewritten, the names of the macros they are in, errors)."""
    tokens = file_tokens(tu, path, text)
    bodies, bodies_names = macro_bodies(tokens, text)
    body_starts = sorted(bodies)
    count, names, errors = 0, set(), []
    for i, t in enumerate(tokens):
        if t.spelling != "<<<":
            continue
        at = t.extent.start.offset
        if at in handled or any(s <= at < e for s, e in skip_ranges):
            continue
        floor = max([s for s in body_starts if s <= i and bodies[s] > i], default=0)
        launch = _take_apart(tokens, i, floor)
        if launch is None:
            errors.append(error_at_offset(
                path, text, at, "a kernel launch (<<<...>>>) the emulator's translation cannot "
                                "take apart: write it as `kernel<<<grid, block>>>(arguments)`"))
            continue
        callee_start, close, arguments_end = launch
        start = tokens[callee_start].extent.start.offset
        inner = text[t.extent.end.offset:tokens[close].extent.start.offset]
        end = tokens[arguments_end].extent.end.offset
        edits.wrap(start, end, f"(__cudaPushCallConfiguration({inner}) ? (void)0 : ", ")")
        edits.replace(at, tokens[close].extent.end.offset, "")
        count += 1
        if floor:
            names.add(bodies_names[floor])
    return count, names, errors


def _take_apart(tokens, open_index, floor):
    """(first token of the callee, the `>>>`, the arguments' `)`) of the launch whose `<<<` is
    tokens[open_index], or None."""
    close = open_index + 1
    depth = 0
    while close < len(tokens):
        s = tokens[close].spelling
        if s in OPENERS:
            depth += 1
        elif s in CLOSERS:
            depth -= 1
            if depth < 0:
                return None
        elif s == ">>>" and depth == 0:
            break
        elif s in (";", "#"):
            return None
        close += 1
    if close + 1 >= len(tokens) or tokens[close + 1].spelling != "(":
        return None
    arguments_end = _match_forward(tokens, close + 1)
    callee = _callee_start(tokens, open_index, floor)
    if arguments_end is None or callee is None:
        return None
    return callee, close, arguments_end


def _match_forward(tokens, index):
    depth = 0
    for j in range(index, len(tokens)):
        s = tokens[j].spelling
        if s in OPENERS:
            depth += 1
        elif s in CLOSERS:
            depth -= 1
            if depth == 0:
                return j
    return None


def _callee_start(tokens, open_index, floor):
    """Walks back over `(expression)`, or over `[::] name [<...>] {(::|.|->) name [<...>]}`."""
    j = open_index - 1
    if j < floor:
        return None
    if tokens[j].spelling == ")":
        depth = 0
        while j >= floor:
            s = tokens[j].spelling
            if s in CLOSERS:
                depth += 1
            elif s in OPENERS:
                depth -= 1
                if depth == 0:
                    return j
            j -= 1
        return None
    start = None
    while j >= floor:
        if tokens[j].spelling in (">", ">>"):
            depth = 0
            while j >= floor:
                s = tokens[j].spelling
                depth += {">": 1, ">>": 2, "<": -1}.get(s, 0)
                if s in (";", "{", "}"):
                    return None
                if depth == 0:
                    break
                j -= 1
            j -= 1
            if j < floor:
                return None
        if tokens[j].kind not in (ci.TokenKind.IDENTIFIER, ci.TokenKind.KEYWORD) or \
                tokens[j].spelling in ("return", "else", "do", "case", "throw", "co_return"):
            return start
        start = j
        j -= 1
        if j >= floor and tokens[j].spelling in ("::", ".", "->"):
            start = j
            j -= 1
            continue
        return start
    return start
