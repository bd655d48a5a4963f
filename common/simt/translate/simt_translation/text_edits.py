"""Text edits on the kernel file and its headers. The translation is each file's text with its
edits applied in one pass, and nothing else changed; every pass returns its edits, and the output
applies them together."""

from .diagnostics import InternalError


def _marker(kind, key):
    # Not a character a source file has (checked where one is moved).
    return f"\0{kind}{key}\0"


class Edits:
    """Text edits on one file: replacements of byte ranges, insertions that wrap constructs
    (an outer construct opens before and closes after an inner one), and moves of a construct,
    as the other edits leave it, to a place before it."""

    def __init__(self):
        self.replacements = []  # (start, end, text)
        self.insertions = []  # (offset, order key, text)
        self.moves = {}  # key -> what is left where the moved text was
        self.sequence = 0

    def replace(self, start, end, text):
        self.replacements.append((start, end, text))

    def wrap(self, start, end, before, after, outer=0):
        """Insert `before` at start and `after` at end; wider (or `outer`) wraps enclose narrower
        ones that start or end at the same place."""
        width = end - start
        self.sequence += 1
        self.insertions.append((start, (1, -width, -outer, self.sequence), before))
        self.insertions.append((end, (0, width, outer, -self.sequence), after))

    def insert_first(self, offset, text):
        """Insert `text` at `offset` before anything else that opens there."""
        self.sequence += 1
        self.insertions.append((offset, (1, -(1 << 40), 0, self.sequence), text))

    def move(self, start, end, left):
        """The text of [start, end), with the edits inside it, goes where the text that
        moved_here(start) returns is inserted (by this pass, before it); `left` takes its place."""
        self.moves[start] = left
        self.wrap(start, end, _marker("<", start), _marker(">", start), -(1 << 40))

    @staticmethod
    def moved_here(start):
        """What to insert where the text move(start, ...) takes goes."""
        return _marker("@", start)

    def extend(self, other):
        """Adds another pass's edits of the same file (their wraps keep their relative order)."""
        base = self.sequence
        self.moves.update(other.moves)
        self.replacements.extend(other.replacements)
        for offset, key, text in other.insertions:
            shift = base if key[-1] > 0 else -base
            self.insertions.append((offset, key[:-1] + (key[-1] + shift,), text))
        self.sequence += other.sequence

    def copy(self):
        other = Edits()
        other.replacements = list(self.replacements)
        other.insertions = list(self.insertions)
        other.moves = dict(self.moves)
        other.sequence = self.sequence
        return other

    def drop_inside(self, start, end):
        """Forgets the edits within [start, end) (the text there is replaced as a whole)."""
        self.replacements = [r for r in self.replacements if not (start <= r[0] and r[1] <= end)]
        self.insertions = [i for i in self.insertions if not (start <= i[0] <= end and
                                                              (start < i[0] < end or
                                                               (i[0] == start and i[1][0] == 1) or
                                                               (i[0] == end and i[1][0] == 0)))]

    def apply(self, source, path=None):
        points = sorted(self.insertions, key=lambda i: (i[0], i[1]))
        # A header without an include guard, included twice, is visited twice by a pass: the
        # same replacement twice is one.
        replacements = sorted(set(self.replacements))
        for (s1, e1, _), (s2, _, _) in zip(replacements, replacements[1:]):
            if s2 < e1:
                raise InternalError(f"overlapping edits at bytes {s1}-{e1} and {s2}", path, s2)
        out = []
        position = 0
        r = 0
        for offset, _, text in points:
            while r < len(replacements) and replacements[r][1] <= offset:
                start, end, new = replacements[r]
                out.append(source[position:start])
                out.append(new)
                position = end
                r += 1
            if r < len(replacements) and replacements[r][0] < offset < replacements[r][1]:
                raise InternalError(f"an edit at byte {offset} falls inside a replacement", path,
                                    offset)
            out.append(source[position:offset])
            out.append(text)
            position = offset
        for start, end, new in replacements[r:]:
            out.append(source[position:start])
            out.append(new)
            position = end
        out.append(source[position:])
        return self._moved("".join(out), source, path)

    def _moved(self, text, source, path):
        if not self.moves:
            return text
        if "\0" in source:
            raise InternalError("a NUL character in a file whose text the translation moves",
                                path, source.index("\0"))
        for key, left in self.moves.items():
            markers = [_marker(kind, key) for kind in "<>@"]
            found = [text.find(m) for m in markers]
            if all(f < 0 for f in found):
                continue  # the text was replaced as a whole (a body left out of a header)
            begin, end, here = found
            if min(found) < 0 or not here < begin < end:
                raise InternalError("a moved text without its place", path, key)
            moved = text[begin + len(markers[0]):end]
            text = (text[:here] + moved + text[here + len(markers[2]):begin] + left +
                    text[end + len(markers[1]):])
        return text


class FileEdits(dict):
    """Edits per file (absolute path -> Edits), as a pass returns them."""

    def of(self, path):
        return self.setdefault(path, Edits())

    def extend(self, other):
        for path, edits in other.items():
            self.of(path).extend(edits)
        return self
