"""`__shared__` and `extern __shared__` declarations become references to the running block's
copy of the variable: `__shared__ float tile[32][33];` is
`float (&tile)[32][33] = *::simt::detail::static_shared<...>(SIMT_SITE("tile"));`, so the name
still denotes an array of the declared type."""

import clang.cindex as ci

from ..brackets import closing, opening
from ..cursors import T, c_string
from ..diagnostics import error_at
from ..sources import path_of
from . import Rewrite


def rewrite(unit, analysis, progress):
    result = Rewrite()
    removed = set()  # specifier tokens already removed (shared by a declaration's declarators)
    for var, function in analysis.shared:
        progress.at(var)
        _rewrite_declaration(unit.sources, var, function, result, removed)
    return result


def _rewrite_declaration(sources, var, function, result, removed):
    if function is None:
        result.errors.append(error_at(
            var, f"'__shared__' variable '{var.spelling}' at namespace scope: the emulator needs "
                 f"shared variables declared inside the kernel or device function that uses them"))
        return
    path = path_of(var)
    if any(sources.boundary_in_macro(path, offset) for offset in
           (var.location.offset, var.location.offset + 1, var.extent.end.offset)):
        result.errors.append(error_at(
            var, f"the declaration of '__shared__' variable '{var.spelling}' is written by a "
                 f"macro; the emulator's translation cannot rewrite it"))
        return
    edits = result.edits.of(path)
    tokens = _alignment_in_front(sources, var, path) + sources.tokens(var)
    name_at = next((i for i, t in enumerate(tokens)
                    if t.extent.start.offset == var.location.offset), None)
    if name_at is None:
        result.errors.append(error_at(var, f"cannot find the name of '__shared__' variable "
                                           f"'{var.spelling}'"))
        return
    # The specifiers (shared by all declarators of one declaration): drop __shared__, extern,
    # static and any alignment, which become arguments of the call below.
    alignment = None
    i = 0
    while i < name_at:
        t = tokens[i]
        s = t.spelling
        key = (t.extent.start.offset, t.extent.end.offset)
        if s in ("__shared__", "extern", "static"):
            if key not in removed:
                removed.add(key)
                edits.replace(t.extent.start.offset, t.extent.end.offset, "")
            i += 1
        elif s in ("__align__", "alignas") and i + 1 < name_at and tokens[i + 1].spelling == "(":
            j = closing(tokens, i + 1, name_at)
            if j is None:
                i += 1
                continue
            alignment = sources.text(path)[tokens[i + 2].extent.start.offset:
                                           tokens[j - 1].extent.end.offset]
            whole = (tokens[i].extent.start.offset, tokens[j].extent.end.offset)
            if whole not in removed:
                removed.add(whole)
                edits.replace(whole[0], whole[1], "")
            i = j + 1
        else:
            i += 1
    name = tokens[name_at]
    is_array = name_at + 1 < len(tokens) and tokens[name_at + 1].spelling == "["
    if any(t.spelling == "=" for t in tokens[name_at + 1:]):
        result.errors.append(error_at(var, f"'__shared__' variable '{var.spelling}' has an "
                                           f"initializer (CUDA does not allow one)"))
        return
    if is_array:
        edits.wrap(name.extent.start.offset, name.extent.end.offset, "(&", ")")
    else:
        edits.insert_first(name.extent.start.offset, "&")
    dynamic = var.type.kind == T.INCOMPLETEARRAY or var.storage_class == ci.StorageClass.EXTERN
    held = f"std::remove_reference_t<decltype({var.spelling})>"
    site = f"SIMT_SITE({c_string(var.spelling)})"
    if dynamic:
        init = f" = *::simt::detail::dynamic_shared<{held}>({site})"
    else:
        extra = f", {alignment}" if alignment else ""
        init = f" = *::simt::detail::static_shared<{held}>({site}{extra})"
    edits.wrap(var.extent.end.offset, var.extent.end.offset, init, "", outer=-1)


def _alignment_in_front(sources, var, path):
    """The tokens of an `alignas(N)` or `__align__(N)` written before the declaration's extent
    (clang starts it after them: `alignas(8) __shared__ int counter;`), or none."""
    start = var.extent.start.offset
    before = [t for t in sources.tokens_between(path, max(0, start - 256), start)
              if t.extent.end.offset <= start]
    if not before or before[-1].spelling != ")":
        return []
    open_at = opening(before, len(before) - 1)
    if open_at is None or open_at == 0 or before[open_at - 1].spelling not in ("alignas",
                                                                              "__align__"):
        return []
    return before[open_at - 1:]
