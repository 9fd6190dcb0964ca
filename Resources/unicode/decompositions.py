#!/usr/bin/env python3
"""Writes Sources/MealsCore/Text/CanonicalDecompositions.swift: every scalar's full canonical
decomposition (NFD) from Python's Unicode data, Hangul syllables left to their algorithm.

meals folds accents (TextFolding) without Foundation, whose whole library costs ~1.2 ms at
every start; the Swift standard library has NFC but no NFD. Run from the repository's top:
    python3 Resources/unicode/decompositions.py
"""
import unicodedata

entries = []
for code in range(0x110000):
    if 0xD800 <= code < 0xE000 or 0xAC00 <= code <= 0xD7A3:
        continue
    decomposed = unicodedata.normalize("NFD", chr(code))
    if decomposed != chr(code):
        entries.append("%X=%s" % (code, ".".join("%X" % ord(c) for c in decomposed)))

lines, line = [], ""
for entry in entries:
    if len(line) + len(entry) + 1 > 90:
        lines.append(line)
        line = ""
    line += entry + ";"
lines.append(line)

with open("Sources/MealsCore/Text/CanonicalDecompositions.swift", "w") as out:
    out.write("// Written by Resources/unicode/decompositions.py from Unicode %s; do not edit.\n\n"
              % unicodedata.unidata_version)
    out.write("extension TextFolding {\n")
    out.write("  /// `scalar=its decomposition;` in hex, scalars apart by `.` (Hangul syllables excepted).\n")
    out.write("  static let decompositionTable = \"\"\"\n")
    for number, l in enumerate(lines):
        out.write("    " + l + ("\\\n" if number < len(lines) - 1 else "\n"))
    out.write("    \"\"\"\n}\n")
