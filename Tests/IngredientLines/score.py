#!/usr/bin/env python3
"""Scores how `meals` splits ingredient lines into quantity and name, through `meals` itself.

score.py MEALS [--misses] [TSV…]

Each TSV (default: dev.tsv, held-out.tsv and unseen.tsv beside this script) holds `line`, `quantity`,
`name`. Its lines become one Markdown recipe, imported with `meals import` into a new book and
read back with `meals show --json`, whose `amount` and `food` are how the book reads each line
(what the shopping list, the pantry and the units go by): a line's amount counts when it is the
quantity labelled (spaces and case aside), its food when it is the name labelled. With ../shared/mealdb present, TheMealDB's own
measure and ingredient pairs are scored the same way (`measure ingredient` as the line).
Prints one JSON object per set: lines, quantity %, name %, both %; `--misses` lists the rest.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def normal(text):
    return " ".join((text or "").split()).casefold()


def split_by_meals(meals, lines):
    """The (quantity, name) `meals` reads each line as, in order."""
    with tempfile.TemporaryDirectory() as folder:
        recipe = os.path.join(folder, "lines.md")
        with open(recipe, "w", encoding="utf-8") as out:
            out.write("# Ingredient lines\n\n## Ingredients\n\n")
            for line in lines:
                out.write("- " + line + "\n")
            out.write("\n## Instructions\n\nMix.\n")
        database = os.path.join(folder, "book.sqlite")
        subprocess.run([meals, "--db", database, "import", recipe], check=True,
                       capture_output=True)
        shown = subprocess.run([meals, "--db", database, "show", "--json", "Ingredient lines"],
                               check=True, capture_output=True, text=True).stdout
    ingredients = json.loads(shown)["ingredients"]
    if len(ingredients) != len(lines):
        raise SystemExit("meals read %d of %d lines" % (len(ingredients), len(lines)))
    # (A `meals` from before readings were shown: what it stored.)
    return [(item.get("amount", item.get("quantity", "")), item.get("food", item.get("name", "")))
            for item in ingredients]


def score(meals, name, rows, misses):
    got = split_by_meals(meals, [row[0] for row in rows])
    quantity = names = both = 0
    wrong = []
    for (line, want_quantity, want_name), (got_quantity, got_name) in zip(rows, got):
        q = normal(got_quantity) == normal(want_quantity)
        n = normal(got_name) == normal(want_name)
        quantity += q
        names += n
        both += q and n
        if not (q and n):
            wrong.append({"line": line, "want": [want_quantity, want_name],
                          "got": [got_quantity, got_name]})
    total = len(rows)
    result = {"set": name, "lines": total,
              "quantity": round(100 * quantity / total, 1),
              "name": round(100 * names / total, 1),
              "both": round(100 * both / total, 1)}
    if name == "TheMealDB pairs":
        # TheMealDB's measure holds preparation too (`2 chopped` + `Red Onions`): also counted
        # is the amount and unit in the amount (a prefix of the measure, never empty when the
        # measure starts with a number) and the food at the end of the food, no number in it.
        amount_ok = food_ok = 0
        for (line, measure, food), (got_amount, got_food) in zip(rows, got):
            a, m = normal(got_amount), normal(measure)
            numbered = m[:1].isdigit() or m[:1] in "½¼¾⅓⅔⅛"
            amount_ok += (m == a or m.startswith(a + " ")) and (bool(a) or not numbered)
            f = normal(got_food)
            food_ok += f.endswith(normal(food)) and not any(c.isdigit() for c in f[:2])
        result["amount in the amount"] = round(100 * amount_ok / total, 1)
        result["food in the food"] = round(100 * food_ok / total, 1)
    if misses:
        result["misses"] = wrong
    print(json.dumps(result, ensure_ascii=False, indent=1 if misses else None))


def read_tsv(path):
    rows = []
    with open(path, encoding="utf-8") as source:
        for number, line in enumerate(source, 1):
            line = line.rstrip("\n")
            if not line:
                continue
            parts = line.split("\t")
            if len(parts) != 3:
                raise SystemExit("%s:%d: three tab-separated fields, not %d" %
                                 (path, number, len(parts)))
            rows.append(parts)
    return rows


def mealdb_pairs():
    """TheMealDB's (measure, ingredient) pairs from ../shared/mealdb, when it is there."""
    folder = os.path.join(HERE, "..", "..", "..", "shared", "mealdb")
    rows, seen = [], set()
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        try:
            data = json.load(open(path, encoding="utf-8"))
        except (OSError, ValueError):
            continue
        stack = [data]
        while stack:
            item = stack.pop()
            if isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, dict):
                if "strIngredient1" in item:
                    for index in range(1, 21):
                        food = (item.get("strIngredient%d" % index) or "").strip()
                        measure = (item.get("strMeasure%d" % index) or "").strip()
                        if food and measure and (measure, food) not in seen:
                            seen.add((measure, food))
                            rows.append([measure + " " + food, measure, food])
                else:
                    stack.extend(item.values())
    return rows


def main():
    arguments = sys.argv[1:]
    if not arguments:
        raise SystemExit(__doc__)
    meals = arguments.pop(0)
    misses = "--misses" in arguments
    arguments = [a for a in arguments if a != "--misses"]
    paths = arguments or [os.path.join(HERE, name) for name in
                          ("dev.tsv", "held-out.tsv", "unseen.tsv")]
    for path in paths:
        score(meals, os.path.basename(path), read_tsv(path), misses)
    if not arguments:
        pairs = mealdb_pairs()
        if pairs:
            score(meals, "TheMealDB pairs", pairs, misses)
        else:
            print(json.dumps({"set": "TheMealDB pairs", "skipped": "../shared/mealdb is not here"}))


if __name__ == "__main__":
    main()
