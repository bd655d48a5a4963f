#!/usr/bin/python3
"""Checks that the Japanese translation covers the site as it is now.

Usage: check_translations.py GETTEXT_DIR LOCALE_DIR

GETTEXT_DIR holds the .pot files the gettext builder just extracted from the English pages;
LOCALE_DIR is docs/locales. Every message of every page must have a translation in
ja/LC_MESSAGES/<page>.po that is neither empty nor marked fuzzy. An English edit without its
translation fails here, with the page and the message, instead of showing English text on
the Japanese site. `cmake --build <build> --target docs-translations` refreshes the .po files
(sphinx-intl update) so that the new messages can be translated.
"""
import os
import sys

from babel.messages.pofile import read_po  # Debian: python3-babel, a dependency of sphinx


def main():
    gettext_dir, locale_dir = sys.argv[1], sys.argv[2]
    problems, pages, messages = [], 0, 0
    for folder, _, files in os.walk(gettext_dir):
        for name in sorted(files):
            if not name.endswith(".pot"):
                continue
            pot_path = os.path.join(folder, name)
            page = os.path.relpath(pot_path, gettext_dir)[:-len(".pot")]
            with open(pot_path, "rb") as f:
                wanted = [m.id for m in read_po(f) if m.id]
            pages += 1
            messages += len(wanted)
            po_path = os.path.join(locale_dir, "ja", "LC_MESSAGES", page + ".po")
            if not os.path.isfile(po_path):
                problems.append(f"{page}: no {po_path} ({len(wanted)} messages untranslated)")
                continue
            with open(po_path, "rb") as f:
                catalog = read_po(f)
            for msgid in wanted:
                entry = catalog.get(msgid)
                if entry is None or not entry.string:
                    problems.append(f"{page}: untranslated: {msgid[:100]!r}")
                elif entry.fuzzy:
                    problems.append(
                        f"{page}: fuzzy (check it against the English): {msgid[:100]!r}")
    for p in problems:
        print("check_translations:", p)
    print(f"check_translations: {pages} pages, {messages} messages, {len(problems)} not translated")
    return 1 if problems or pages == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
