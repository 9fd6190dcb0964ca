#!/usr/bin/env python3
"""Writes the recipe-manager exports `meals import` is tested on, into the folder given.

Every export is of our own making, written from the formats' public descriptions, with the
quirks real exports have: UTF-8 and CP1252, CRLF, HTML inside text fields, times as PT1H30M and
as "1 hr 30 mins", ingredient groups, missing fields, photos inline and beside the recipes.
Also the bad inputs: a zip bomb, members climbing out of the archive, a truncated archive, bad
gzip, broken JSON, a CSV with the wrong columns, an empty export.

`make_exports.py DIR` writes the fixtures; `make_exports.py DIR --paprika N` writes only a
Paprika export of N recipes with photos (the benchmark's)."""
import base64
import csv
import gzip
import io
import json
import os
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
PICTURES = os.path.join(HERE, "..", "..", "Resources", "fixtures", "pictures")


def picture(name):
    with open(os.path.join(PICTURES, name), "rb") as f:
        return f.read()


JPEG, PNG, WEBP = picture("meal.jpg"), picture("meal.png"), picture("meal.webp")


def write_zip(path, members, compression=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", compression) as z:
        for name, data in members:
            z.writestr(name, data)


def zip_bytes(members):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members:
            z.writestr(name, data)
    return out.getvalue()


def gz(obj):
    return gzip.compress(json.dumps(obj, ensure_ascii=False).encode("utf-8"), mtime=0)


# MARK: - Paprika


def paprika_recipes():
    return [
        {
            "uid": "5F0D1C2B-AAAA-4B4B-9C9C-000000000001",
            "name": "Crème brûlée",
            "ingredients": "FOR THE CUSTARD:\r\n500 ml double cream\r\n5 egg yolks\r\n"
            "100 g caster sugar\r\n\r\nTo finish:\r\n2 tbsp demerara sugar",
            "directions": "Heat the oven to 150°C.\r\n\r\nWarm the <b>cream</b> &amp; whisk "
            "with the yolks and sugar.\r\nBake in a bain-marie for 40 minutes.",
            "servings": "4 servings",
            "prep_time": "20 mins",
            "cook_time": "1 hr 10 mins",
            "total_time": "1 hr 30 mins",
            "source": "Grandmother's notebook",
            "source_url": "",
            "notes": "Chill overnight.\nCaramelise just before serving.",
            "categories": ["Desserts", "French"],
            "rating": 5,
            "difficulty": "Medium",
            "on_favorites": True,
            "photo_data": base64.b64encode(JPEG).decode(),
            "photo": "1.jpg",
            "image_url": "https://example.org/creme.jpg",
        },
        {
            "uid": "5F0D1C2B-AAAA-4B4B-9C9C-000000000002",
            "name": "Dal 🍲",
            "ingredients": "1 cup red lentils\n1 onion, chopped\n2 tsp garam masala",
            "directions": "1. Rinse the lentils.\n2. Simmer with the onion for 25 minutes.",
            "servings": "",
            "prep_time": "",
            "cook_time": "PT25M",
            "total_time": "",
            "source": "https://example.org/dal",
            "source_url": "https://example.org/dal",
            "notes": "",
            "categories": [],
            "rating": 0,
            "difficulty": "",
            "photos": [{"name": "a", "filename": "a.png", "data": base64.b64encode(PNG).decode()}],
        },
        {
            "uid": "5F0D1C2B-AAAA-4B4B-9C9C-000000000003",
            "name": "Aunt May's pie",
            "ingredients": "",
            "directions": "",
        },
    ]


def write_paprika(folder):
    recipes = paprika_recipes()
    write_zip(
        os.path.join(folder, "My Recipes.paprikarecipes"),
        [(f"{r['name']}.paprikarecipe", gz(r)) for r in recipes],
        zipfile.ZIP_STORED,
    )
    with open(os.path.join(folder, "Dal.paprikarecipe"), "wb") as f:
        f.write(gz(recipes[1]))


def write_paprika_bench(folder, count):
    """A Paprika export of `count` recipes, each with a photo of ~150 KB (random bytes after a
    JPEG's start: imported as a photo, not decoded)."""
    path = os.path.join(folder, f"bench-{count}.paprikarecipes")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        for number in range(count):
            photo = JPEG[:20] + os.urandom(150_000)
            recipe = {
                "uid": f"BENCH-{number:06d}",
                "name": f"Bench recipe {number}",
                "ingredients": "\n".join(f"{i + 1} cup ingredient {i}" for i in range(10)),
                "directions": "\n\n".join(f"Step {i}: stir for {i + 1} minutes." for i in range(8)),
                "servings": "4",
                "total_time": "45 mins",
                "categories": ["Bench"],
                "photo_data": base64.b64encode(photo).decode(),
            }
            z.writestr(f"Bench recipe {number}.paprikarecipe", gz(recipe))
    print(path)


# MARK: - Mela


def write_mela(folder):
    recipes = [
        {
            "id": "mela-0001",
            "title": "Shakshuka",
            "text": "A breakfast from North Africa.",
            "ingredients": "# Sauce\n2 tbsp olive oil\n1 onion\n400 g tinned tomatoes\n"
            "# To finish\n4 eggs\nA handful of parsley",
            "instructions": "# Sauce\nSoften the onion in the oil.\nAdd the tomatoes.\n"
            "# Eggs\nMake four wells and crack in the eggs.",
            "yield": "Serves 2-4",
            "prepTime": "10 min",
            "cookTime": "PT20M",
            "totalTime": "PT30M",
            "categories": ["Breakfast", "Vegetarian"],
            "images": [base64.b64encode(PNG).decode()],
            "link": "https://example.org/shakshuka",
            "notes": "Feta on top is good.",
            "favorite": True,
        },
        {
            "id": "mela-0002",
            "title": "Toast",
            "ingredients": "1 slice bread",
            "instructions": "Toast it.",
            "yield": "",
            "images": [],
            "link": "",
        },
    ]
    write_zip(
        os.path.join(folder, "Recipes.melarecipes"),
        [(f"{r['id']}.melarecipe", json.dumps(r)) for r in recipes],
    )
    with open(os.path.join(folder, "Toast.melarecipe"), "w") as f:
        json.dump(recipes[1], f)


# MARK: - Nextcloud Cookbook


def nextcloud_members():
    recipe = {
        "@context": "http://schema.org",
        "@type": "Recipe",
        "id": "2077",
        "name": "Soupe à l'oignon",
        "description": "Slow onions, good stock.",
        "recipeCategory": "Soups",
        "keywords": "french,winter",
        "recipeYield": 6,
        "prepTime": "PT15M",
        "cookTime": "PT1H",
        "totalTime": "PT1H15M",
        "recipeIngredient": ["1 kg onions", "50 g butter", "1.5 l beef stock", "6 slices baguette"],
        "recipeInstructions": ["Slice the onions.", "Cook them in the butter for 45 minutes.",
                               "Add the stock and simmer."],
        "url": "https://example.org/soupe",
        "image": "https://cloud.example.org/index.php/apps/cookbook/recipes/2077/image",
    }
    # Imported into Nextcloud from a page whose picture it never fetched: `image` is the
    # picture's address on the web, and no full.jpg lies beside it.
    salad = {
        "@context": "http://schema.org", "@type": "Recipe", "id": "2078",
        "name": "Fattoush", "description": "", "recipeYield": 2,
        "recipeIngredient": ["2 pitta breads", "1 cucumber"],
        "recipeInstructions": ["Toast the bread.", "Toss everything."],
        "url": "https://example.org/fattoush",
        "image": "https://images.example.org/fattoush.jpg",
        "imageUrl": "/index.php/apps/cookbook/webapp/recipes/2078/image?size=full",
    }
    return [
        ("Soupe à l'oignon/recipe.json", json.dumps(recipe, ensure_ascii=False)),
        ("Soupe à l'oignon/full.jpg", JPEG),
        ("Soupe à l'oignon/thumb.jpg", JPEG),
        ("Fattoush/recipe.json", json.dumps(salad)),
    ]


def write_nextcloud(folder):
    members = nextcloud_members()
    write_zip(os.path.join(folder, "nextcloud-cookbook.zip"), members)
    root = os.path.join(folder, "Nextcloud Recipes")
    for name, data in members:
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)


# MARK: - Mealie


def write_mealie(folder):
    old = {
        "name": "Pancakes",
        "slug": "pancakes",
        "description": "Sunday pancakes.",
        "recipeYield": "8 pancakes",
        "recipeIngredient": [
            {"title": "Batter", "note": "plain", "unit": "g", "food": "flour", "quantity": 200,
             "disableAmount": False},
            {"title": "", "note": "", "unit": None, "food": "eggs", "quantity": 2,
             "disableAmount": False},
            "300 ml milk",
        ],
        "recipeInstructions": [{"title": "Batter", "text": "Whisk everything together."},
                               {"text": "Fry in a hot pan."}],
        "tags": [{"name": "Breakfast"}],
        "tools": [{"name": "pan", "slug": "pan"}, {"name": "Blender", "slug": "blender"}],
        "recipeCategory": [{"name": "Breakfast"}],
        "rating": 4,
        "orgURL": "https://example.org/pancakes",
        "totalTime": "30 minutes",
        "notes": [{"title": "Tip", "text": "Rest the batter."}],
    }
    write_zip(
        os.path.join(folder, "mealie-v0.zip"),
        [("recipes/pancakes/pancakes.json", json.dumps(old)),
         ("recipes/pancakes/images/original.webp", WEBP),
         ("recipes/pancakes/images/min-original.webp", WEBP)],
    )
    # Mealie 0.5's backup, as it wrote it: a dated folder, keys in snake case, each line
    # whole in its note with amounts off (its quantity a meaningless 1), titles empty or null,
    # three sizes of the picture; zipped on a Mac, so with __MACOSX's binary `._` twins of
    # every file (named .json too) and .DS_Store files.
    stew = {
        "id": 3, "name": "Beef & Guinness stew", "slug": "beef-guinness-stew",
        "image": "beef-guinness-stew", "description": "A winter stew.",
        "recipe_category": ["Dinner"], "tags": ["Winter", ""], "rating": None,
        "date_added": "2021-10-26", "date_updated": "2021-10-26 09:58:49.351189",
        "recipe_yield": "4 serving(s)",
        "recipe_ingredient": [
            {"title": None, "note": "1/4 cup plain flour", "unit": None, "food": None,
             "disable_amount": True, "quantity": 1},
            {"title": "", "note": "1 kg stewing beef, cut into cubes", "unit": None,
             "food": None, "disable_amount": True, "quantity": 1},
            {"title": "For the pot", "note": "440 ml Guinness", "unit": None, "food": None,
             "disable_amount": True, "quantity": 1},
            {"title": None, "note": " 2 bay leaves", "unit": None, "food": None,
             "disable_amount": True, "quantity": 1},
        ],
        "recipe_instructions": [
            {"title": "Browning", "text": "Toss the beef in the flour and brown it in batches. "},
            {"title": "", "text": "Add the Guinness and the bay leaves; simmer for 2 hours."},
        ],
        "nutrition": {"calories": "", "fat_content": "12"},
        "tools": [], "total_time": "2 Hours 30 Minutes", "prep_time": None,
        "perform_time": None, "settings": {"public": True}, "assets": [], "notes": [],
        "org_url": "https://example.org/stew", "extras": {}, "comments": [],
    }
    top = "mealie_2021-Dec-08/recipes/beef-guinness-stew/"
    apple_double = b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        \x00\x02" + bytes(40)
    write_zip(
        os.path.join(folder, "mealie-v05.zip"),
        [("mealie_2021-Dec-08/.DS_Store", bytes(64)),
         (top + "beef-guinness-stew.json", json.dumps(stew, indent=4)),
         ("__MACOSX/" + top + "._beef-guinness-stew.json", apple_double),
         (top + "images/original.webp", WEBP),
         (top + "images/min-original.webp", WEBP),
         (top + "images/tiny-original.webp", WEBP),
         ("__MACOSX/" + top + "images/._original.webp", apple_double)],
    )
    rid = "8a3c4e2f-1b2c-4d5e-8f90-123456789abc"
    database = {
        "alembic_version": [{"version_num": "abc"}],
        "recipes": [{"id": rid, "slug": "risotto", "name": "Risotto", "description": "Stir.",
                     "recipe_yield": "4 servings", "total_time": "PT45M", "prep_time": None,
                     "perform_time": "40 minutes", "org_url": "https://example.org/risotto",
                     "rating": 5}],
        "recipes_ingredients": [
            {"recipe_id": rid, "position": 1, "title": None, "note": "", "quantity": 0.5,
             "unit_id": "u1", "food_id": "f2", "original_text": None},
            {"recipe_id": rid, "position": 0, "title": "Base", "note": "carnaroli", "quantity": 320,
             "unit_id": "u2", "food_id": "f1", "original_text": None},
        ],
        "recipe_instructions": [
            {"recipe_id": rid, "position": 1, "title": None, "text": "Add stock a ladle at a time."},
            {"recipe_id": rid, "position": 0, "title": "Start", "text": "Toast the rice in a heavy pan."},
        ],
        "ingredient_foods": [{"id": "f1", "name": "rice"}, {"id": "f2", "name": "white wine"}],
        "ingredient_units": [{"id": "u1", "name": "cup"}, {"id": "u2", "name": "g"}],
        "categories": [{"id": "c1", "name": "Dinner"}],
        "recipes_to_categories": [{"recipe_id": rid, "category_id": "c1"}],
        "tags": [], "recipes_to_tags": [],
        "tools": [{"id": "t1", "name": "heavy pan"}, {"id": "t2", "name": "Ladle"}],
        "recipes_to_tools": [{"recipe_id": rid, "tool_id": "t1"}, {"recipe_id": rid, "tool_id": "t2"}],
        "notes": [],
    }
    write_zip(
        os.path.join(folder, "mealie-v1.zip"),
        [("database.json", json.dumps(database)),
         (f"data/recipes/{rid}/images/original.webp", WEBP)],
    )


# MARK: - Tandoor


def write_tandoor(folder):
    recipe = {
        "name": "Focaccia",
        "description": "Airy bread.",
        "keywords": [{"name": "bread"}, {"name": "italian"}],
        "working_time": 30,
        "waiting_time": 120,
        "servings": 8,
        "source_url": "https://example.org/focaccia",
        "steps": [
            {"name": "Dough", "instruction": "Mix and knead.\nLeave to rise.",
             "ingredients": [
                 {"food": {"name": "flour"}, "unit": {"name": "g"}, "amount": 500, "note": "",
                  "is_header": False, "no_amount": False},
                 {"food": {"name": "water"}, "unit": {"name": "ml"}, "amount": 400, "note": "warm",
                  "is_header": False, "no_amount": False},
                 {"food": {"name": "Topping"}, "unit": None, "amount": 0, "is_header": True},
                 {"food": {"name": "salt"}, "unit": None, "amount": 0, "note": "",
                  "is_header": False, "no_amount": True},
             ]},
            {"name": "", "instruction": "Bake at 220°C for 25 minutes.", "ingredients": []},
        ],
    }
    inner = zip_bytes([("recipe.json", json.dumps(recipe)), ("image.jpeg", JPEG)])
    write_zip(os.path.join(folder, "tandoor-export.zip"), [("1.zip", inner)])


# MARK: - Chowdown, Copy Me That, Recipe Keeper


def write_chowdown(folder):
    page = (
        "---\r\nlayout: recipe\r\ntitle: \"Guacamole\"\r\nimage: guacamole.jpg\r\n"
        "tags: mexican, dip\r\n\r\ningredients:\r\n- 3 avocados\r\n- 1 lime\r\n- salt\r\n"
        "- 1 bunch of coriander\r\n\r\n"
        "directions:\r\n- Mash the avocados.\r\n- Add lime and salt.\r\n---\r\n\r\n"
        "Best eaten at once.\r\n"
    )
    write_zip(
        os.path.join(folder, "chowdown.zip"),
        [("chowdown-master/_recipes/guacamole.md", page),
         ("chowdown-master/images/guacamole.jpg", JPEG),
         ("chowdown-master/README.md", "# Chowdown\n")],
    )


def write_copymethat(folder):
    # As Copy Me That writes it: <head> before <html>, its class/id version in a meta tag, a
    # style block naming every class, spaces around `=`, attributes quoted either way, tags
    # after a "Tags:" span, the yield in an <a> inside the servings div, made/starred/rating in
    # extra_info, headings and spacers among the ingredients and steps, numbered <li value>.
    html = """<!DOCTYPE html>
<head>
<meta http-equiv="Content-Type" content="text/html;charset=UTF-8">
<meta name="copymethat_class_id_version" content="2">
</head>
<html>
<style type="text/css">
.recipe{ margin-top:20px; }
#name{ font-weight:bold; }
.recipeIngredient_subheader, .instruction_subheader{ font-weight:bold; }
.recipeIngredient_spacer{ height:10px; }
</style>
<body>

<div class = "recipe">
<div id = "name">
    Lemon &amp; herb chicken
</div>
<div id = "link">
    Adapted from <a id = "original_link" href = "https://example.org/chicken">https://example.org/chicken</a>
</div>
<img class= "recipeImage" src = "images/lemon_herb_chicken_x7k2p.jpg" width="120px"/>
<div id = "categories">
<span>Tags: </span>
    <span class = "recipeCategory">Dinner</span><span> </span>
    <span class = "recipeCategory">roast</span><span> </span>
</div>
<div id = "extra_info">
    <span id="made_this"> I made this. </span>
    <span id="starred">Is starred. </span>
    <span id="rating">Rated <span id = "ratingValue">4</span>/5</span>
</div>
<div id = "servings">
    Servings: <a id="recipeYield">4</a>
</div>
    <div id= "recipeIngredient_header">
      Ingredients
    </div>
    <ul id = "recipeIngredients">
        <li class= "recipeIngredient">
            1 chicken (about 1.5 kg)
        </li>
        <li class= "recipeIngredient">
            2 lemons
        </li>
        <li class= "recipeIngredient_spacer"></li>
        <li class= "recipeIngredient_subheader">
            For the herb butter
        </li>
        <li class= "recipeIngredient">
            50 g butter, soft
        </li>
        <li class= "recipeIngredient">
            1 small bunch of thyme
        </li>
    </ul>
    <div id= "recipeInstructions_header">
      Steps
    </div>
    <ol id = "recipeInstructions">
        <li class = "instruction" value = "1">
            Rub the chicken with lemon.
        </li>
        <li class = "instruction_subheader">
            Roasting
        </li>
        <li class = "instruction" value = "2">
            Roast for 1 hour at 200&#39;C &amp; rest.
        </li>
    </ol>
    <div id = "recipeNotes_header">
      Notes
    </div>
    <ul id = "recipeNotes">
        <li class = "recipeNote">
            Rest 10 minutes.
        </li>
    </ul>
</div>

<div class = "recipe">
<div id = "name">
    Iced tea
</div>
    <ul id = "recipeIngredients"><li>4 tea bags</li><li>1 l water</li></ul>
    <ol id = "recipeInstructions"><li>Brew and chill.</li></ol>
</div>
</body>
</html>
"""
    write_zip(os.path.join(folder, "copymethat.zip"),
              [("recipes.html", html), ("images/lemon_herb_chicken_x7k2p.jpg", JPEG)])


def write_recipekeeper(folder):
    html = """<html><body>
<div class="recipe-details">
  <h2 itemprop="name">Minestrone</h2>
  <meta content="True" itemprop="recipeIsFavourite">
  <meta content="4" itemprop="recipeRating">
  <span itemprop="recipeCourse">Main Course</span>
  <meta itemprop="recipeCategory" content="Soups">
  <span itemprop="recipeSource">https://example.org/minestrone</span>
  <span itemprop="recipeYield">6</span>
  <meta content="PT20M" itemprop="prepTime"><meta content="PT1H" itemprop="cookTime">
  <div itemprop="recipeIngredients"><p>2 carrots</p><p>1 can beans</p><p>100 g pasta</p></div>
  <div itemprop="recipeDirections"><p>1. Chop the vegetables.</p><p>2. Simmer everything.</p></div>
  <div itemprop="recipeNotes"><p>Better the next day.</p></div>
  <img src="images/minestrone.jpg" itemprop="photo0">
</div>
</body></html>"""
    write_zip(os.path.join(folder, "recipekeeper.zip"),
              [("recipes.html", html), ("images/minestrone.jpg", JPEG)])


# MARK: - CSV, Crouton, Meal-Master


def write_csvs(folder):
    with open(os.path.join(folder, "plantoeat.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\r\n")
        # Plan to Eat's own columns (its host, public address, nutrition, dates; no Notes),
        # a heading among the ingredients written as a line starting ", ", blank lines after.
        w.writerow(["Title", "Course", "Cuisine", "Main Ingredient", "Description", "Source",
                    "Url", "Url Host", "Prep Time", "Cook Time", "Total Time", "Servings",
                    "Yield", "Ingredients", "Directions", "Tags", "Rating", "Public Url",
                    "Photo Url", "Private", "Nutritional Score (generic)", "Calories", "Fat",
                    "Saturated Fat", "Cholesterol", "Sodium", "Sugar", "Carbohydrate", "Fiber",
                    "Protein", "Cost", "Created At", "Updated At"])
        w.writerow(["Chilli, \"the\" best", "Main", "Tex-Mex", "beef", "Smoky.", "Book p. 12",
                    "https://example.org/chilli", "example.org", "15 mins", "2 hours", "", "6",
                    "", "500 g beef mince\n2 tins kidney beans\n, To serve\n1 tsp cumin\n\n",
                    "Brown the beef.\nAdd the rest and simmer.", "spicy, freezer", "4",
                    "https://www.plantoeat.com/recipes/1", "", "false", "", "", "", "", "",
                    "", "", "", "", "", "", "2021-08-05 22:39:51 UTC", "2021-08-05 22:40:12 UTC"])
    with open(os.path.join(folder, "myrecipebox.csv"), "w", newline="") as f:
        w = csv.writer(f)
        # My Recipe Box's own columns, the last one unnamed: a recipe with no source is
        # written one cell along (its page under originalPicture, its picture in the last).
        w.writerow(["title", "description", "preparationTime", "cookingTime", "inactiveTime",
                    "totalTime", "quantity", "ingredients", "instructions", "notes",
                    "nutrition", "favorite", "rating", "categories", "tags", "video", "source",
                    "originalPicture", ""])
        w.writerow(["Banana bread", "", "10", "60", "", "70", "1 loaf (10 slices)",
                    "3 bananas\n250 g flour", "Mash.\nBake 1 hour.", "Freezes well.",
                    "calories : 150 kcal\nprotein : 3 g", "true", "", "Baking;Cake", "sweet",
                    "", "https://example.org/banana", "https://example.org/banana.jpg", ""])
        w.writerow(["Apple salad ", "", "15", "", "", "15", "", "2 apples\n100 g spinach",
                    "Slice.\nToss.", "", "", "false", "", "Sides", "Salad", "", "",
                    "https://example.org/apple-salad/", "https://example.org/apple-salad.jpg"])
    with open(os.path.join(folder, "wrong-columns.csv"), "w") as f:
        f.write("name,price\nbread,2\n")


def write_crouton(folder):
    crumb = {
        "uuid": "C0FFEE00-0000-4000-8000-000000000001",
        "name": "Pad thai",
        "serves": 2,
        "duration": 15,
        "cookingDuration": 10,
        "webLink": "https://example.org/padthai",
        "sourceName": "Street food book",
        "notes": "Tamarind matters.",
        "tags": [{"name": "Thai"}],
        "ingredients": [
            {"order": 1, "ingredient": {"name": "rice noodles", "uuid": "i1"},
             "quantity": {"amount": 200, "quantityType": "GRAMS"}},
            {"order": 0, "ingredient": {"name": "eggs", "uuid": "i2"},
             "quantity": {"amount": 2, "quantityType": "ITEM"}},
            {"order": 2, "ingredient": {"name": "fish sauce", "uuid": "i3"},
             "quantity": {"amount": 1.5, "quantityType": "TABLESPOON"}},
            # A group's title is an entry of its own whose quantity is of type SECTION.
            {"order": 3, "ingredient": {"name": "To serve", "uuid": "i4"},
             "quantity": {"amount": 0, "quantityType": "SECTION"}},
            {"order": 4, "ingredient": {"name": "lime", "uuid": "i5"},
             "quantity": {"amount": 1, "quantityType": "ITEM"}},
        ],
        "steps": [{"order": 0, "step": "Wok", "isSection": True},
                  {"order": 1, "step": "Soak the noodles.", "isSection": False},
                  {"order": 2, "step": "Stir-fry everything.", "isSection": False}],
        "images": [base64.b64encode(JPEG).decode()],
    }
    with open(os.path.join(folder, "Pad thai.crumb"), "w") as f:
        json.dump(crumb, f)


MEALMASTER = """MMMMM----- Recipe via Meal-Master (tm) v8.05

      Title: Apple crumble
 Categories: Desserts, Fruit
      Yield: 6 servings

MMMMM---------------------------FILLING------------------------------
      6    Bramley apples; peeled and
           -sliced
    1/2 c  Sugar
MMMMM---------------------------TOPPING------------------------------
{two_columns}

  Heat the oven to 190°C. Put the apples in a dish with the
  sugar.

  Rub the butter into the flour; stir in the rest and scatter
  over the fruit. Bake for 40 minutes. Crème fraîche on the side.

MMMMM

MMMMM----- Recipe via Meal-Master (tm) v8.05

      Title: Café au lait
 Categories: Drinks
   Servings: 1

      1 c  Coffee
      1 c  Hot milk

  Pour both at once into a bowl.

MMMMM

---------- Recipe via Meal-Master (tm) v8.06

      Title: Squash soup
 Categories: Soup
      Yield: 2 Servings

   1.00    Acorn squash
  -peeled and cubed
   0.50 c  Stock (or water)
      =====for the top=====
   0.33 c  Parmesan
           Salt
-----
"""


def mealmaster_line(left, right):
    """Two ingredients side by side, in Meal-Master's columns: amount (7), unit (2), name (28),
    the second one space after the first's 39 (AnyMeal's grammar of the format)."""
    def column(amount, unit, name):
        return f"{amount:>7} {unit:<2} {name}"
    return f"{column(*left):<39} {column(*right)}"


def write_mealmaster(folder):
    two = "\n".join([
        mealmaster_line(("2", "c", "Flour"), ("1/2", "c", "Butter")),
        mealmaster_line(("1", "ts", "Cinnamon"), ("1/4", "c", "Brown sugar")),
        mealmaster_line(("", "", "-ground"), ("", "", "-packed")),
    ])
    text = MEALMASTER.replace("{two_columns}", two)
    with open(os.path.join(folder, "desserts.mmf"), "wb") as f:
        f.write(text.replace("\n", "\r\n").encode("cp1252"))


# MARK: - Bad input


def write_bad(folder):
    bad = os.path.join(folder, "bad")
    os.makedirs(bad, exist_ok=True)
    # A small member that inflates to 2 GB of zeros (compressed with deflate: ~2 MB).
    with zipfile.ZipFile(os.path.join(bad, "bomb.paprikarecipes"), "w", zipfile.ZIP_DEFLATED) as z:
        with z.open("bomb.paprikarecipe", "w", force_zip64=True) as member:
            block = b"\0" * (1 << 20)
            for _ in range(2048):
                member.write(block)
    # Several members just past the limit for a recipe file (40 MB of zeros each), after a
    # good recipe: the import stops at the third and stores nothing.
    with zipfile.ZipFile(os.path.join(bad, "bombs.zip"), "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("good.paprikarecipe", gz(paprika_recipes()[1]))
        for number in range(3):
            z.writestr(f"bomb-{number}.json", b"\0" * (40 << 20))
    recipes = paprika_recipes()
    write_zip(os.path.join(bad, "climbing.paprikarecipes"),
              [("../../escape.paprikarecipe", gz(recipes[0])), ("/etc/abs.paprikarecipe", gz(recipes[0])),
               ("ok/Dal.paprikarecipe", gz(recipes[1]))])
    whole = io.BytesIO()
    with zipfile.ZipFile(whole, "w", zipfile.ZIP_STORED) as z:
        for r in recipes[:2]:
            z.writestr(f"{r['name']}.paprikarecipe", gz(r))
    data = whole.getvalue()
    with open(os.path.join(bad, "truncated.paprikarecipes"), "wb") as f:
        f.write(data[: len(data) // 2])
    with open(os.path.join(bad, "bad-gzip.paprikarecipe"), "wb") as f:
        f.write(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" + os.urandom(64))
    with open(os.path.join(bad, "broken.melarecipe"), "w") as f:
        f.write('{"title": "Broken", "ingredients": "1 egg", "instructions": ')
    write_zip(os.path.join(bad, "empty.zip"), [])
    write_zip(os.path.join(bad, "nothing-known.zip"), [("readme.txt", "hello")])


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    if len(sys.argv) > 3 and sys.argv[2] == "--paprika":
        write_paprika_bench(folder, int(sys.argv[3]))
        return
    write_paprika(folder)
    write_mela(folder)
    write_nextcloud(folder)
    write_mealie(folder)
    write_tandoor(folder)
    write_chowdown(folder)
    write_copymethat(folder)
    write_recipekeeper(folder)
    write_csvs(folder)
    write_crouton(folder)
    write_mealmaster(folder)
    write_bad(folder)


if __name__ == "__main__":
    main()
