#!/usr/bin/env python3
"""What the official Cooklang library (cooklang-rs, through PyPI's cooklang-bindings) reads in
a folder's shopping list files: `.shopping-list` as [recipe path or "", name, quantity] rows,
and the names `.shopping-checked` leaves ticked, as one JSON object. Used by SyncEndToEndTests."""
import json
import sys

import cooklang


def rows(items, recipe, out):
    for item in items:
        if isinstance(item, cooklang.RecipeItem):
            rows(item.children, item.path, out)
        else:
            out.append([recipe, item.name, item.quantity_text or ""])


folder = sys.argv[1]
with open(folder + "/.shopping-list", encoding="utf-8") as handle:
    listed = cooklang.parse_shopping_list(handle.read())
try:
    with open(folder + "/.shopping-checked", encoding="utf-8") as handle:
        log = cooklang.parse_checked_log(handle.read())
except FileNotFoundError:
    log = ()
out = []
rows(listed.items, "", out)
print(json.dumps({"items": out, "checked": sorted(n.lower() for n in cooklang.checked_names(log))}))
