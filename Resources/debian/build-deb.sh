#!/usr/bin/env bash
# Builds meals' Debian package from a release binary: build-deb.sh BINARY OUTPUT_FOLDER.
# Prints the package's path on its last line. `make deb` calls it after the release build.
#
# The version is MealsVersion.current (what `meals --version` prints) plus the commit:
# 0.1.0+git812.gfdec090ab12c. Depends is computed by dpkg-shlibdeps from the binary and from a
# stub linked with the libraries meals loads with dlopen (curl, chafa, glib, jpeg, png, webp,
# archive, microhttpd, gnutls, qrencode), using the very functions the shims look up, so their minimum versions
# come from Debian's symbols files.
set -euo pipefail
umask 022

binary=${1:?usage: build-deb.sh BINARY OUTPUT_FOLDER}
output=${2:?usage: build-deb.sh BINARY OUTPUT_FOLDER}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$output"
output=$(cd "$output" && pwd)
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
here="$root/Resources/debian"

# MARK: - Version

upstream=$(sed -n 's/.*static let current = "\([^"]*\)".*/\1/p' "$root/Sources/MealsNet/MealsVersion.swift")
if [ -z "$upstream" ]; then
  echo "build-deb: no version in Sources/MealsNet/MealsVersion.swift" >&2
  exit 1
fi
version=$upstream
if commit=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null); then
  version="$upstream+git$(git -C "$root" rev-list --count HEAD).g$commit"
  if [ -n "$(git -C "$root" status --porcelain --untracked-files=no)" ]; then
    version="$version.modified"
  fi
fi
arch=$(dpkg --print-architecture)

# MARK: - The tree

work="$output/work"
stage="$work/meals"
rm -rf "$work"
mkdir -p "$stage/DEBIAN"
make -s -C "$root" install DESTDIR="$stage" PREFIX=/usr BINARY="$binary" ZSH_COMPLETIONS=/usr/share/zsh/vendor-completions >/dev/null
# Symbols and notes only: Swift's reflection sections are allocated and stay.
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/meals"
gzip -9n "$stage/usr/share/man/man1/meals.1"
install -D -m 644 "$here/copyright" "$stage/usr/share/doc/meals/copyright"
# A native package: its changelog's newest entry carries the package's whole version.
sed "1s/^meals ([^)]*)/meals ($version)/" "$here/changelog" | gzip -9n >"$work/changelog.gz"
install -m 644 "$work/changelog.gz" "$stage/usr/share/doc/meals/changelog.gz"

# MARK: - Depends

# A stub that calls, by name, every function the shims dlsym.
names=$("$here/dlopened.sh" functions)
if [ "$(echo "$names" | wc -l)" -lt 20 ]; then
  echo "build-deb: found only $(echo "$names" | wc -l) dlopened functions in the shims" >&2
  exit 1
fi
{
  for name in $names; do echo "extern char $name;"; done
  echo "void *meals_dlopened[] = {"
  for name in $names; do echo "  &$name,"; done
  echo "};"
  echo "int main(void) { return meals_dlopened[0] == 0; }"
} >"$work/dlopened.c"
TMPDIR="$work" cc -o "$work/dlopened" "$work/dlopened.c" -Wl,--no-as-needed -lcurl -lchafa -lglib-2.0 -ljpeg -lpng16 -lwebp -larchive -lmicrohttpd -lgnutls -lqrencode
# The stub's libraries must be the very sonames the shims dlopen.
wanted=$("$here/dlopened.sh" sonames)
linked=$(readelf -d "$work/dlopened" | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p' | grep -v '^libc\.so' | LC_ALL=C sort -u)
if [ "$wanted" != "$linked" ]; then
  printf 'build-deb: the shims dlopen\n%s\nbut the stub links\n%s\n' "$wanted" "$linked" >&2
  exit 1
fi
mkdir -p "$work/shlibs/debian"
printf 'Source: meals\n\nPackage: meals\nArchitecture: any\n' >"$work/shlibs/debian/control"
# (It warns that the stub is not inside the package; that is the point of the stub.)
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O -e "$stage/usr/bin/meals" -e "$work/dlopened" \
  2>"$work/shlibdeps.log" | sed -n 's/^shlibs:Depends=//p')
if [ -z "$depends" ]; then
  cat "$work/shlibdeps.log" >&2
  echo "build-deb: dpkg-shlibdeps found no dependencies" >&2
  exit 1
fi
# Packed relocations (DT_RELR) need glibc's loader from 2.36 on, which no symbol records.
# (readelf's output is read whole: under pipefail, grep -q stopping early would fail the pipeline.)
readelf -d "$stage/usr/bin/meals" >"$work/dynamic"
if grep -q '(RELR)' "$work/dynamic"; then
  relr=$(sed -n 's/^ GLIBC_ABI_DT_RELR@GLIBC_ABI_DT_RELR \([^ ]*\).*/\1/p' /var/lib/dpkg/info/libc6*.symbols | sed -n 1p)
  have=$(echo "$depends" | sed -n 's/.*libc6 (>= \([^)]*\)).*/\1/p')
  if [ -n "$relr" ] && { [ -z "$have" ] || dpkg --compare-versions "$have" lt "$relr"; }; then
    depends=$(echo "$depends" | sed "s/libc6 ([^)]*)/libc6 (>= $relr)/")
  fi
fi

# MARK: - Control

size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<EOF
Package: meals
Version: $version
Architecture: $arch
Maintainer: meals maintainers <maintainers@users.noreply.a-seed-9623e176.example>
Installed-Size: $size
Depends: $depends
Recommends: git
Section: utils
Priority: optional
Description: full-screen terminal recipe book
 meals keeps your meals (name, instructions, ingredients with quantities,
 favourites, ratings, time, difficulty, servings) in a local SQLite database,
 finds new ones on TheMealDB, imports recipes from web pages, and lets you
 create, edit, browse, plan and cook from the keyboard: Cook Mode with timers,
 scaling, a shopping list, a week plan, pictures in the terminal, a folder of
 Cooklang files kept in step both ways (git or Syncthing carries it to every
 machine), and commands for scripts (list, show, search, export, import, sync).
EOF
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum >DEBIAN/md5sums)
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

package="$output/meals_${version}_${arch}.deb"
rm -f "$output"/meals_*.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >/dev/null
echo "$package"
