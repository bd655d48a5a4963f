"""`__shared__` and `extern __shared__` declarations become references to the running block's
copy of the variable: `__shared__ float tile[32][33];` is
`float (&tile)[32][33] = *::simt::detail::static_shared<...>(SIMT_SITE("tile"));`, so the name
still denotes an array of the declared type.

A variable declared at namespace scope (`__shared__ float tile[64];` before the kernels, used by
several of them) stays there as an `extern` declaration that nothing defines, beside a site object
that names it; each function that uses it starts with a reference of the same name to the running
block's copy, keyed by that site, so every function of a block sees one variable."""

import clang.cindex as ci

from ..brackets import closing, opening
from ..cursors import K, T, c_string, key_of, kind_of, qualified_name
from ..diagnostics import error_at
from ..sources import path_of
from . import Rewrite


def rewrite(unit, analysis, progress):
    result = Rewrite()
    removed = set()  # specifier tokens already removed (shared by a declaration's declarators)
    at_namespace_scope = {}  # the variable's key -> its alignment (text) or None
    for var, function in analysis.shared:
        progress.at(var)
        _rewrite_declaration(unit.sources, var, function, result, removed, at_namespace_scope)
    bound = set()  # (function, variable) pairs given their reference
    for ref, function in analysis.shared_references:
        progress.at(ref)
        _bind_in_function(unit.sources, ref, function, result, at_namespace_scope, bound)
    return result


def _site_name(var):
    return f"simt_shared_site_{var.spelling}"


def _bind_in_function(sources, ref, function, result, at_namespace_scope, bound):
    """Starts the function that names a namespace-scope `__shared__` variable with a reference of
    the same name to the running block's copy (the site, not the function, chooses the copy)."""
    var = ref.referenced
    key = key_of(var)
    if key not in at_namespace_scope:
        return
    if ref.extent.start.offset != ref.location.offset:  # `stage::counts`: the reference is
        qualified = path_of(ref)  # `counts` in the function, so the qualifier goes
        if sources.boundary_in_macro(qualified, ref.extent.start.offset):
            result.errors.append(error_at(
                ref, f"'__shared__' variable '{var.spelling}' is named with a qualifier written "
                     f"by a macro; the emulator's translation cannot rewrite it"))
            return
        result.edits.of(qualified).replace(ref.extent.start.offset, ref.location.offset, "")
    if (function.key, key) in bound:
        return
    bound.add((function.key, key))
    body = next((c for c in reversed(list(function.cursor.get_children()))
                 if kind_of(c) == K.COMPOUND_STMT), None)
    path = path_of(body) if body is not None else None
    if body is None or sources.boundary_in_macro(path, body.extent.start.offset):
        result.errors.append(error_at(
            ref, f"'__shared__' variable '{var.spelling}' is used in a function whose body the "
                 f"emulator's translation cannot find or rewrite (written by a macro?)"))
        return
    alignment = at_namespace_scope[key]
    # Named as in the function's own scope (the translation wraps the file in a namespace), and
    # without the reference: in its initializer the plain name is the reference itself.
    held = f"std::remove_reference_t<decltype({qualified_name(var)})>"
    site = qualified_name(var)[:-len(var.spelling)] + _site_name(var)
    dynamic = var.type.kind == T.INCOMPLETEARRAY or var.storage_class == ci.StorageClass.EXTERN
    if dynamic:
        init = f"*::simt::detail::dynamic_shared<{held}>({site})"
    else:
        extra = f", {alignment}" if alignment else ""
        init = f"*::simt::detail::static_shared<{held}>({site}{extra})"
    # Hiding the namespace-scope name is the point: -Wshadow is quiet for this one declaration.
    result.edits.of(path).insert_first(
        body.extent.start.offset + 1,
        f' _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \\"-Wshadow\\"") '
        f'{held} &{var.spelling} = {init}; _Pragma("GCC diagnostic pop")')


def _rewrite_declaration(sources, var, function, result, removed, at_namespace_scope):
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
    # static and any alignment, which become arguments of the call below. At namespace scope the
    # declaration stays, as `extern`: what each function's reference takes its type from.
    namespace_scope = function is None
    declared_extern = any(t.spelling == "extern" for t in tokens[:name_at])
    alignment = None
    i = 0
    while i < name_at:
        t = tokens[i]
        s = t.spelling
        key = (t.extent.start.offset, t.extent.end.offset)
        if s in ("__shared__", "extern", "static"):
            if key not in removed:
                removed.add(key)
                keep = namespace_scope and (s == "extern" or
                                            (s == "__shared__" and not declared_extern))
                edits.replace(t.extent.start.offset, t.extent.end.offset,
                              "extern" if keep else "")
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
    if namespace_scope:
        at_namespace_scope[key_of(var)] = alignment
        site = ("site", path, var.location.offset)  # once, also where a header is read twice
        if site not in removed:
            removed.add(site)
            edits.insert_first(tokens[0].extent.start.offset,
                               f"inline constexpr auto {_site_name(var)} = "
                               f"SIMT_SITE({c_string(var.spelling)}); ")
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
