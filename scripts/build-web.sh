#!/usr/bin/env bash
# Build the web UI bundle into dist/ (or $WEB_DIST) without trunk: cargo for
# wasm32 with the size profile, wasm-bindgen (the pinned CLI), wasm-opt -Oz
# (npm binaryen 132), index.html from the same root template trunk uses, and
# precompressed .gz/.br copies for the server. Prints the bundle sizes.
# Usage: scripts/build-web.sh   (after scripts/bootstrap.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${WEB_DIST:-dist}
export PATH="$PWD/node_modules/.bin:$PATH"

cargo build -p web --target wasm32-unknown-unknown --profile wasm-release --locked --quiet
staging="$OUT.staging"
rm -rf "$staging"
mkdir -p "$staging"
wasm-bindgen --target web --no-typescript --out-dir "$staging" --out-name web \
  target/wasm32-unknown-unknown/wasm-release/web.wasm
wasm-opt -Oz "$staging/web_bg.wasm" -o "$staging/web_bg.wasm"

# Cache-busting query from the content; relative URLs so any static host works.
hash=$(cat "$staging/web.js" "$staging/web_bg.wasm" | sha256sum | cut -c1-16)
loader="<script type=\"module\">import init from './web.js?v=$hash'; await init({ module_or_path: './web_bg.wasm?v=$hash' });</script>"
awk -v loader="$loader" '/<link data-trunk rel="rust"/ { print "  " loader; next } { print }' index.html >"$staging/index.html"
if grep -q 'data-trunk' "$staging/index.html"; then
  echo "build-web: index.html has a data-trunk tag this script does not handle" >&2
  exit 1
fi

for file in "$staging"/web.js "$staging"/web_bg.wasm "$staging"/index.html; do
  gzip -k -9 -f "$file"
  if command -v brotli >/dev/null; then brotli -k -f -q 11 "$file"; fi
done
rm -rf "$OUT"
mv "$staging" "$OUT"

size() { stat -c %s "$1"; }
raw=$(( $(size "$OUT/web_bg.wasm") + $(size "$OUT/web.js") ))
gz=$(( $(size "$OUT/web_bg.wasm.gz") + $(size "$OUT/web.js.gz") ))
echo "build-web: $OUT/ wasm $(size "$OUT/web_bg.wasm") B, js $(size "$OUT/web.js") B; wasm+js $raw B raw, $gz B gzipped (budget 409600)"
