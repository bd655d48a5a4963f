"""`__shared__ alignas(N)`: nvcc takes an alignment after `__shared__` as well as before it; clang,
which the translation parses with, takes it only before. When clang refuses one, the parse
(parse.py) swaps the two where a file writes them so, for a kernel file and a whole program's
device pass alike, and parses again: the swapped text is as long as the original and keeps its
line breaks, so every offset and line after it stays."""

from .brackets import closing


def places(tokens):
    """(start, middle, end) of each `__shared__ alignas(N)` among a file's tokens: `__shared__`
    from start to middle, then the blanks before `alignas` and `alignas(N)` up to end."""
    found = []
    for i, t in enumerate(tokens[:-2]):
        if t.spelling != "__shared__" or tokens[i + 1].spelling != "alignas" or \
                tokens[i + 2].spelling != "(":
            continue
        j = closing(tokens, i + 2)
        if j is not None:
            found.append((t.extent.start.offset, t.extent.end.offset,
                          tokens[j].extent.end.offset))
    return found


def swapped(text, where):
    """`text` with the two halves of each of `where` (from places()) traded."""
    for start, middle, end in where:
        text = text[:start] + text[middle:end] + text[start:middle] + text[end:]
    return text


def respelled(text, tokens):
    """`text` with each `__shared__ alignas(N)` among its `tokens` swapped."""
    return swapped(text, places(tokens))


def may_hold(text):
    """Whether `text` may hold one (a cheap test before asking for a file's tokens)."""
    return "alignas" in text and "__shared__" in text
