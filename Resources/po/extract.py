#!/usr/bin/env python3
"""The template of every message meals marks for translation, as a gettext .pot.

Reads tr("…"), trc("context", "…") and trn("…", "…", n) in Sources/**/*.swift: a marked
message is one single-line Swift literal without interpolation. Writes what xgettext writes
(msgfmt, msgmerge and translators' editors read it), locations by file.

    extract.py OUT.pot      write the template
    extract.py --check POT  fail, naming them, if messages marked in Sources are not in POT
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
LITERAL = r'"((?:[^"\\\n]|\\.)*)"'
CALLS = [
    ("tr", re.compile(r'(?<![\w.])tr\(\s*' + LITERAL + r'\s*\)')),
    ("trc", re.compile(r'(?<![\w.])trc\(\s*' + LITERAL + r'\s*,\s*' + LITERAL + r'\s*\)')),
    ("trn", re.compile(r'(?<![\w.])trn\(\s*' + LITERAL + r'\s*,\s*' + LITERAL + r'\s*,')),
]
ESCAPE = re.compile(r'\\(u\{[0-9a-fA-F]{1,8}\}|.)')


def swift_text(literal):
    """A Swift literal's text; None when it interpolates (nothing a catalog could hold)."""
    if "\\(" in literal:
        return None
    simple = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", '"': '"', "'": "'", "\\": "\\"}

    def one(match):
        code = match.group(1)
        if code.startswith("u{"):
            return chr(int(code[2:-1], 16))
        return simple.get(code, code)

    return ESCAPE.sub(one, literal)


def po_quoted(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + escaped.replace("\t", "\\t") + '"'


def messages():
    """(context, singular, plural) → the files marking it."""
    found = {}
    sources = os.path.join(ROOT, "Sources")
    for folder, _, files in sorted(os.walk(sources)):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, ROOT)
            with open(path, encoding="utf-8") as source:
                text = source.read()
            for kind, pattern in CALLS:
                for match in pattern.finditer(text):
                    parts = [swift_text(group) for group in match.groups()]
                    if any(part is None for part in parts):
                        continue
                    if kind == "tr":
                        key = (None, parts[0], None)
                    elif kind == "trc":
                        key = (parts[0], parts[1], None)
                    else:
                        key = (None, parts[0], parts[1])
                    found.setdefault(key, set()).add(relative)
    return found


HEADER = """# The messages of meals, for translators (written by Resources/po/extract.py).
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: meals\\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"
"""


def template(found):
    entries = [HEADER]
    for (context, singular, plural), files in sorted(
        found.items(), key=lambda item: (item[0][1], item[0][0] or "", item[0][2] or "")
    ):
        lines = ["#: " + " ".join(sorted(files))]
        if "%" in singular or (plural and "%" in plural):
            lines.append("#, c-format")
        if context is not None:
            lines.append("msgctxt " + po_quoted(context))
        lines.append("msgid " + po_quoted(singular))
        if plural is None:
            lines.append('msgstr ""')
        else:
            lines += ["msgid_plural " + po_quoted(plural), 'msgstr[0] ""', 'msgstr[1] ""']
        entries.append("\n".join(lines) + "\n")
    return "\n".join(entries)


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "--check":
        with open(arguments[1], encoding="utf-8") as pot:
            written = pot.read()
        missing = [
            key for key in messages()
            if ("msgid " + po_quoted(key[1]) + "\n") not in written
            or (key[0] is not None and ("msgctxt " + po_quoted(key[0]) + "\n") not in written)
        ]
        for context, singular, _ in missing:
            print(f"not in {arguments[1]}: {singular!r}" + (f" ({context})" if context else ""))
        if missing:
            print("Run: python3 Resources/po/extract.py Resources/po/meals.pot")
            return 1
        return 0
    if len(arguments) != 1:
        print(__doc__.strip())
        return 2
    with open(arguments[0], "w", encoding="utf-8") as out:
        out.write(template(messages()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
