#!/usr/bin/env python3
"""Fails on any line wider than the repository's column limit (100, .clang-format's ColumnLimit).
clang-format keeps code within it but leaves comments alone (ReflowComments is off, to keep
hand-aligned tables), so comments are checked here, in every C++ and CUDA source and header, and
so is every line of what clang-format does not format: Python, CMake and shell scripts.

    check_line_width.py [--limit N] FILE...
"""

import argparse
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    wide = 0
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                width = len(line.rstrip("\n"))
                if width > args.limit:
                    print(f"{path}:{number}: {width} columns (the limit is {args.limit})")
                    wide += 1
    print(f"{len(args.files)} files, {wide} lines over {args.limit} columns")
    return 1 if wide else 0


if __name__ == "__main__":
    sys.exit(main())
