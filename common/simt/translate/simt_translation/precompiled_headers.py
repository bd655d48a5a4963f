"""The standard library headers that the emulator's headers include, precompiled once per build
for libclang and shared by every translation of that build (--cache-dir).

Most of a translation's time is clang reading the standard library through the prelude and the
stand-in headers (<memory>, <atomic>, <string>, ...), the same for every kernel file; read from
a precompiled header the parse of a kernel file takes a tenth of the time. Only the standard
library is precompiled, not the emulator's headers: those take the user's macros and must be
seen as written, and their declarations are walked by the translation, which skips what a
precompiled header holds (Index(excludeDecls=True)).

The precompiled header is an optimisation only: clang words errors as without it (see
parse.parse_precompiled()), and a header clang cannot use (built by another libclang, or the
system's headers changed since) is removed and built again by the next translation, this one
parsing without it."""

import fcntl
import glob
import hashlib
import os

import clang.cindex as ci

from .clang_arguments import LANGUAGE, clang_arguments

# clang 16 (llvm-project #61931 and relatives) declares __va_list_tag's members twice when a
# precompiled header of libstdc++'s <string> was saved as an incomplete translation unit
# ("multiple overloads of '__va_list_tag' instantiate to the same signature"); saved as a
# complete one it loads cleanly. The detailed preprocessing record must match the parse that
# uses it (clang refuses the file otherwise), and parse.parse() always asks for it.
BUILD_OPTIONS = ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD


def standard_headers_pch(options, cache_dir):
    """The path of the precompiled standard headers for this emulator (built now if there is
    none for its headers as they are), or None when it cannot be built."""
    os.makedirs(cache_dir, exist_ok=True)
    stem = os.path.join(cache_dir, "simt-standard-headers-" + key(options))
    pch = stem + ".pch"
    if os.path.exists(pch):
        return pch
    # Translations of one build run in parallel: one builds, the others wait for it.
    with open(os.path.join(cache_dir, "lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(pch):
            build(options, stem)
    return pch if os.path.exists(pch) else None


def discard(pch):
    """Removes a precompiled header clang could not use, so that the next translation builds it
    again."""
    for path in (pch, pch[:-len(".pch")] + ".hpp"):
        try:
            os.remove(path)
        except OSError:
            pass


def key(options):
    """Changes with the emulator's headers (which standard headers they include) and with the
    libclang bindings in use."""
    digest = hashlib.sha1(ci.__file__.encode())
    for directory, _, names in sorted(os.walk(options.simt_include)):
        for name in sorted(names):
            path = os.path.join(directory, name)
            status = os.stat(path)
            digest.update(f"{path}\0{status.st_size}\0{status.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


def build(options, stem):
    headers = standard_headers(options)
    if not headers:
        return
    for old in glob.glob(os.path.join(os.path.dirname(stem), "simt-standard-headers-*")):
        os.remove(old)
    # The header must stay where it was parsed, unchanged: clang checks it when it loads the
    # precompiled header.
    header = stem + ".hpp"
    with open(header, "w", encoding="utf-8") as f:
        f.write("// The standard headers that simt's headers include, precompiled by "
                "simt-translate.\n")
        f.writelines(f'#include "{h}"\n' for h in headers)
    try:
        tu = ci.Index.create().parse(header, args=["-x", "c++-header", *LANGUAGE],
                                     options=BUILD_OPTIONS)
    except ci.TranslationUnitLoadError:
        return
    if any(d.severity >= ci.Diagnostic.Error for d in tu.diagnostics):
        return
    temporary = f"{stem}.{os.getpid()}.tmp"
    tu.save(temporary)
    os.replace(temporary, stem + ".pch")


def standard_headers(options):
    """The headers outside the emulator that its prelude and stand-in headers include directly,
    as clang finds them."""
    simt = os.path.realpath(options.simt_include) + os.sep
    stand_ins = os.path.join(options.simt_include, "simt", "cuda")
    # Every stand-in but the window of macros that only translated code opens (kernel_macros_*).
    everything = "".join(f'#include "{os.path.join(directory, name)}"\n'
                         for directory, _, names in sorted(os.walk(stand_ins))
                         for name in sorted(names) if not name.startswith("kernel_macros_"))
    probe = os.path.join(options.simt_include, "simt-standard-headers-probe.cpp")
    try:
        # As a kernel file is parsed, without the target's own directories and definitions.
        tu = ci.Index.create().parse(
            probe, args=clang_arguments(options.simt_include), unsaved_files=[(probe, everything)],
            options=ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES)
    except ci.TranslationUnitLoadError:
        return []
    found = set()
    for inclusion in tu.get_includes():
        if inclusion.source is None or inclusion.include is None:
            continue
        source = os.path.realpath(inclusion.source.name)
        included = os.path.realpath(inclusion.include.name)
        if (source.startswith(simt) or source == os.path.realpath(probe)) and \
                not included.startswith(simt):
            found.add(included)
    return sorted(found)
