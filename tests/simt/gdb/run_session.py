"""Runs a gdb session on a program that runs kernels on the emulator, with simt's gdb extension
loaded automatically (the program names it; gdb is allowed to load it), and checks what gdb
printed against what the kernel must do. With --transcript, also saves what gdb printed (the
docs page "Debug a kernel without a GPU" shows it). Both sessions forbid gdb to call functions
in the program (`set may-call-functions off`): the extension must read memory only.

--session live (session.gdb): the row-sums program of tests/own_kernels_project, RowSums, one
block of 256 threads per row of a 100 x 1000 matrix whose element i is i % 7, summed through
shared memory and SumInShared(), stopped in one GPU thread.

--session core (core_session.gdb): scale_rows.cpp, whose kernel faults in block 2, run with
CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 so that it dumps core; gdb then reads the core file. Where
the system sends core files elsewhere (a core_pattern that pipes them to a collector) or forbids
them (a hard limit of 0), the core is written by gdb's gcore at the same fault instead.

Exits 77 (ctest: skipped) with the reason when this machine has no gdb or gdb cannot run a
program here (no ptrace); any other failure is a failure.
"""

import argparse
import pathlib
import re
import resource
import shutil
import signal
import subprocess
import sys

ROWS, COLS, THREADS = 100, 1000, 256
SKIP = 77


def element(i):
    return i % 7


def live_expectations():
    """What gdb must print in the live session, from the kernel's source and input alone."""
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


def core_expectations():
    """What gdb must print from the core: ScaleRows's block 2 (its row pointer is null) faults in
    the first thread that runs after the barrier, thread 0, at its first store; the others of its
    block have not run since the barrier."""
    return [
        r"\$1 = \{x = 0, y = 0, z = 0\}",
        r"\$2 = \{x = 2, y = 0, z = 0\}",
        r"\$3 = \(float \*\) 0x0",
        r"\$4 = 0",
        r"kernel 'ScaleRows', block \(2, 0, 0\) of grid \(4, 1, 1\), 128 threads of block "
        r"\(128, 1, 1\):",
        r"thread \(0, 0, 0\): running, at scale_rows_kernels.cuh:11",
        r"threads \(1, 0, 0\)-\(127, 0, 0\): ready, resumes after __syncthreads\(\) at "
        r"scale_rows_kernels.cuh:9",
    ]


FAULT_REPORT = (r"simt: memory fault \(SIGSEGV\) in kernel 'ScaleRows': thread \(0, 0, 0\) of "
                r"block \(2, 0, 0\) made a read of address 0x0 \(a null pointer\).* ends the "
                r"program with a core dump")


def gdb_command(args, *rest):
    return [args.gdb, "-q", "-nx", "-batch", "-iex",
            "add-auto-load-safe-path " + args.extension_dir, *rest]


def gdb_can_run_programs(args):
    """None if gdb can start a program here, else why not."""
    if shutil.which(args.gdb) is None:
        return "no gdb at %r (Debian: gdb; tools/install-dependencies installs it)" % args.gdb
    probe = subprocess.run(
        [args.gdb, "-q", "-nx", "-batch", "-ex", "set disable-randomization off", "-ex", "run",
         "--args", sys.executable, "-c", "print('started')"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120, check=False)
    if "started" not in probe.stdout:
        return "gdb cannot run a program on this machine: " + probe.stdout.strip()[-300:]
    return None


def unlimited_core():
    """In the child: as large a core file as the hard limit allows."""
    _, hard = resource.getrlimit(resource.RLIMIT_CORE)
    resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))


def core_of_crash(args, work, problems):
    """Runs the faulting program so that it dumps core; returns the core file (or None) and
    how it was made."""
    env = {"CUDA_ENABLE_COREDUMP_ON_EXCEPTION": "1", "PATH": "/usr/bin:/bin"}
    for old in work.glob("core*"):
        old.unlink()
    run = subprocess.run([args.program], cwd=work, env=env, preexec_fn=unlimited_core,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120,
                         check=False)
    if run.returncode != -signal.SIGSEGV:
        problems.append("the program ended with %d, not by SIGSEGV" % run.returncode)
    if not re.search(FAULT_REPORT, run.stderr):
        problems.append("no fault report in: " + run.stderr)
    cores = sorted(work.glob("core*"))
    if cores:
        return cores[0], "the program's own core dump"
    # The system put the core elsewhere: gdb stops at the same fault and writes one.
    core = work / "core.gcore"
    subprocess.run(gdb_command(args, "-ex", "set disable-randomization off", "-ex", "run",
                               "-ex", "gcore " + str(core), "-ex", "kill", args.program),
                   cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                   text=True, timeout=300, check=False)
    if core.exists():
        return core, "gdb's gcore at the fault (this system keeps core files elsewhere)"
    problems.append("no core file: neither the program nor gdb's gcore wrote one")
    return None, ""


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--session", choices=("live", "core"), default="live")
    parser.add_argument("--gdb", required=True)
    parser.add_argument("--program", required=True)
    parser.add_argument("--extension-dir", required=True, help="where simt-gdb.py is")
    parser.add_argument("--root", required=True, help="the repository, left out of paths shown")
    parser.add_argument("--work", help="a folder for the core file (--session core)")
    parser.add_argument("--transcript", help="save what gdb printed here")
    parser.add_argument("--skip-exit-code", type=int, default=SKIP,
                        help="exit code when gdb cannot run here (default %d: ctest's skip; the "
                        "docs build passes 0 and shows why instead)" % SKIP)
    args = parser.parse_args()
    why_not = gdb_can_run_programs(args)
    if why_not is not None:
        print("skipped: " + why_not)
        if args.transcript:
            pathlib.Path(args.transcript).write_text("(not run where these docs were built: %s)\n"
                                                     % why_not)
        return args.skip_exit_code
    here = pathlib.Path(__file__).parent
    problems = []
    if args.session == "live":
        command = gdb_command(args, "-x", str(here / "session.gdb"), args.program)
        expected = live_expectations()
        source = "a live process"
    else:
        work = pathlib.Path(args.work)
        work.mkdir(parents=True, exist_ok=True)
        core, source = core_of_crash(args, work, problems)
        if core is None:
            print("\n".join(problems), file=sys.stderr)
            return 1
        command = gdb_command(args, "-x", str(here / "core_session.gdb"), args.program, str(core))
        expected = core_expectations()
    run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         timeout=300, check=False)
    printed = run.stdout.replace(args.root.rstrip("/") + "/", "")
    if args.session == "core":
        printed = re.sub(r"\[New LWP \d+\]\n", "", printed)  # as many as the program's workers
        printed = re.sub(r"Core was generated by .*\n", "", printed)  # names the build folder
        # Some machines' cores keep less (or another size) of the CPU's extended state (vector
        # registers) than gdb expects; the emulator's records are memory, which that does not
        # touch. gdb says so in one of two ways.
        printed = re.sub(r"\n?warning: (Section `\.reg-xstate/\d+' in core file too small|"
                         r"Unexpected size of section `\.reg-xstate/\d+' in core file)\.\n",
                         "", printed)
    if args.transcript:
        pathlib.Path(args.transcript).write_text(printed)
    if run.returncode != 0:
        problems.append("gdb exited with %d" % run.returncode)
    for line in printed.splitlines():
        if re.search(r"(?i)\b(error|warning|declined|undefined)\b", line):
            problems.append("gdb said: " + line)
    for pattern in expected:
        if not re.search(r"^\s*" + pattern + r"\s*$", printed, re.M):
            problems.append("missing: " + pattern)
    if problems:
        print(printed)
        print("\n".join(problems), file=sys.stderr)
        return 1
    print("gdb session on %s as expected (%d checks)" % (source, len(expected)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
