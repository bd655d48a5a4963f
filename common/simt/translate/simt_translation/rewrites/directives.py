"""Preprocessor directives nvcc reads and the host compiler would not: `#pragma unroll [N]` is
GCC's `_Pragma("GCC unroll N")` (32 without N); nvcc's own pragmas (`nv_diag_suppress`,
`nounroll`, ...) go, as does `#pragma once` (the translation is a header of its own, and inlines
the kernel file's headers once each)."""

import clang.cindex as ci

from . import Rewrite

# The count a `#pragma unroll` without one becomes: a warp's lanes, or a tile's side, the
# longest loop of constant trip count such a pragma is mostly written above.
FULL_UNROLL = 32

# nvcc's pragmas, which mean nothing to the host compiler (and make it warn).
NVCC_PRAGMAS = ("nv_diag_", "diag_", "nounroll", "nv_exec_check_disable", "hd_warning_disable",
                "nv_abi")


def include_guards(unit):
    """The classic include guards of each user file that has one (`#ifndef X` `#define X` first,
    `#endif` last; a guard inside it too), as path -> [X, ...]: the translation includes such a
    file once, and undefines X after it, so that another kernel file's translation in the same
    C++ source includes it again."""
    guards = {}
    for path in unit.user_files:
        # Comments (a licence above the guard, a note after its #endif) are not tokens here.
        t = [token.spelling for token in unit.sources.file_tokens(path)
             if token.kind != ci.TokenKind.COMMENT]
        names = []
        while len(t) >= 8 and t[0:2] == ["#", "ifndef"] and t[3:5] == ["#", "define"] and \
                t[2] == t[5] and t[-2:] == ["#", "endif"]:
            names.append(t[2])  # a guard inside a guard: both
            t = t[6:-2]
        if names:
            guards[path] = names
    return guards


def rewrite(unit, progress, block_run_loops=frozenset()):
    """The edits, and the files that have `#pragma once`. `block_run_loops`: (path, offset) of
    the loops that kernels run as loops run at the block's level (block_loops.py)."""
    result = Rewrite()
    result.pragma_once = []  # (path, start, end): a whole program's host code drops them too
    result.nvcc_pragmas = []  # (path, start, end): and these, which its host compiler warns about
    once = set()
    for path in sorted(unit.user_files):
        tokens = unit.sources.file_tokens(path)
        edits = result.edits.of(path)
        for i in range(len(tokens) - 2):
            if tokens[i].spelling != "#" or tokens[i + 1].spelling != "pragma":
                continue
            progress.at(tokens[i])
            pragma = tokens[i + 2]
            line = pragma.location.line
            last = i + 2
            while last + 1 < len(tokens) and tokens[last + 1].location.line == line:
                last += 1
            start = tokens[i].extent.start.offset
            if pragma.spelling == "once":
                once.add(path)
                edits.replace(start, pragma.extent.end.offset, "")
                result.pragma_once.append((path, start, pragma.extent.end.offset))
            elif pragma.spelling == "unroll":
                count = tokens[i + 3] if i + 3 <= last else None
                loop = tokens[last + 1] if last + 1 < len(tokens) else None
                if loop is not None and (path, loop.extent.start.offset) in block_run_loops:
                    # Each iteration of a loop the block runs is one or more passes over the
                    # block's threads, each inlined into the kernel where the access checks are
                    # compiled out: unrolled, a loop of them copies the passes and overlaps no
                    # work, and in the sample collection's immaTensorCoreGemm the copies made
                    # one kernel take more than 13 minutes and 2.7 GB to compile (2.5 s rolled).
                    edits.replace(start, tokens[last].extent.end.offset, "")
                    continue
                # As an operator, so that a loop compiled twice (loops_with_checks_known.py) can
                # open its bracket on the same line, before it.
                if count is not None and count.kind == ci.TokenKind.LITERAL:
                    edits.replace(start, count.extent.end.offset,
                                  f'_Pragma("GCC unroll {count.spelling}")')
                elif count is None:
                    # No count: nvcc unrolls a loop of a constant trip count completely. GCC
                    # wants a count; up to FULL_UNROLL it unrolls completely too (beyond, it
                    # unrolls by that many). Left to GCC's judgement at -O2, a tile's
                    # 16-step sum stayed a loop, and each thread's sum a chain of additions
                    # that the processor could not overlap with the next thread's.
                    edits.replace(start, pragma.extent.end.offset,
                                  f'_Pragma("GCC unroll {FULL_UNROLL}")')
                else:
                    # GCC wants a literal count; one that is a macro or a template parameter
                    # (which nvcc takes) leaves the loop to GCC's own judgement.
                    edits.replace(start, tokens[last].extent.end.offset, "")
            elif pragma.spelling.startswith(NVCC_PRAGMAS):
                edits.replace(start, tokens[last].extent.end.offset, "")
                result.nvcc_pragmas.append((path, start, tokens[last].extent.end.offset))
    return result, once
