#!/usr/bin/env bash
# `make fuzz`: builds each libFuzzer target against the real sources and runs it for
# FUZZ_SECONDS (default 60) seconds. Corpora grow in .build/fuzz/corpus; a crashing input is
# written to .build/fuzz/artifacts/TARGET/ and the run fails. Turn each one into a regression
# input under Tests/Fuzz/Regressions/TARGET/ (replayed by `make test`).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-decoder sanitizer keys}
out=.build/fuzz
export TMPDIR="$PWD/.build/tmp"
mkdir -p "$out" "$TMPDIR"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6)

echo "Building TextSafety and MealsCore with coverage and AddressSanitizer…"
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name TextSafety \
  -emit-module-path "$out/TextSafety.swiftmodule" -o "$out/libTextSafety.a" Sources/TextSafety/*.swift
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name MealsCore -I "$out" \
  -emit-module-path "$out/MealsCore.swiftmodule" -o "$out/libMealsCore.a" Sources/MealsCore/*.swift

build() {
  local name=$1
  shift
  swiftc "${flags[@]}" -module-name "Fuzz_$name" -I "$out" -L "$out" -lMealsCore -lTextSafety \
    "$@" -o "$out/fuzz-$name"
}
build decoder Tests/Fuzz/DecoderFuzz.swift Tests/Fuzz/FuzzCheck.swift
build sanitizer Tests/Fuzz/SanitizerFuzz.swift Tests/Fuzz/FuzzCheck.swift
build keys Tests/Fuzz/KeyDecoderFuzz.swift Sources/TerminalUI/Key.swift Sources/TerminalUI/KeyDecoder.swift

status=0
for target in $targets; do
  corpus="$out/corpus/$target"
  artifacts="$out/artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  seeds=()
  case $target in
    decoder) seeds=(Resources/fixtures) ;;
    sanitizer | keys) seeds=(Tests/Fuzz/Seeds/keys) ;;
  esac
  [ -d "Tests/Fuzz/Regressions/$target" ] && seeds+=("Tests/Fuzz/Regressions/$target")
  echo "Fuzzing $target for ${seconds}s…"
  if ! "$out/fuzz-$target" "$corpus" "${seeds[@]}" -max_total_time="$seconds" \
    -max_len=65536 -artifact_prefix="$artifacts/" -print_final_stats=1 \
    >"$out/$target.log" 2>&1; then
    echo "  $target FOUND A CRASH: see $out/$target.log and $artifacts/"
    status=1
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$target.log" | grep -o '[0-9]*$' || true)
  cov=$(grep -oE '(DONE|#[0-9]+).*cov: [0-9]+ ft: [0-9]+' "$out/$target.log" | tail -1 |
    grep -oE 'cov: [0-9]+ ft: [0-9]+' || true)
  corpus_size=$(ls "$corpus" | wc -l)
  echo "  $target: ${runs:-?} executions, ${cov:-cov ?}, corpus $corpus_size inputs"
done
exit $status
