#!/usr/bin/env bash
# Build the web UI bundle into dist/ (or $WEB_DIST) without trunk: cargo for
# wasm32 with the size profile, wasm-bindgen (the pinned CLI), wasm-opt -Oz
# (npm binaryen 132), index.html from the same root template trunk uses, and
# precompressed .gz/.br copies for the server. Prints the bundle sizes.
# Usage: scripts/build-web.sh [all|compile|finish]   (after scripts/bootstrap.sh)
#   compile: cargo + wasm-bindgen into $OUT.staging (needs the Rust tools)
#   finish:  wasm-opt, index.html, compression, then $OUT.staging -> $OUT (needs node)
# The Dockerfile runs the two halves in different build stages.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${WEB_DIST:-dist}
STAGING="$OUT.staging"
export PATH="$PWD/node_modules/.bin:$PATH"

compile() {
  cargo build -p web --target wasm32-unknown-unknown --profile wasm-release --locked --quiet
  rm -rf "$STAGING"
  mkdir -p "$STAGING"
  wasm-bindgen --target web --no-typescript --out-dir "$STAGING" --out-name web \
    target/wasm32-unknown-unknown/wasm-release/web.wasm
}

finish() {
  wasm-opt -Oz "$STAGING/web_bg.wasm" -o "$STAGING/web_bg.wasm"
  # Cache-busting query from the content; relative URLs so any static host works.
  local hash loader
  hash=$(cat "$STAGING/web.js" "$STAGING/web_bg.wasm" | sha256sum | cut -c1-16)
  loader="<script type=\"module\">import init from './web.js?v=$hash'; await init({ module_or_path: './web_bg.wasm?v=$hash' });</script>"
  awk -v loader="$loader" '/<link data-trunk rel="rust"/ { print "  " loader; next } { print }' index.html >"$STAGING/index.html"
  if grep -q 'data-trunk' "$STAGING/index.html"; then
    echo "build-web: index.html has a data-trunk tag this script does not handle" >&2
    exit 1
  fi
  for file in "$STAGING"/web.js "$STAGING"/web_bg.wasm "$STAGING"/index.html; do
    gzip -k -9 -f "$file"
    if command -v brotli >/dev/null; then brotli -k -f -q 11 "$file"; fi
  done
  rm -rf "$OUT"
  mv "$STAGING" "$OUT"
  local raw gz
  raw=$(($(stat -c %s "$OUT/web_bg.wasm") + $(stat -c %s "$OUT/web.js")))
  gz=$(($(stat -c %s "$OUT/web_bg.wasm.gz") + $(stat -c %s "$OUT/web.js.gz")))
  echo "build-web: $OUT/ wasm $(stat -c %s "$OUT/web_bg.wasm") B, js $(stat -c %s "$OUT/web.js") B; wasm+js $raw B raw, $gz B gzipped (budget 409600)"
}

case "${1:-all}" in
  all) compile && finish ;;
  compile) compile ;;
  finish) finish ;;
  *) echo "usage: $0 [all|compile|finish]" >&2; exit 2 ;;
esac
