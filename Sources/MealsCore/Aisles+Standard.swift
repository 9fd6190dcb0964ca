extension Aisles {
  /// The aisles a shopping list follows before the user has an `aisle.conf`.
  ///
  /// The foods people buy most, in the order most shops are walked, named in the languages the
  /// page reader knows best (English, German, French, Spanish, Italian, Dutch). The first `a`
  /// writes it out with the user's change, as their own file.
  public static let standardText = """
    // meals' own aisles: edit them, or press a on the Shopping List to move a food.
    // CookCLI's format: [aisle], then a food a line, its other names after |.
    [Fruit and vegetables]
    onion|onions|red onion|shallot|Zwiebel|oignon|cebolla|cipolla|ui
    garlic|Knoblauch|ail|ajo|aglio|knoflook
    potato|potatoes|Kartoffel|pomme de terre|patata|aardappel
    carrot|carrots|Karotte|Möhre|carotte|zanahoria|carota|wortel
    tomato|tomatoes|cherry tomatoes|Tomate|tomate|pomodoro
    bell pepper|red pepper|green pepper|yellow pepper|Paprikaschote|poivron|pimiento|peperone
    lemon|lemons|Zitrone|citron|limón|limone|citroen
    lime|limes|Limette|citron vert|lima
    ginger|Ingwer|gingembre|jengibre|zenzero|gember
    spinach|Spinat|épinards|espinacas|spinaci|spinazie
    mushrooms|mushroom|Pilze|champignons|champiñones|funghi
    courgette|zucchini|Zucchini|calabacín|zucchina
    cucumber|Gurke|concombre|pepino|cetriolo|komkommer
    lettuce|salad|Salat|laitue|lechuga|lattuga|sla
    celery|Sellerie|céleri|apio|sedano|selderij
    leek|leeks|Lauch|poireau|puerro|porro|prei
    apple|apples|Apfel|pomme|manzana|mela|appel
    banana|bananas|Banane|banane|plátano|banaan
    parsley|Petersilie|persil|perejil|prezzemolo|peterselie
    coriander|cilantro|Koriander|coriandre|coriandolo|koriander
    basil|Basilikum|basilic|albahaca|basilico|basilicum
    avocado|avocados|Avocado|avocat|aguacate
    [Bakery]
    bread|Brot|pain|pan|pane|brood
    tortillas|tortilla|wraps
    [Meat and fish]
    chicken|chicken breast|chicken thighs|Hähnchen|poulet|pollo|kip
    beef|minced beef|ground beef|Rindfleisch|bœuf|carne de res|manzo|rundvlees
    pork|Schweinefleisch|porc|cerdo|maiale|varkensvlees
    bacon|Speck|lardons|panceta|pancetta|spek
    sausages|sausage|Würstchen|saucisses|salchichas|salsicce|worstjes
    salmon|Lachs|saumon|salmón|salmone|zalm
    prawns|shrimp|Garnelen|crevettes|gambas|gamberi|garnalen
    [Dairy and eggs]
    eggs|egg|Eier|Ei|œufs|huevos|uova|eieren
    milk|Milch|lait|leche|latte|melk
    butter|Butter|beurre|mantequilla|burro|boter
    cream|double cream|heavy cream|Sahne|crème|nata|panna|room
    yogurt|yoghurt|Joghurt|yaourt|yogur|yogurt greco|Greek yogurt
    cheese|Käse|fromage|queso|formaggio|kaas
    parmesan|Parmesan|parmigiano
    mozzarella|Mozzarella
    feta|Feta
    [Baking]
    flour|plain flour|all-purpose flour|self-raising flour|Mehl|farine|harina|farina|bloem
    sugar|caster sugar|brown sugar|Zucker|sucre|azúcar|zucchero|suiker
    baking powder|Backpulver|levure chimique|levadura química|lievito|bakpoeder
    yeast|dried yeast|Hefe|levure|levadura|gist
    vanilla extract|vanilla|Vanille|vanille|vainilla|vaniglia
    chocolate|dark chocolate|Schokolade|chocolat|cioccolato
    [Pasta, rice and grains]
    pasta|spaghetti|penne|Nudeln|pâtes|pastas
    rice|basmati rice|Reis|riz|arroz|riso|rijst
    noodles|rice noodles|egg noodles
    oats|rolled oats|Haferflocken|flocons d'avoine|avena|fiocchi d'avena
    couscous|Couscous
    [Tins and jars]
    chopped tomatoes|tinned tomatoes|canned tomatoes|passata|Tomatenmark|tomato paste|tomato purée
    chickpeas|Kichererbsen|pois chiches|garbanzos|ceci|kikkererwten
    coconut milk|Kokosmilch|lait de coco|leche de coco|latte di cocco
    stock|chicken stock|vegetable stock|beef stock|Brühe|bouillon|caldo|brodo
    lentils|Linsen|lentilles|lentejas|lenticchie|linzen
    kidney beans|beans|Bohnen|haricots|alubias|fagioli|bonen
    honey|Honig|miel|miele|honing
    [Spices and seasonings]
    salt|sea salt|Salz|sel|sal|sale|zout
    black pepper|pepper|ground black pepper|Pfeffer|poivre|pimienta|pepe|peper
    salt and pepper
    cumin|ground cumin|Kreuzkümmel|cumin en poudre|comino|cumino|komijn
    paprika|smoked paprika|Paprikapulver|pimentón
    chilli flakes|chili flakes|red pepper flakes|Chiliflocken
    cinnamon|ground cinnamon|Zimt|cannelle|canela|cannella|kaneel
    oregano|Oregano|origan|orégano|origano
    thyme|Thymian|thym|tomillo|timo|tijm
    bay leaves|bay leaf|Lorbeerblätter|laurier|laurel|alloro
    mixed herbs|dried herbs|italian seasoning|herbes de Provence|Kräuter der Provence
    [Oils and sauces]
    olive oil|extra virgin olive oil|Olivenöl|huile d'olive|aceite de oliva|olio d'oliva|olijfolie
    vegetable oil|sunflower oil|oil|Öl|huile|aceite|olio|olie
    soy sauce|Sojasauce|sauce soja|salsa de soja|salsa di soia|sojasaus
    vinegar|red wine vinegar|balsamic vinegar|Essig|vinaigre|vinagre|aceto|azijn
    mustard|Dijon mustard|Senf|moutarde|mostaza|senape|mosterd
    mayonnaise|Mayonnaise|mayonesa|maionese
    fish sauce
    [Frozen]
    frozen peas|peas|Erbsen|petits pois|guisantes|piselli|erwten
    ice cream|Eis|glace|helado|gelato|ijs
    [Drinks]
    white wine|Weißwein|vin blanc|vino blanco|vino bianco|witte wijn
    red wine|Rotwein|vin rouge|vino tinto|vino rosso|rode wijn
    """

  /// `standardText` read.
  public static let standard = Aisles(parsing: standardText)
}
