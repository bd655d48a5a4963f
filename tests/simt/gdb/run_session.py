"""Runs session.gdb on the row-sums program under gdb in batch mode, with simt's gdb extension
loaded automatically (the program names it; gdb is allowed to load it), and checks what gdb
printed against what the kernel must do. With --transcript, also saves what gdb printed (the
docs page "Debug a kernel without a GPU" shows it).

The program is tests/own_kernels_project: RowSums, one block of 256 threads per row of a
100 x 1000 matrix whose element i is i % 7, summed through shared memory and SumInShared().
"""

import argparse
import pathlib
import re
import shutil
import subprocess
import sys

ROWS, COLS, THREADS = 100, 1000, 256


def element(i):
    return i % 7


def expectations():
    """What gdb must print, from the kernel's source and its input alone."""
    row, tid = 1, 5
    s = THREADS // 2  # SumInShared's first step
    # partial[tid + s] before the first step: thread tid + s's own sum over its columns.
    partner = sum(element(row * COLS + c) for c in range(tid + s, COLS, THREADS))
    total = sum(element(row * COLS + c) for c in range(COLS))
    return [
        # The condition stops thread 5 of block 1 (the breakpoint's line runs in every thread).
        r"\$1 = \{x = 5, y = 0, z = 0\}",
        r"\$2 = \{x = 1, y = 0, z = 0\}",
        r"\$3 = 5",  # the kernel's tid is its threadIdx.x
        r"\$4 = %d" % s,
        r"\$5 = %d" % partner,
        # Threads run one at a time until they wait: 0-4 have reached the loop's barrier, 6-255
        # have not run since the barrier before the call.
        r"threads \(0, 0, 0\)-\(4, 0, 0\): waiting at __syncthreads\(\) at row_sum_kernels.cuh:8",
        r"thread \(5, 0, 0\): running, at row_sum_kernels.cuh:7",
        r"threads \(6, 0, 0\)-\(255, 0, 0\): ready, resumes after __syncthreads\(\) at "
        r"row_sum_kernels.cuh:18",
        # Line 20 of block 1: the first thread to get there is 0, with the row's sum.
        r"\$6 = %d" % total,
        r"thread \(0, 0, 0\): running, at row_sum_kernels.cuh:20",
        r"threads \(1, 0, 0\)-\(255, 0, 0\): ready, resumes after __syncthreads\(\) at "
        r"row_sum_kernels.cuh:8",
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--gdb", required=True)
    parser.add_argument("--program", required=True)
    parser.add_argument("--extension-dir", required=True, help="where simt-gdb.py is")
    parser.add_argument("--root", required=True, help="the repository, left out of paths shown")
    parser.add_argument("--transcript", help="save what gdb printed here")
    args = parser.parse_args()
    if shutil.which(args.gdb) is None:
        print("run_session: no gdb at %r (Debian: gdb; tools/install-dependencies installs it)"
              % args.gdb, file=sys.stderr)
        return 1
    commands = pathlib.Path(__file__).with_name("session.gdb")
    run = subprocess.run(
        [args.gdb, "-q", "-nx", "-batch", "-iex", "add-auto-load-safe-path " + args.extension_dir,
         "-x", str(commands), args.program],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300, check=False)
    printed = run.stdout.replace(args.root.rstrip("/") + "/", "")
    if args.transcript:
        pathlib.Path(args.transcript).write_text(printed)
    problems = []
    if run.returncode != 0:
        problems.append("gdb exited with %d" % run.returncode)
    for line in printed.splitlines():
        if re.search(r"(?i)\b(error|warning|declined|undefined)\b", line):
            problems.append("gdb said: " + line)
    for expected in expectations():
        if not re.search(r"^\s*" + expected + r"\s*$", printed, re.M):
            problems.append("missing: " + expected)
    if problems:
        print(printed)
        print("\n".join(problems), file=sys.stderr)
        return 1
    print("gdb session as expected (%d checks)" % len(expectations()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
