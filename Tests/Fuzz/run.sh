#!/usr/bin/env bash
# `make fuzz`: builds each libFuzzer target against the real sources and runs it for
# FUZZ_SECONDS (default 60) seconds. Corpora grow in .build/fuzz/corpus; a crashing input is
# written to .build/fuzz/artifacts/TARGET/ and the run fails. Turn each one into a regression
# input under Tests/Fuzz/Regressions/TARGET/ (every later run starts from it) and a unit test.
# FUZZ_JOBS (default 1) targets run at a time.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-decoder sanitizer keys html page schemaorg cooklang markdown syncfiles quantity config paprika mela mealmaster csv archive serve}
jobs=${FUZZ_JOBS:-1}
out=.build/fuzz
export TMPDIR="$PWD/.build/tmp"
mkdir -p "$out" "$TMPDIR"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6)

echo "Building TextSafety, MealsCore and Files with coverage and AddressSanitizer…"
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name TextSafety \
  -emit-module-path "$out/TextSafety.swiftmodule" -o "$out/libTextSafety.a" Sources/TextSafety/*.swift
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name MealsCore -I "$out" \
  -emit-module-path "$out/MealsCore.swiftmodule" -o "$out/libMealsCore.a" \
  $(find Sources/MealsCore -name '*.swift' | sort)
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name Files -I "$out" \
  -emit-module-path "$out/Files.swiftmodule" -o "$out/libFiles.a" Sources/Files/*.swift

build() {
  local name=$1
  shift
  swiftc "${flags[@]}" -module-name "Fuzz_$name" -I "$out" -L "$out" -lMealsCore -lTextSafety \
    "$@" -o "$out/fuzz-$name"
}
build decoder Tests/Fuzz/DecoderFuzz.swift Tests/Fuzz/FuzzCheck.swift
build sanitizer Tests/Fuzz/SanitizerFuzz.swift Tests/Fuzz/FuzzCheck.swift
build keys Tests/Fuzz/KeyDecoderFuzz.swift Sources/TerminalUI/Key.swift Sources/TerminalUI/KeyDecoder.swift
build html Tests/Fuzz/HTMLFuzz.swift Tests/Fuzz/FuzzCheck.swift
build page Tests/Fuzz/PageFuzz.swift Tests/Fuzz/FuzzCheck.swift
build formats Tests/Fuzz/FormatsFuzz.swift Tests/Fuzz/FuzzCheck.swift
build quantity Tests/Fuzz/QuantityFuzz.swift Tests/Fuzz/FuzzCheck.swift
build config Tests/Fuzz/ConfigFuzz.swift
build serve Tests/Fuzz/ServeFuzz.swift
# The export readers; with libarchive (its C shim, with AddressSanitizer) for the archive walker.
clang -fsanitize=address,fuzzer-no-link -g -O1 -c -I Sources/CArchive/include \
  Sources/CArchive/CArchive.c -o "$out/CArchive.o"
mkdir -p "$out/CArchive"
printf 'module CArchive {\n  header "%s/Sources/CArchive/include/CArchive.h"\n  export *\n}\n' \
  "$PWD" >"$out/CArchive/module.modulemap"
# Seeds for the export readers: the exports the tests import (Tests/Exports/make_exports.py).
rm -rf "$out/exports" "$out/seeds"
python3 Tests/Exports/make_exports.py "$out/exports"
mkdir -p "$out/seeds/paprika" "$out/seeds/mela" "$out/seeds/mealmaster" "$out/seeds/csv" "$out/seeds/archive"
python3 - "$out" <<'PY'
import glob, gzip, os, shutil, sys, zipfile
out = sys.argv[1]
exports = os.path.join(out, "exports")
with zipfile.ZipFile(os.path.join(exports, "My Recipes.paprikarecipes")) as z:
    for number, name in enumerate(z.namelist()):
        with open(os.path.join(out, "seeds/paprika", f"{number}.json"), "wb") as f:
            f.write(gzip.decompress(z.read(name)))
with zipfile.ZipFile(os.path.join(exports, "Recipes.melarecipes")) as z:
    for number, name in enumerate(z.namelist()):
        with open(os.path.join(out, "seeds/mela", f"{number}.json"), "wb") as f:
            f.write(z.read(name))
shutil.copy(os.path.join(exports, "desserts.mmf"), os.path.join(out, "seeds/mealmaster"))
for name in glob.glob(os.path.join(exports, "*.csv")):
    shutil.copy(name, os.path.join(out, "seeds/csv"))
for name in glob.glob(os.path.join(exports, "*.zip")) + glob.glob(os.path.join(exports, "bad", "*")):
    if os.path.getsize(name) < 65536:
        shutil.copy(name, os.path.join(out, "seeds/archive"))
PY
build exports Tests/Fuzz/ExportsFuzz.swift Tests/Fuzz/FuzzCheck.swift \
  Sources/MealsImport/ArchiveReader.swift Sources/MealsImport/ExportSource.swift \
  -lFiles -lMealsCore -lTextSafety -I "$out/CArchive" "$out/CArchive.o" -ldl

# One target's run; its summary line is printed when it ends.
fuzz() {
  local target=$1 binary=$1 format=""
  case $target in
    schemaorg | cooklang | markdown | syncfiles) binary=formats format=$target ;;
    paprika | mela | mealmaster | csv | archive) binary=exports format=$target ;;
  esac
  local corpus="$out/corpus/$target" artifacts="$out/artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  local seeds=()
  case $target in
    decoder) seeds=(Resources/fixtures) ;;
    sanitizer | keys) seeds=(Tests/Fuzz/Seeds/keys) ;;
    html | page) seeds=(Resources/fixtures/pages Resources/fixtures/recipes) ;;
    schemaorg | cooklang | markdown) seeds=(Resources/fixtures/recipes) ;;
    syncfiles) seeds=(Tests/Fuzz/Seeds/syncfiles) ;;
    quantity) seeds=(Tests/Fuzz/Seeds/quantities) ;;
    paprika | mela | mealmaster | csv | archive) seeds=("$out/seeds/$target") ;;
    config) seeds=(Tests/Fuzz/Seeds/config) ;;
    serve) seeds=(Tests/Fuzz/Seeds/serve) ;;
  esac
  [ -d "Tests/Fuzz/Regressions/$target" ] && seeds+=("Tests/Fuzz/Regressions/$target")
  local result=0
  if ! FUZZ_FORMAT=$format "$out/fuzz-$binary" "$corpus" "${seeds[@]}" \
    -max_total_time="$seconds" -max_len=65536 -artifact_prefix="$artifacts/" \
    -print_final_stats=1 >"$out/$target.log" 2>&1; then
    echo "  $target FOUND A CRASH: see $out/$target.log and $artifacts/"
    result=1
  fi
  local runs cov
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$target.log" | grep -o '[0-9]*$' || true)
  cov=$(grep -oE '(DONE|#[0-9]+).*cov: [0-9]+ ft: [0-9]+' "$out/$target.log" | tail -1 |
    grep -oE 'cov: [0-9]+ ft: [0-9]+' || true)
  echo "  $target: ${runs:-?} executions in ${seconds}s, ${cov:-cov ?}, corpus $(ls "$corpus" | wc -l) inputs"
  return $result
}

status=0
running=0
for target in $targets; do
  echo "Fuzzing $target for ${seconds}s…"
  fuzz "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
done
while [ "$running" -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
exit $status
