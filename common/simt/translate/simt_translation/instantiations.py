"""Explicit instantiations of kernel templates in the user's files
(`template __global__ void Reduce<256>(const float*, float*);`): each is registered with the
emulator, and compiled once, in the generated source."""

from dataclasses import dataclass

from .brackets import closing
from .cursors import K, kind_of


@dataclass
class Instantiation:
    template: object  # the kernel template's cursor
    arguments: str  # the template arguments, as written
    parameters: str  # the parameter list, as written
    path: str  # where the directive is
    offset: int  # where its `template` keyword is


def find(unit, analysis):
    templates = {}
    for k in analysis.kernels:
        if kind_of(k) == K.FUNCTION_TEMPLATE:
            templates.setdefault(k.spelling, k)
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
                found.append(Instantiation(templates[word.spelling], arguments.strip(),
                                           parameters.strip(), path, t.extent.start.offset))
                break
    return found
