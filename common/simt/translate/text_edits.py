"""Text edits on one source file, applied in one pass (simt-translate's output is the file's
text with these edits, and nothing else changed)."""


class TranslationError(Exception):
    """Edits that contradict each other (a bug of the translation, not of the kernel file)."""


class Edits:
    """Text edits on one file, applied in one pass: replacements of byte ranges, and insertions
    that wrap constructs (an outer construct opens before and closes after an inner one)."""

    def __init__(self):
        self.replacements = []  # (start, end, text)
        self.insertions = []  # (offset, key, sequence, text)
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

    def copy(self):
        other = Edits()
        other.replacements = list(self.replacements)
        other.insertions = list(self.insertions)
        other.sequence = self.sequence
        return other

    def drop_inside(self, start, end):
        """Forgets the edits within [start, end) (the text there is replaced as a whole)."""
        self.replacements = [r for r in self.replacements if not (start <= r[0] and r[1] <= end)]
        self.insertions = [i for i in self.insertions if not (start <= i[0] <= end and
                                                              (start < i[0] < end or
                                                               (i[0] == start and i[1][0] == 1) or
                                                               (i[0] == end and i[1][0] == 0)))]

    def apply(self, source):
        points = sorted(self.insertions, key=lambda i: (i[0], i[1]))
        replacements = sorted(self.replacements)
        for (s1, e1, _), (s2, _, _) in zip(replacements, replacements[1:]):
            if s2 < e1:
                raise TranslationError(f"overlapping edits at bytes {s1}-{e1} and {s2}")
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
                raise TranslationError(f"an edit at byte {offset} falls inside a replacement")
            out.append(source[position:offset])
            out.append(text)
            position = offset
        for start, end, new in replacements[r:]:
            out.append(source[position:start])
            out.append(new)
            position = end
        out.append(source[position:])
        return "".join(out)
