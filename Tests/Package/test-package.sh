#!/usr/bin/env bash
# Checks the Debian package that `make deb` built: test-package.sh FOLDER (the one holding
# meals_*.deb). Its files, its libraries (Debian's only, nothing of the Swift toolchain, every one
# named in Depends), `meals --version` and `meals list` from the unpacked tree with an empty
# environment, that apt would install it here, and lintian. Exits 1 at the first failure.
set -euo pipefail
export LC_ALL=C

folder=${1:?usage: test-package.sh FOLDER}
here=$(cd "$(dirname "$0")" && pwd)
shopt -s nullglob
packages=("$folder"/meals_*.deb)
if [ ${#packages[@]} -ne 1 ]; then
  echo "FAIL: expected one meals_*.deb in $folder, found ${#packages[@]}"
  exit 1
fi
package=$(cd "$(dirname "${packages[0]}")" && pwd)/$(basename "${packages[0]}")
work=$(mktemp -d "${TMPDIR:-/tmp}/meals-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
pass() { echo "ok: $*"; }

field() { dpkg-deb --field "$package" "$1"; }
version=$(field Version)
depends=$(field Depends)
echo "package: $(basename "$package"), $(du -k "$package" | cut -f1) KB"
echo "Depends: $depends"

# MARK: - Files

dpkg-deb --contents "$package" | awk '$1 !~ /^d/ { print $6 }' | sed 's|^\./||' | sort >"$work/files"
if diff -u "$here/files.txt" "$work/files"; then
  pass "the file list is the expected one ($(wc -l <"$work/files") files)"
else
  fail "the file list differs from Tests/Package/files.txt (above)"
fi
dpkg-deb --contents "$package" | awk '{ print $2 }' | sort -u >"$work/owners"
if [ "$(cat "$work/owners")" = "root/root" ]; then pass "every file is root's"; else fail "owners: $(tr '\n' ' ' <"$work/owners")"; fi

root="$work/root"
dpkg-deb --extract "$package" "$root"
meals="$root/usr/bin/meals"
for gz in usr/share/man/man1/meals.1.gz usr/share/doc/meals/changelog.gz; do
  if gzip -t "$root/$gz"; then pass "$gz is whole"; else fail "$gz is not a gzip file"; fi
done
# (Outputs are read whole before a test: under pipefail, a reader that stops early, grep -q or
# head, kills the writer with SIGPIPE, and the pipeline fails only when the output is long.)
zcat "$root/usr/share/man/man1/meals.1.gz" >"$work/meals.1"
zcat "$root/usr/share/doc/meals/changelog.gz" >"$work/changelog"
if grep -q '^\.TH MEALS 1' "$work/meals.1"; then
  pass "the man page is meals(1)"
else
  fail "the man page has no .TH MEALS 1"
fi
newest=$(sed -n 1p "$work/changelog")
if [[ $newest == "meals ($version)"* ]]; then
  pass "the changelog's newest entry is $version"
else
  fail "the changelog starts $newest"
fi

# MARK: - Libraries

ldd "$meals" >"$work/ldd" || true
if grep -q 'not found' "$work/ldd"; then fail "missing libraries: $(grep 'not found' "$work/ldd")"; fi
if grep -Eiq 'swift|Foundation|dispatch|BlocksRuntime|/opt/|icu' "$work/ldd"; then
  fail "needs the toolchain: $(grep -Ei 'swift|Foundation|dispatch|BlocksRuntime|/opt/|icu' "$work/ldd")"
else
  pass "needs nothing of the toolchain ($(grep -c '=>' "$work/ldd") libraries, all Debian's)"
fi
readelf -d "$meals" >"$work/dynamic"
if grep -Eq 'RPATH|RUNPATH' "$work/dynamic"; then fail "the binary has a run path"; else pass "no run path"; fi
# Every library it loads, linked or dlopened, belongs to a package Depends names.
linked=$(awk '/=>/ { print $3 }' "$work/ldd")
opened=""
ldconfig -p >"$work/ldconfig"
for soname in $("$here/../../Resources/debian/dlopened.sh" sonames); do
  path=$(awk -v s="$soname" '$1 == s && /x86-64|x32|aarch64|64bit/ && !found { print $NF; found = 1 }' "$work/ldconfig")
  if [ -n "$path" ]; then opened="$opened $path"; else fail "$soname (dlopened) is not installed"; fi
done
named=$(echo "$depends" | tr ',|' '\n\n' | sed 's/(.*//; s/ //g' | grep -v '^$')
unnamed=0
for library in $linked $opened; do
  # Debian registers /lib paths; with merged /usr, ldd may print either.
  owner=""
  for path in "$library" "$(readlink -f "$library")" "${library#/usr}" "/usr$library"; do
    owner=$(dpkg -S "$path" 2>/dev/null | sed -n '1s/:.*//p') && [ -n "$owner" ] && break
  done
  if [ -z "$owner" ]; then
    fail "$library belongs to no Debian package"
    unnamed=$((unnamed + 1))
  elif ! grep -qxF "$owner" <<<"$named"; then
    fail "$library comes from $owner, which Depends does not name"
    unnamed=$((unnamed + 1))
  fi
done
if [ $unnamed -eq 0 ]; then
  pass "Depends names the package of every library it loads ($(echo $linked $opened | wc -w), $(echo $opened | wc -w) of them by dlopen)"
fi
# glibc: the newest symbol version the binary asks for (and 2.36 for packed relocations).
needed=$(readelf -V "$meals" | grep -o 'GLIBC_2\.[0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -1)
if grep -q '(RELR)' "$work/dynamic"; then needed=$(printf '%s\n2.36\n' "$needed" | sort -V | tail -1); fi
libc=$(echo "$depends" | sed -n 's/.*libc6 (>= \([^)]*\)).*/\1/p')
if [ -n "$libc" ] && dpkg --compare-versions "$libc" ge "$needed"; then
  pass "Depends asks for libc6 >= $libc; the binary needs glibc $needed"
else
  fail "the binary needs glibc $needed, Depends says libc6 ${libc:-(no version)}"
fi

# MARK: - Running it

upstream=${version%%+*}
printed=$(cd "$work" && env -i "$meals" --version 2>&1) || fail "meals --version exited $?"
if [ "$printed" = "meals $upstream" ]; then pass "env -i meals --version: $printed"; else fail "meals --version printed: $printed"; fi
# The package's own catalogs, found beside the program (usr/share/locale), with no locale
# installed for the language.
said=$(cd "$work" && env -i LANG=de_DE.UTF-8 "$meals" --help 2>&1 | sed -n 1p)
if [ "$said" = "Aufruf:" ]; then
  pass "env -i LANG=de_DE.UTF-8 meals --help: German, from usr/share/locale/de"
else
  fail "LANG=de_DE.UTF-8 meals --help began: $said"
fi
# No HOME: the account's home folder stands in; with no database there yet the book is empty
# (nothing printed, exit 0).
listed=$(cd "$work" && env -i "$meals" list 2>&1) && status=0 || status=$?
if [ $status -eq 0 ]; then
  pass "env -i meals list: exit 0 (${#listed} bytes printed)"
else
  fail "env -i meals list exited $status: $listed"
fi
# A fresh home: the first import makes the data folder and the database; list shows the meal.
mkdir -p "$work/home"
cat >"$work/meal.json" <<'EOF'
{"format": "meals", "version": 1, "meals": [{"name": "Packaged Porridge",
  "instructions": "Stir the oats into the milk.",
  "ingredients": [{"name": "Oats", "quantity": "80 g"}, {"name": "Milk", "quantity": "300 ml"}]}]}
EOF
database="$work/home/.local/share/meals/meals.sqlite"
env -i HOME="$work/home" "$meals" import "$work/meal.json" >"$work/import.out" 2>&1 ||
  fail "meals import into a fresh home: $(cat "$work/import.out")"
if [ -f "$database" ]; then pass "meals import made ~/.local/share/meals/meals.sqlite"; else fail "no database in ~/.local/share/meals"; fi
listed=$(cd "$work" && env -i "$meals" --db "$database" list 2>&1) || fail "env -i meals --db … list: $listed"
if grep -q "Packaged Porridge" <<<"$listed"; then
  pass "env -i meals --db … list: $(sed -n 1p <<<"$listed")"
else
  fail "env -i meals --db … list printed: $listed"
fi

# MARK: - Installing it

if apt-get install --simulate --no-install-recommends "$package" >"$work/apt" 2>&1; then
  pass "apt-get install --simulate accepts it"
else
  fail "apt-get would not install it: $(tail -5 "$work/apt")"
fi

# MARK: - lintian

# Errors and warnings fail; info tags are printed (the README's Package section says why).
lintian --fail-on error,warning --info "$package" >"$work/lintian" 2>&1 && status=0 || status=$?
grep -v 'root privileges' "$work/lintian" || true
if [ $status -eq 0 ]; then pass "lintian: no errors, no warnings"; else fail "lintian exited $status (above)"; fi

if [ $failures -ne 0 ]; then
  echo "$failures check(s) failed."
  exit 1
fi
echo "The package passed every check."
