"""Explicit instantiations of function templates in the user's files
(`template __global__ void Reduce<256>(const float*, float*);`): each is compiled once, in the
generated source (`extern` in the header); a kernel's is registered with the emulator, and one
of a function that waits gets the return type its template gets (a Task)."""

from dataclasses import dataclass

from .brackets import closing
from .cursors import K, kind_of


@dataclass
class Instantiation:
    template: object  # the function template's cursor
    arguments: str  # the template arguments, as written
    parameters: str  # the parameter list, as written
    path: str  # where the directive is
    offset: int  # where its `template` keyword is
    tokens: list  # the directive's tokens, from `template` to the name
    is_kernel: bool


def find(unit, analysis):
    templates = {}
    for f in analysis.functions.values():
        if kind_of(f.cursor) == K.FUNCTION_TEMPLATE:
            templates.setdefault(f.name, f)
    found = []
    if not templates:
        return found
    for path in sorted(unit.user_files):
        text = unit.sources.text(path)
        tokens = unit.sources.file_tokens(path)
        for i, t in enumerate(tokens):
            if t.spelling != "template" or i + 1 >= len(tokens) or \
                    tokens[i + 1].spelling == "<":
                continue
            j = i + 1
            while j < len(tokens) and tokens[j].spelling != ";":
                j += 1
            words = tokens[i + 1:j]
            for w, word in enumerate(words):
                if word.spelling not in templates or w + 1 >= len(words) or \
                        words[w + 1].spelling != "<":
                    continue
                a = closing(words, w + 1)
                if a is None or a + 1 >= len(words):
                    break
                arguments = text[words[w + 2].extent.start.offset:words[a].extent.start.offset]
                parameters = text[words[a + 1].extent.start.offset:words[-1].extent.end.offset]
                function = templates[word.spelling]
                found.append(Instantiation(function.cursor, arguments.strip(),
                                           parameters.strip(), path, t.extent.start.offset,
                                           tokens[i:i + 2 + w], function.is_kernel))
                break
    return found
