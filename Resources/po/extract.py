#!/usr/bin/env python3
"""The template of every message meals marks for translation, as a gettext .pot.

Reads tr("…"), trc("context", "…") and trn("…", "…", n) in Sources/**/*.swift: a marked
message is one Swift literal without interpolation (tr also takes a multi-line one). Writes what xgettext writes
(msgfmt, msgmerge and translators' editors read it), locations by file.

    extract.py OUT.pot      write the template
    extract.py --check POT  fail, naming them, if messages marked in Sources are not in POT,
                            or a catalog beside it (LANG.po) lacks one, leaves one
                            untranslated or fuzzy, or drops or adds a placeholder
    extract.py --pseudo PO  write a pseudo-translation of every message (ASCII letters as
                            accented ones: `My Meals` is `Ṁý Ṁéáĺš`), so a screen shown in it
                            tells at a glance which words were never marked
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
# A multi-line literal: tr(""" … """), its lines dedented by the closing delimiter's indent.
MULTILINE = re.compile(r'(?<![\w.])tr\(\s*"""\n(.*?)\n([ \t]*)"""\s*\)', re.S)
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
            for match in MULTILINE.finditer(text):
                indent = match.group(2)
                lines = [line[len(indent):] if line.startswith(indent) else line.lstrip()
                         for line in match.group(1).split("\n")]
                # A backslash at a line's end joins it with the next, as in Swift.
                body = swift_text("\n".join(lines).replace("\\\n", ""))
                if body is not None:
                    found.setdefault((None, body, None), set()).add(relative)
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


PO_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def po_text(quoted_parts):
    """The text of a .po entry's quoted lines, joined and unescaped."""
    simple = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    joined = "".join(quoted_parts)
    return re.sub(r'\\(.)', lambda m: simple.get(m.group(1), m.group(1)), joined)


def read_po(path):
    """A catalog's entries: (context, msgid) → (plural id or None, [translations], fuzzy)."""
    entries = {}
    with open(path, encoding="utf-8") as po:
        blocks = po.read().split("\n\n")
    for block in blocks:
        fields = {}
        current = None
        fuzzy = False
        for line in block.splitlines():
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            if line.startswith("#"):
                continue
            keyword = line.split(" ", 1)[0]
            if keyword in ("msgctxt", "msgid", "msgid_plural") or keyword.startswith("msgstr"):
                current = keyword
                fields[current] = PO_STRING.findall(line[len(keyword):])
            elif line.startswith('"') and current:
                fields[current] += PO_STRING.findall(line)
        if "msgid" not in fields:
            continue
        msgid = po_text(fields["msgid"])
        context = po_text(fields["msgctxt"]) if "msgctxt" in fields else None
        plural = po_text(fields["msgid_plural"]) if "msgid_plural" in fields else None
        translations = [po_text(fields[key]) for key in sorted(fields) if key.startswith("msgstr")]
        entries[(context, msgid)] = (plural, translations, fuzzy)
    return entries


PLACEHOLDER = re.compile(r"%(?:(\d+)\$)?([sd%])")


def placeholders(text):
    """The values a message fills, by number: `%s %d` and `%2$d %1$s` are both {1, 2}."""
    numbers, next_number = set(), 1
    for number, letter in PLACEHOLDER.findall(text):
        if letter == "%":
            continue
        if number:
            numbers.add(int(number))
        else:
            numbers.add(next_number)
            next_number += 1
    return numbers


def check_catalog(path, found):
    """Problems of one catalog against the messages Sources mark."""
    problems = []
    entries = read_po(path)
    header = entries.get((None, ""), (None, [""], False))[1][0]
    forms = re.search(r"nplurals=(\d+)", header)
    if not forms:
        return [f"{path}: no Plural-Forms in its header"]
    count = int(forms.group(1))
    for context, singular, plural in found:
        name = repr(singular) + (f" ({context})" if context else "")
        entry = entries.get((context, singular))
        if entry is None:
            problems.append(f"{path}: missing {name} (run: make pot)")
            continue
        _, translations, fuzzy = entry
        if fuzzy:
            problems.append(f"{path}: fuzzy {name}")
        if plural is not None and len(translations) != count:
            problems.append(f"{path}: {name} has {len(translations)} forms, not {count}")
        if any(not text for text in translations):
            problems.append(f"{path}: untranslated {name}")
            continue
        wanted = placeholders(singular) | placeholders(plural or "")
        for text in translations:
            # A plural form may leave the count out ("one meal"); every other value stays.
            extra = placeholders(text) - wanted
            lost = wanted - placeholders(text) - ({1} if plural is not None else set())
            if extra or lost:
                problems.append(f"{path}: {name}: placeholders differ in {text!r}")
    return problems


PSEUDO = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķĺɱñóþʠŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓṔǪŔŠŢÚṼŴẊÝŽ",
)


def pseudo(text):
    """`text` with its letters accented, its placeholders (`%s`, `%2$d`, `%%`) kept."""
    parts = re.split(r"(%(?:\d+\$)?[sd%])", text)
    return "".join(part if index % 2 else part.translate(PSEUDO) for index, part in enumerate(parts))


def pseudo_catalog(found):
    """A complete catalog in the pseudo-language, two plural forms as English has."""
    header = HEADER.replace("#, fuzzy\n", "").replace(
        "nplurals=INTEGER; plural=EXPRESSION;", "nplurals=2; plural=(n != 1);"
    ).replace('"Language: \\n"', '"Language: xx\\n"')
    entries = [header]
    for context, singular, plural in sorted(found, key=lambda key: (key[1], key[0] or "")):
        lines = []
        if context is not None:
            lines.append("msgctxt " + po_quoted(context))
        lines.append("msgid " + po_quoted(singular))
        if plural is None:
            lines.append("msgstr " + po_quoted(pseudo(singular)))
        else:
            lines += [
                "msgid_plural " + po_quoted(plural),
                "msgstr[0] " + po_quoted(pseudo(singular)),
                "msgstr[1] " + po_quoted(pseudo(plural)),
            ]
        entries.append("\n".join(lines) + "\n")
    return "\n".join(entries)


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "--check":
        with open(arguments[1], encoding="utf-8") as pot:
            written = pot.read()
        found = messages()
        missing = [
            key for key in found
            if ("msgid " + po_quoted(key[1]) + "\n") not in written
            or (key[0] is not None and ("msgctxt " + po_quoted(key[0]) + "\n") not in written)
        ]
        for context, singular, _ in missing:
            print(f"not in {arguments[1]}: {singular!r}" + (f" ({context})" if context else ""))
        if missing:
            print("Run: make pot")
            return 1
        folder = os.path.dirname(os.path.abspath(arguments[1]))
        problems = []
        for name in sorted(os.listdir(folder)):
            if name.endswith(".po"):
                problems += check_catalog(os.path.join(folder, name), found)
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    if len(arguments) == 2 and arguments[0] == "--pseudo":
        with open(arguments[1], "w", encoding="utf-8") as out:
            out.write(pseudo_catalog(messages()))
        return 0
    if len(arguments) != 1:
        print(__doc__.strip())
        return 2
    with open(arguments[0], "w", encoding="utf-8") as out:
        out.write(template(messages()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
