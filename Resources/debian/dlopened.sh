#!/usr/bin/env bash
# What meals loads with dlopen, read from the C shims (the one place that knows):
#   dlopened.sh sonames    → libcurl.so.4, libchafa.so.0, … (one per line, sorted)
#   dlopened.sh functions  → every function the shims look up with dlsym
set -euo pipefail
shims="$(cd "$(dirname "$0")/../.." && pwd)/Sources"
case "${1:-}" in
  sonames)
    grep -ho 'dlopen("[^"]*"' "$shims/CPicture/libraries.c" "$shims/CPicture/picture.c" \
      "$shims/CCurl/CCurl.c" "$shims/CArchive/CArchive.c" "$shims/CHTTPServer/CHTTPServer.c" \
      "$shims/CHTTPServer/Certificates.c" "$shims/CQRCode/CQRCode.c" |
      sed 's/dlopen("\(.*\)"/\1/' | LC_ALL=C sort -u ;;
  functions)
    { grep -o '^ *X([a-z]*, [A-Za-z0-9_]*)' "$shims/CPicture/libraries.h" | sed 's/.*, \(.*\))/\1/'
      grep -o 'FIND[_A-Z]*([a-z_0-9]*, "[A-Za-z0-9_]*")' "$shims/CCurl/CCurl.c" "$shims/CArchive/CArchive.c" \
        "$shims/CHTTPServer/CHTTPServer.c" "$shims/CHTTPServer/Certificates.c" \
        "$shims/CQRCode/CQRCode.c" |
        sed 's/.*"\(.*\)")/\1/'
      grep -o 'dlsym(library, "[A-Za-z0-9_]*")' "$shims/CPicture/picture.c" | sed 's/.*"\(.*\)")/\1/'
    } | LC_ALL=C sort -u ;;
  *) echo "usage: dlopened.sh sonames|functions" >&2; exit 2 ;;
esac
