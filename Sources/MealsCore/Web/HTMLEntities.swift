/// HTML's named character references: HTML 4's set, and HTML 5's that recipe pages use.
///
/// The HTML 5 ones: fractions, spaces, punctuation. Names are case-sensitive, as in HTML.
enum HTMLEntities {
  /// `name=hex` pairs, read once into `table`.
  private static let pairs = """
    AElig=c6 AMP=26 Aacute=c1 Acirc=c2 Agrave=c0 Alpha=391 Aring=c5 Atilde=c3 Auml=c4 Beta=392
    COPY=a9 Ccedil=c7 Chi=3a7 Dagger=2021 Delta=394 ETH=d0 Eacute=c9 Ecirc=ca Egrave=c8
    Epsilon=395 Eta=397 Euml=cb GT=3e Gamma=393 Hat=5e Iacute=cd Icirc=ce Igrave=cc Iota=399
    Iuml=cf Kappa=39a LT=3c Lambda=39b Mu=39c NewLine=a NonBreakingSpace=a0 Ntilde=d1 Nu=39d
    OElig=152 Oacute=d3 Ocirc=d4 Ograve=d2 Omega=3a9 Omicron=39f Oslash=d8 Otilde=d5 Ouml=d6
    Phi=3a6 Pi=3a0 Prime=2033 Psi=3a8 QUOT=22 REG=ae Rho=3a1 Scaron=160 Sigma=3a3 THORN=de
    TRADE=2122 Tab=9 Tau=3a4 Theta=398 Uacute=da Ucirc=db Ugrave=d9 Upsilon=3a5 Uuml=dc Xi=39e
    Yacute=dd Yuml=178 ZeroWidthSpace=200b Zeta=396 aacute=e1 acirc=e2 acute=b4 aelig=e6
    agrave=e0 alefsym=2135 alpha=3b1 amp=26 and=2227 ang=2220 apos=27 aring=e5 ast=2a
    asymp=2248 atilde=e3 auml=e4 bdquo=201e beta=3b2 brvbar=a6 bsol=5c bull=2022 bullet=2022
    cap=2229 ccedil=e7 cedil=b8 cent=a2 check=2713 chi=3c7 circ=2c6 clubs=2663 colon=3a
    comma=2c commat=40 cong=2245 copy=a9 crarr=21b5 cross=2717 cup=222a curren=a4 dArr=21d3
    dagger=2020 darr=2193 dash=2010 deg=b0 delta=3b4 diams=2666 divide=f7 dollar=24 eacute=e9
    ecirc=ea egrave=e8 empty=2205 emsp=2003 ensp=2002 epsilon=3b5 equals=3d equiv=2261 eta=3b7
    eth=f0 euml=eb euro=20ac excl=21 exist=2203 fnof=192 forall=2200 frac12=bd frac13=2153
    frac14=bc frac15=2155 frac16=2159 frac18=215b frac23=2154 frac34=be frac38=215c frac58=215d
    frac78=215e frasl=2044 gamma=3b3 ge=2265 grave=60 gt=3e hArr=21d4 hairsp=200a half=bd
    harr=2194 hearts=2665 hellip=2026 hyphen=2010 iacute=ed icirc=ee iexcl=a1 igrave=ec
    image=2111 infin=221e int=222b iota=3b9 iquest=bf isin=2208 iuml=ef kappa=3ba lArr=21d0
    lambda=3bb lang=27e8 laquo=ab larr=2190 lceil=2308 lcub=7b ldquo=201c ldquor=201e le=2264
    lfloor=230a lowast=2217 lowbar=5f loz=25ca lpar=28 lrm=200e lsaquo=2039 lsqb=5b lsquo=2018
    lt=3c macr=af mdash=2014 micro=b5 middot=b7 minus=2212 mu=3bc nabla=2207 nbsp=a0 ndash=2013
    ne=2260 ni=220b not=ac notin=2209 nsub=2284 ntilde=f1 nu=3bd num=23 numsp=2007 oacute=f3
    ocirc=f4 oelig=153 ograve=f2 oline=203e omega=3c9 omicron=3bf oplus=2295 or=2228 ordf=aa
    ordm=ba oslash=f8 otilde=f5 otimes=2297 ouml=f6 para=b6 part=2202 percnt=25 period=2e
    permil=2030 perp=22a5 phi=3c6 pi=3c0 piv=3d6 plus=2b plusmn=b1 pound=a3 prime=2032
    prod=220f prop=221d psi=3c8 puncsp=2008 quest=3f quot=22 rArr=21d2 radic=221a rang=27e9
    raquo=bb rarr=2192 rceil=2309 rcub=7d rdquo=201d real=211c reg=ae rfloor=230b rho=3c1
    rlm=200f rpar=29 rsaquo=203a rsqb=5d rsquo=2019 rsquor=2019 sbquo=201a scaron=161 sdot=22c5
    sect=a7 semi=3b shy=ad sigma=3c3 sigmaf=3c2 sim=223c sol=2f spades=2660 star=2606
    starf=2605 sub=2282 sube=2286 sum=2211 sup=2283 sup1=b9 sup2=b2 sup3=b3 supe=2287 szlig=df
    tau=3c4 there4=2234 theta=3b8 thetasym=3d1 thinsp=2009 thorn=fe tilde=2dc times=d7
    trade=2122 uArr=21d1 uacute=fa uarr=2191 ucirc=fb ugrave=f9 uml=a8 upsih=3d2 upsilon=3c5
    uuml=fc verbar=7c weierp=2118 xi=3be yacute=fd yen=a5 yuml=ff zeta=3b6 zwj=200d zwnj=200c
    """

  static let table: [String: Unicode.Scalar] = {
    var table: [String: Unicode.Scalar] = [:]
    for pair in pairs.split(whereSeparator: \.isWhitespace) {
      let parts = pair.split(separator: "=")
      guard parts.count == 2, let value = UInt32(parts[1], radix: 16),
        let scalar = Unicode.Scalar(value)
      else { continue }
      table[String(parts[0])] = scalar
    }
    return table
  }()

  /// The character a reference names (`amp`, `#39`, `#x2019`), or nil.
  static func scalar(_ name: Substring) -> Unicode.Scalar? {
    if name.hasPrefix("#x") || name.hasPrefix("#X") {
      return UInt32(name.dropFirst(2), radix: 16).flatMap(Self.safe)
    }
    if name.hasPrefix("#") { return UInt32(name.dropFirst()).flatMap(Self.safe) }
    return table[String(name)]
  }

  /// A numeric reference's character; NUL and the C1 range as Windows-1252 means them, as
  /// browsers do (`&#146;` is ’).
  private static func safe(_ value: UInt32) -> Unicode.Scalar? {
    if value == 0 { return Unicode.Scalar(0xFFFD) }
    if (0x80...0x9F).contains(value), let mapped = Windows1252.scalars[Int(value - 0x80)] {
      return mapped
    }
    return Unicode.Scalar(value)
  }
}
