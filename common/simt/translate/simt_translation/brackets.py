"""Balanced brackets in a list of tokens (anything with a `.spelling`): the one place the passes
match `(` with `)`, `<` with `>` (where `>>` closes two), `[[` with `]]`, and split at top-level
commas or colons."""

OPENING = {"(": ")", "[": "]", "{": "}", "<": ">", "[[": "]]"}
CLOSING = {v: k for k, v in OPENING.items()}
# What a `<` or `>` token counts for, inside template arguments.
ANGLE_DEPTH = {"<": 1, ">": -1, ">>": -2}


def closing(tokens, i, end=None):
    """The index of the token that closes the bracket `tokens[i]` opens, or None if it is not
    closed before `end`. Other brackets nest inside; for `<`, brackets of other kinds hide what
    they hold (`f<(a > b)>`), and `>>` closes two levels."""
    end = len(tokens) if end is None else end
    opener = tokens[i].spelling
    if opener == "<":
        depth, j = 0, i
        while j < end:
            s = tokens[j].spelling
            if s in ("(", "[", "{"):
                j = closing(tokens, j, end)
                if j is None:
                    return None
            elif s in ANGLE_DEPTH:
                depth += ANGLE_DEPTH[s]
                if depth <= 0:
                    return j
            elif s in (";", "{", "}"):
                return None
            j += 1
        return None
    closer = OPENING[opener]
    depth = 0
    for j in range(i, end):
        s = tokens[j].spelling
        if s == opener:
            depth += 1
        elif s == closer:
            depth -= 1
            if depth == 0:
                return j
    return None


def opening(tokens, j, begin=0):
    """The index of the token that opens the bracket `tokens[j]` closes (scanning backwards), or
    None."""
    closer = tokens[j].spelling
    opener = CLOSING.get(closer, "<" if closer == ">>" else None)
    if opener is None:
        return None
    counts = {opener: 1, closer: -1}
    if opener == "<":
        counts = {"<": 1, ">": -1, ">>": -2}
    depth = 0
    for i in range(j, begin - 1, -1):
        depth += counts.get(tokens[i].spelling, 0)
        if depth >= 0:
            return i
    return None


def split_top_level(tokens, separator=","):
    """`tokens` cut at each `separator` outside any bracket (the separators dropped)."""
    parts, current, i = [], [], 0
    while i < len(tokens):
        s = tokens[i].spelling
        if s in ("(", "[", "{", "[["):
            j = closing(tokens, i)
            j = len(tokens) - 1 if j is None else j
            current.extend(tokens[i:j + 1])
            i = j + 1
            continue
        if s == separator:
            parts.append(current)
            current = []
        else:
            current.append(tokens[i])
        i += 1
    parts.append(current)
    return parts
