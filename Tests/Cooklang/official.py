#!/usr/bin/env python3
"""What the official Cooklang parser (cooklang-rs, through PyPI's cooklang-bindings) reads in
each .cook file given: its ingredients (name with its note, quantity as written), cookware, steps, section names, timers, the method as meals shows it,
title and servings, as one JSON object keyed by file. Used by CooklangOfficialParserTests."""
import json
import sys

import cooklang
from cooklang import contrib


def quantity(value):
    return value.text if value is not None else ""


def named(item):
    """The name as meals shows it: a note in brackets after it (`onion (diced)`). (The
    bindings keep no note for cookware.)"""
    note = getattr(item, "note", None)
    return item.name + (f" ({note})" if note else "")


def method(recipe):
    """The method as meals shows its instructions: a line per step, a section's title as a line
    (but for meals' own `= Ingredients…` and `= Method`), a note as `> text`; the list of
    ingredients in meals' `= Ingredients…` sections left out only where the official tooling
    calls it a declaration, not a step."""
    lines = []
    for section in recipe.sections:
        name = section.name or ""
        listing = name == "Ingredients" or name.startswith("Ingredients: ")
        if name and name != "Method" and not listing:
            lines.append(name)
        for block in section.blocks:
            note = type(block).__name__ == "Note"
            # A list of ingredients with no prose is no step, as the bindings' own
            # `contrib.is_declaration_only` presents it.
            if listing and not note and contrib.is_declaration_only(block):
                continue
            lines.append(("> " if note else "") + block.text)
    return lines


out = {}
for path in sys.argv[1:]:
    with open(path, encoding="utf-8-sig") as handle:
        text = handle.read()
    try:
        recipe = cooklang.parse(text)
    except Exception as error:  # the parser refuses the file: said, not a crash
        out[path] = {"error": str(error)}
        continue
    out[path] = {
        "ingredients": [[named(i), quantity(i.quantity)] for i in recipe.ingredients],
        "cookware": [[named(c), quantity(c.quantity)] for c in recipe.cookware],
        "units": [(i.quantity.unit or "") if i.quantity else "" for i in recipe.ingredients],
        "steps": [s.text for s in recipe.steps],
        "sections": [s.name for s in recipe.sections if s.name],
        "timers": [quantity(t.quantity) for t in recipe.timers],
        "method": method(recipe),
        "title": (recipe.metadata or {}).get("title"),
        "servings": recipe.servings if isinstance(recipe.servings, (int, float)) else None,
    }
print(json.dumps(out))
