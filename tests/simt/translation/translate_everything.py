#!/usr/bin/env python3
"""No internal error escapes simt-translate: it runs over every CUDA file of the repository (the
chapters' kernels and launch files, the tests', the tools', the expected-output cases) and over
mutants of the kernel files (a token dropped, two lines swapped, a line deleted, a barrier
duplicated), and fails on anything it prints that is not a `file:line:col: error:` line, on an
internal error, and on a translation of a mutant that does not compile.

    translate_everything.py --translator T --simt-include I --root REPO --work W \
        [--mutants N] [--seed S] [--compiler CXX [--prelude PRECOMPILED_PRELUDE]] [--jobs J]

Each of the J worker processes loads the translator once and runs its main() on file after file,
as `simt-translate FILE ...` would (its messages and exit status), without starting Python and
loading libclang for every file. A worker that dies (a crash in libclang, say) is a failure.
"""

import argparse
import concurrent.futures
import contextlib
import importlib.util
import io
import os
import random
import re
import shutil
import subprocess
import sys
import traceback

ERROR_LINE = re.compile(r"^[^\s:][^:]*:\d+:\d+: error: .+$")
SYNC_WORDS = ("__syncthreads", ".sync(", "__syncwarp", "__shfl", "cg::sync", "arrive_and_wait")


def cuda_files(root):
    found = []
    for folder in ("chapters", "tests", "tools"):
        for directory, _, names in os.walk(os.path.join(root, folder)):
            found += [os.path.join(directory, n) for n in names if n.endswith((".cu", ".cuh"))]
    return sorted(found)


_translator = None  # the translator's module, in each worker process


def load_translator(path):
    """Loads simt_translate.py (and with it libclang) once per worker process."""
    global _translator
    spec = importlib.util.spec_from_file_location("simt_translate", path)
    _translator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(_translator)


def run_translator(arguments):
    """simt-translate ARGUMENTS in this process: its exit status and what it wrote to stderr."""
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        try:
            status = _translator.main(arguments)
        except SystemExit as exit_:  # argparse, say
            status = exit_.code if isinstance(exit_.code, int) else 2
        except BaseException:  # noqa: BLE001 - escaped main(): the process would have died
            traceback.print_exc()
            status = 2
    return status, stderr.getvalue()


def is_whole_program(path):
    """A whole program's `.cu` file (main, <<<...>>> launches, the runtime API), translated with
    its host code (simt-translate --program), as simt-nvcc translates it."""
    return os.sep + "whole_programs" + os.sep in path and path.endswith(".cu")


def translate(args, path, out, own_process=False):
    """Translates `path` in this worker, or with own_process in a process of its own (as a build
    runs it: for a file that took a worker down)."""
    os.makedirs(out, exist_ok=True)
    stem = os.path.splitext(os.path.basename(path))[0]
    header, source = os.path.join(out, stem + ".hpp"), os.path.join(out, stem + ".cpp")
    arguments = [path, "--header", header, "--source", source,
                 "--simt-include", args.simt_include, "--include-dir", args.root,
                 "--include-dir", os.path.dirname(path),
                 "--cache-dir", os.path.join(args.work, "simt_translation_cache")]
    if is_whole_program(path):
        arguments += ["--program", "--host-source", os.path.join(out, stem + ".host.cpp")]
    if own_process:
        run = subprocess.run([sys.executable, "-B", args.translator, *arguments],
                             capture_output=True, text=True, errors="replace")
        status, stderr = run.returncode, run.stderr
    else:
        status, stderr = run_translator(arguments)
    problems = []
    for line in stderr.splitlines():
        if not ERROR_LINE.match(line):
            problems.append(f"not a file:line:col: error: line: {line}")
        elif "internal error" in line:
            problems.append(f"internal error: {line}")
    if status not in (0, 1):
        problems.append(f"exit code {status}")
    if status == 1 and not stderr.strip():
        problems.append("failed without saying why")
    return status == 0, source, problems


def compiles(args, source, kernel_file):
    # With --prelude, <simt/kernel.hpp> (every translation's first include) comes precompiled.
    prelude = ["-include", args.prelude, "-Winvalid-pch", "-Werror=invalid-pch"] \
        if args.prelude else []
    host = source[:-len(".cpp")] + ".host.cpp"
    # A whole program's translation includes the runtime API's headers, as simt-nvcc builds it.
    runtime = ["-I" + os.path.join(args.simt_include, "simt", d) for d in ("runtime", "cuda")] \
        if os.path.exists(host) else []
    run = subprocess.run([args.compiler, "-std=c++20", "-fsyntax-only", "-w", *prelude, *runtime,
                          "-I" + args.simt_include, "-I" + os.path.dirname(kernel_file), source],
                         capture_output=True, text=True, errors="replace")
    problems = [] if run.returncode == 0 else [f"its translation does not compile:\n{run.stderr}"]
    if not problems and runtime:
        run = subprocess.run([args.compiler, "-std=c++20", "-fsyntax-only", "-w", *runtime,
                              "-I" + args.simt_include, "-I" + os.path.dirname(kernel_file), host],
                             capture_output=True, text=True, errors="replace")
        if run.returncode != 0:
            problems.append(f"its host code does not compile:\n{run.stderr}")
    return problems


def mutate(text, rng):
    """One mutation of a kernel file's text, and what it was."""
    lines = text.split("\n")
    code = [i for i, line in enumerate(lines) if line.strip() and
            not line.lstrip().startswith(("//", "#"))]
    if len(code) < 2:
        return None, None
    choice = rng.randrange(4)
    i = rng.choice(code)
    if choice == 0:
        words = re.findall(r"\w+|[^\w\s]", lines[i])
        if not words:
            return None, None
        k = rng.randrange(len(words))
        dropped = words[k]
        lines[i] = " ".join(words[:k] + words[k + 1:])
        what = f"dropped '{dropped}' on line {i + 1}"
    elif choice == 1:
        j = code[(code.index(i) + 1) % len(code)]
        lines[i], lines[j] = lines[j], lines[i]
        what = f"swapped lines {i + 1} and {j + 1}"
    elif choice == 2:
        del lines[i]
        what = f"deleted line {i + 1}"
    else:
        syncs = [k for k in code if any(w in lines[k] for w in SYNC_WORDS)]
        k = rng.choice(syncs) if syncs else i
        lines.insert(k, lines[k])
        what = f"duplicated line {k + 1}"
    return "\n".join(lines), what


def run(job, args, own_process=False):
    """One file or mutant: translated, and, if accepted, a mutant's translation compiled."""
    path, out, what = job
    accepted, source, problems = translate(args, path, out, own_process)
    if accepted and what is not None and args.compiler:
        problems += compiles(args, source, path)
    return job, accepted, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translator", required=True)
    parser.add_argument("--simt-include", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--compiler", help="compile the translations of accepted mutants")
    parser.add_argument("--prelude", help="a header that includes <simt/kernel.hpp>, precompiled "
                        "beside it (HEADER.gch) with the compiler and -std=c++20")
    parser.add_argument("--mutants", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    args.root = os.path.abspath(args.root)
    if os.path.exists(args.work):
        shutil.rmtree(args.work)

    files = cuda_files(args.root)
    jobs = [(path, os.path.join(args.work, "files", str(n)), None) for n, path in
            enumerate(files)]
    # Mutants live beside copies of their file's folder, so that its own headers are found.
    rng = random.Random(args.seed)
    # Kernel files, and whole programs, whose mutants have host code's shapes too.
    kernels = [f for f in files if f.endswith(".cuh") or is_whole_program(f)]
    copies = {}
    for n in range(args.mutants):
        original = rng.choice(kernels)
        folder = os.path.dirname(original)
        if folder not in copies:
            # Under the path it has in the repository, which tells a whole program's.
            copies[folder] = os.path.join(args.work, "copies", os.path.relpath(folder, args.root))
            shutil.copytree(folder, copies[folder], dirs_exist_ok=True)
        with open(original, encoding="utf-8") as f:
            text, what = mutate(f.read(), rng)
        if text is None:
            continue
        stem = os.path.splitext(os.path.basename(original))[0]
        extension = os.path.splitext(original)[1]
        mutant = os.path.join(copies[folder], f"{stem}__mutant{n}{extension}")
        with open(mutant, "w", encoding="utf-8") as f:
            f.write(text)
        jobs.append((mutant, os.path.join(args.work, "mutants", str(n)),
                     f"{os.path.relpath(original, args.root)}, {what}"))

    failures = 0
    counts = {"files": 0, "mutants": 0, "accepted": 0, "refused": 0}
    with concurrent.futures.ProcessPoolExecutor(
            args.jobs, initializer=load_translator, initargs=(args.translator,)) as pool:
        futures = [pool.submit(run, job, args) for job in jobs]
        for job, future in zip(jobs, futures):
            try:
                result = future.result()
            except concurrent.futures.process.BrokenProcessPool:
                # A worker died (and took the pool down): this and every job left, each in a
                # process of its own, which names the file that kills the translator.
                result = run(job, args, own_process=True)
            (path, _, what), accepted, problems = result
            counts["mutants" if what else "files"] += 1
            if what:
                counts["accepted" if accepted else "refused"] += 1
            if problems:
                failures += 1
                print(f"FAILED {os.path.relpath(path, args.work if what else args.root)}"
                      + (f" ({what})" if what else ""))
                for p in problems:
                    print("  " + p.replace("\n", "\n  "))
    print(f"{counts['files']} files of the repository and {counts['mutants']} mutants "
          f"({counts['accepted']} translated, {counts['refused']} refused with file:line:col "
          f"errors): {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
