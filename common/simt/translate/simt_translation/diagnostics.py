"""Errors the translation reports: every one is a `file:line:col: error: message` line naming
the construct as written in the kernel file.

Passes return the errors they find (`Diagnostic`s); the pipeline prints them and stops. A failure
of the translator itself (a bug, not the kernel file's) is still reported in that form, at the
construct being translated, and says that it is an internal error, so that it can be reported
and found by the tests, which fail on it."""

import sys
from typing import NamedTuple

INTERNAL = "internal error in simt-translate"


class Diagnostic(NamedTuple):
    path: str
    line: int
    column: int
    message: str

    def __str__(self):
        return f"{self.path}:{self.line}:{self.column}: error: {self.message}"


def error_at(where, message):
    """A diagnostic at a cursor or a libclang source location."""
    location = getattr(where, "location", where)
    path = location.file.name if location.file is not None else "?"
    return Diagnostic(path, location.line, location.column, message)


def error_at_offset(path, text, offset, message):
    """A diagnostic at byte `offset` of a file whose text (one character per byte) is `text`."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return Diagnostic(path, line, column, message)


class TranslationFailed(Exception):
    """The kernel file cannot be translated; `diagnostics` say why."""

    def __init__(self, diagnostics):
        super().__init__("\n".join(str(d) for d in diagnostics))
        self.diagnostics = list(dict.fromkeys(diagnostics))  # each once, in order


class InternalError(Exception):
    """A bug of the translator, found at byte `offset` of `path` (edits that contradict each
    other, say)."""

    def __init__(self, message, path=None, offset=None):
        super().__init__(message)
        self.path = path
        self.offset = offset


class Progress:
    """Where the translation is (the construct a pass works on), so that a failure of the
    translator itself can name a place in the kernel file."""

    def __init__(self, path):
        self.location = (path, 1, 1)

    def at(self, cursor):
        location = cursor.location
        if location.file is not None:
            self.location = (location.file.name, location.line, location.column)
        return cursor


def report(diagnostics, stream=None):
    for d in diagnostics:
        print(d, file=stream or sys.stderr)  # sys.stderr as it is now (a caller may redirect it)


def internal_error(progress, error):
    """The line that reports a failure of the translator at the construct it was working on."""
    path, line, column = progress.location
    detail = f"{type(error).__name__}: {error}".strip()
    return Diagnostic(path, line, column,
                      f"{INTERNAL} while translating this construct ({detail}); the kernel file "
                      f"may well be correct: please report it, with the file")
