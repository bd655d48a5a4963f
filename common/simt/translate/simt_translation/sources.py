"""The files a translation reads: their text (one character per byte, so that libclang's byte
offsets index it), which of them are the user's (translated) rather than the emulator's or the
system's, their tokens, and where user macros expand in them."""

import os

from .cursors import K, kind_of

# CUDA's qualifiers are macros of the emulator's prelude, not the user's: a declaration that
# starts with `__device__` is written in the file.
CUDA_QUALIFIER_MACROS = {"__global__", "__device__", "__host__", "__shared__", "__constant__",
                         "__managed__", "__forceinline__", "__noinline__", "__launch_bounds__",
                         "__cluster_dims__", "__restrict__", "__align__", "__maxnreg__",
                         "__grid_constant__", "__inline_hint__", "__local_maxnreg__",
                         "__CUDA_ARCH__"}


class SourceFiles:
    def __init__(self, tu, input_path, simt_include, user_roots, is_user_path=None):
        self.tu = tu
        self._is_user_path = is_user_path  # overrides the rule below (a whole program's)
        self.input = input_path
        self.simt_include = simt_include
        self.user_roots = user_roots
        self._texts = {}
        self._user = {}
        self._tokens = {}
        self.macro_ranges = {}  # path -> [(start, end)] of user macro expansions
        self.macro_definitions = {}  # path -> [(name, replacement tokens)] of object-like macros
        self.macro_names = {}  # path -> {(start, end): name} of user macro expansions
        self.macro_sources = {}  # name -> (path, tokens) of every user macro's definition

    def text(self, path):
        """A file's text with one character per byte (latin-1)."""
        if path not in self._texts:
            self._texts[path] = read_text(path)
        return self._texts[path]

    def use_text(self, path, text):
        """Takes `text` (latin-1) as the file's, as the parse took it."""
        self._texts[path] = text

    def text_of(self, cursor):
        """A construct's text as written (UTF-8)."""
        start, end = cursor.extent.start, cursor.extent.end
        text = self.text(path_of(cursor))[start.offset:end.offset]
        return text.encode("latin-1").decode("utf-8", errors="replace")

    def is_user_file(self, name):
        """Whether a file is translated: the kernel file, and headers under its directory (or the
        --user-root directories), not the emulator's."""
        if name is None:
            return False
        known = self._user.get(name)
        if known is None:
            path = os.path.abspath(name)
            known = self._is_user_path(path) if self._is_user_path else path == self.input or (
                not path.startswith(self.simt_include + os.sep) and
                any(path.startswith(root) for root in self.user_roots))
            self._user[name] = known
        return known

    def tokens(self, cursor):
        """The tokens of a construct's text (by file offsets: libclang gives none for an extent
        that starts with a macro such as __device__)."""
        start = cursor.extent.start
        if start.file is None:
            return []
        return self.tokens_between(start.file.name, start.offset, cursor.extent.end.offset)

    def binary_operator(self, lhs, rhs):
        """The operator token between a binary expression's operands (`/`, `+=`, ...), read from
        the text between them only, or None where they are not in one file."""
        start, end = lhs.extent.end, rhs.extent.start
        if start.file is None or end.file is None or start.file.name != end.file.name:
            return None
        tokens = self.tokens_between(start.file.name, start.offset, end.offset)
        return tokens[0] if tokens else None

    def operator(self, cursor):
        """The operator of a unary, binary or compound-assignment expression (`*`, `++`, `+=`,
        ...), from its tokens, or None where they cannot tell."""
        children = list(cursor.get_children())
        if kind_of(cursor) == K.UNARY_OPERATOR:
            tokens = self.tokens(cursor)
            if not tokens or not children:
                return None
            if tokens[0].extent.start.offset < children[0].extent.start.offset:
                return tokens[0].spelling
            return tokens[-1].spelling
        if len(children) < 2:
            return None
        token = self.binary_operator(children[0], children[1])
        return token.spelling if token is not None else None

    def call_parenthesis(self, call):
        """The token of a call's opening parenthesis, and whether its argument list is empty."""
        children = list(call.get_children())
        callee_end = children[0].extent.end.offset if children else call.extent.start.offset
        tokens = self.tokens(call)
        for i, t in enumerate(tokens):
            if t.spelling == "(" and t.extent.start.offset >= callee_end:
                empty = i + 1 < len(tokens) and tokens[i + 1].spelling == ")"
                return t, empty
        return None, False

    def tokens_between(self, name, start, end):
        key = (name, start, end)
        if key not in self._tokens:
            extent = self.tu.get_extent(name, (start, end))
            self._tokens[key] = list(self.tu.get_tokens(extent=extent))
        return self._tokens[key]

    def file_tokens(self, path):
        return self.tokens_between(path, 0, len(self.text(path)))

    # -- user macros ---------------------------------------------------------------------------

    def note_macros(self, cursor):
        """Records a user macro's expansion or definition (a top-level cursor of a user file)."""
        path = path_of(cursor)
        if kind_of(cursor) == K.MACRO_INSTANTIATION and \
                cursor.spelling not in CUDA_QUALIFIER_MACROS:
            extent = (cursor.extent.start.offset, cursor.extent.end.offset)
            self.macro_ranges.setdefault(path, []).append(extent)
            self.macro_names.setdefault(path, {})[extent] = cursor.spelling
        elif kind_of(cursor) == K.MACRO_DEFINITION:
            tokens = self.tokens(cursor)
            self.macro_sources[cursor.spelling] = (path, tokens)
            function_like = len(tokens) > 1 and tokens[1].spelling == "(" and \
                tokens[1].extent.start.offset == tokens[0].extent.end.offset
            if not function_like:
                self.macro_definitions.setdefault(path, []).append((cursor.spelling, tokens[1:]))

    def boundary_in_macro(self, path, offset):
        """Whether byte `offset` lies strictly inside a user macro's expansion (where no edit can
        be made)."""
        return any(start < offset < end for start, end in self.macro_ranges.get(path, ()))

    def within_macro(self, cursor):
        """Whether a construct is written by a user macro: its text is part of one macro
        expansion (libclang gives it the whole expansion's extent), or starts or ends inside
        one."""
        path = path_of(cursor)
        start, end = cursor.extent.start.offset, cursor.extent.end.offset
        for s, e in self.macro_ranges.get(path, ()):
            if s <= start and end <= e:
                return True
            if s < start < e or s < end < e:
                return True
        return False

    def expanding_macro(self, cursor):
        """The definition (path, tokens: the name, then the rest) of the user macro whose one
        expansion holds all of a construct's text, or None."""
        path = path_of(cursor)
        start, end = cursor.extent.start.offset, cursor.extent.end.offset
        for (s, e), name in self.macro_names.get(path, {}).items():
            if s <= start and end <= e:
                return self.macro_sources.get(name)
        return None

    def overlaps_macro(self, cursor):
        """Whether a construct's text contains a user macro's expansion, or is (part of) one."""
        path = path_of(cursor)
        start, end = cursor.extent.start.offset, cursor.extent.end.offset
        return any(s < end and start < e for s, e in self.macro_ranges.get(path, ()))

    def macro_at(self, path, start, end):
        """The user macro whose expansion is exactly [start, end), or None."""
        for s, e in self.macro_ranges.get(path, ()):
            if s == start and e == end:
                return True
        return False


def read_text(path):
    """A file's text with one character per byte (latin-1), so that libclang's byte offsets
    index it."""
    with open(path, "rb") as f:
        return f.read().decode("latin-1")


def path_of(cursor):
    return os.path.abspath(cursor.extent.start.file.name)
