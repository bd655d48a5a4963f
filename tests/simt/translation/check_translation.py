#!/usr/bin/env python3
"""Expected-output tests of simt-translate: each case is a kernel file `cases/<construct>.cuh`
beside `cases/<construct>.expected`, the translation it must produce (the generated header and
source) or the error lines it must stop with. Paths are written relative to the case's folder. A
case whose first line is `// simt-translate options: ...` is translated with those options.

    check_translation.py --translator T --simt-include I --work W [--compiler CXX] CASE.cuh...
    (run it with a Python that has clang's bindings: the translator runs in its process)
    check_translation.py ... --update CASE.cuh...   (writes the .expected files: review the diff)

Each case is translated as a build translates it, with the standard headers precompiled (shared
by the cases in W/simt_translation_cache). A case that includes a header or takes options is
translated once more without them: what the precompiled header changes is how the declarations
of included headers are read, and every case goes through the same prelude, so a case that
includes nothing would repeat the comparison that the cases with headers already make (each
such repeat costs a second of a 2-core machine's test run). A case fails when the output
differs (the diff is printed), when the two translations differ, when the translator
writes anything that is not a `file:line:col: error:` line or reports an internal error, and,
for a translation, when its source or a C++ file that includes its header does not compile
without warnings. With --prelude, those compiles take the emulator's kernel prelude
(<simt/kernel.hpp>, which every translation includes first) precompiled: most of their time."""

import argparse
import contextlib
import difflib
import importlib.util
import io
import os
import re
import subprocess
import sys
import traceback

ERROR_LINE = re.compile(r"^[^\s:][^:]*:\d+:\d+: error: .+$")
ANCHOR = "simt_kernels_case"
OPTIONS = "// simt-translate options: "


class Run:
    """What a run of the translator gave: its exit status and what it wrote to stderr."""

    def __init__(self, returncode, stderr):
        self.returncode, self.stderr = returncode, stderr


_translator = None


def run_translator(args, arguments):
    """simt-translate ARGUMENTS, run in this process (the translator and libclang are loaded once
    for a case's two translations), as its command line would run it."""
    global _translator
    if _translator is None:
        spec = importlib.util.spec_from_file_location("simt_translate", args.translator)
        _translator = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(_translator)
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        try:
            status = _translator.main(arguments)
        except SystemExit as exit_:  # argparse, say
            status = exit_.code if isinstance(exit_.code, int) else 2
        except BaseException:  # noqa: BLE001 - escaped main(): the process would have died
            traceback.print_exc()
            status = 2
    return Run(status, stderr.getvalue())


def translate(args, case, work, precompiled=True):
    stem = os.path.splitext(os.path.basename(case))[0]
    header = os.path.join(work, f"{stem}.emulated.hpp")
    source = os.path.join(work, f"{stem}.emulated.cpp")
    for stale in (header, source):
        if os.path.exists(stale):
            os.remove(stale)
    arguments = [case, "--header", header, "--source", source,
                 "--simt-include", args.simt_include, "--anchor", ANCHOR]
    if precompiled:
        arguments += ["--cache-dir", os.path.join(args.work, "simt_translation_cache")]
    with open(case, encoding="utf-8") as f:
        first = f.readline()
    if first.startswith(OPTIONS):
        arguments += first[len(OPTIONS):].split()
    return run_translator(args, arguments), header, source


def normalised(text, case, work):
    folder = os.path.dirname(os.path.abspath(case)) + os.sep
    return text.replace(os.path.abspath(work) + os.sep, "").replace(folder, "")


def view(run, header, source, case, work):
    """What the case's .expected holds: the errors, or the header and the source."""
    if run.returncode != 0:
        return normalised(run.stderr, case, work)
    parts = []
    for path in (header, source):
        with open(path, encoding="utf-8") as f:
            parts.append(f"//// {os.path.basename(path)}\n" + normalised(f.read(), case, work))
    return "".join(parts)


def problems_with_messages(run):
    """What is wrong with what the translator printed, beyond a difference from the expected."""
    found = []
    for line in run.stderr.splitlines():
        if not ERROR_LINE.match(line):
            found.append(f"not a file:line:col: error: line: {line}")
        elif "internal error" in line:
            found.append(f"an internal error: {line}")
    if run.returncode not in (0, 1):
        found.append(f"exit code {run.returncode}")
    if run.returncode == 1 and not run.stderr.strip():
        found.append("failed without saying why")
    return found


def prelude_options(args):
    """The compiler options that take the precompiled kernel prelude, if there is one; a
    precompiled header GCC cannot use is an error (-Winvalid-pch), not a silent slow compile."""
    if not args.prelude:
        return []
    return ["-include", args.prelude, "-Winvalid-pch", "-Werror=invalid-pch"]


def compile_problems(args, header, source, work):
    """The translation must compile cleanly: its source, and a C++ file including its header."""
    user = os.path.join(work, os.path.basename(header) + ".user.cpp")
    with open(user, "w", encoding="utf-8") as f:
        f.write(f'#include "{os.path.basename(header)}"\n')
    found = []
    for unit in (source, user):
        command = [args.compiler, "-std=c++20", "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
                   "-I" + args.simt_include, "-I" + work, *prelude_options(args), unit]
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            found.append(f"{os.path.basename(unit)} does not compile:\n{run.stderr}")
    return found


def includes_or_options(case):
    """Whether the case includes a header or takes options: then its translation without the
    precompiled standard headers is compared too."""
    with open(case, encoding="utf-8") as f:
        lines = f.read().splitlines()
    return bool(lines) and (lines[0].startswith(OPTIONS)
                            or any(line.lstrip().startswith("#include") for line in lines))


def check(args, case):
    expected_path = os.path.splitext(case)[0] + ".expected"
    work = os.path.join(args.work, os.path.splitext(os.path.basename(case))[0])
    os.makedirs(work, exist_ok=True)
    run, header, source = translate(args, case, work)
    actual = view(run, header, source, case, work)
    failures = problems_with_messages(run)
    if args.update:
        with open(expected_path, "w", encoding="utf-8") as f:
            f.write(actual)
    else:
        try:
            with open(expected_path, encoding="utf-8") as f:
                expected = f.read()
        except FileNotFoundError:
            expected = ""
            failures.append(f"no {os.path.basename(expected_path)} (write it with --update)")
        if actual != expected:
            diff = difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        os.path.basename(expected_path), "translation")
            failures.append("the translation differs from the expected one:\n" + "".join(diff))
    if run.returncode == 0 and args.compiler:
        failures.extend(compile_problems(args, header, source, work))
    if not includes_or_options(case):
        return failures
    plain = os.path.join(work, "without_precompiled_headers")
    os.makedirs(plain, exist_ok=True)
    run, header, source = translate(args, case, plain, precompiled=False)
    if view(run, header, source, case, plain) != actual:
        failures.append("without the precompiled standard headers the translation differs")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="+")
    parser.add_argument("--translator", required=True)
    parser.add_argument("--simt-include", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--compiler", help="C++ compiler that checks the translations compile")
    parser.add_argument("--prelude", help="a header that includes <simt/kernel.hpp>, precompiled "
                        "beside it (HEADER.gch) with the compiler and -std=c++20")
    parser.add_argument("--update", action="store_true", help="write the .expected files")
    args = parser.parse_args()
    failed = 0
    for case in args.cases:
        failures = check(args, os.path.abspath(case))
        name = os.path.basename(case)
        if failures:
            failed += 1
            print(f"FAILED {name}")
            for f in failures:
                print("  " + f.replace("\n", "\n  "))
        else:
            print(f"ok     {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
