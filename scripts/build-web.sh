#!/usr/bin/env bash
# Build the web UI bundle into dist/ (or $WEB_DIST) without trunk: cargo for
# wasm32 with the size profile, wasm-bindgen (the pinned CLI), wasm-opt -Oz
# (npm binaryen 132), index.html from the same root template trunk uses (its
# copy-file links copied in), the JS glue and style sheet minified (npm
# esbuild), and precompressed .gz/.br copies for the server. Prints the size
# the page transfers (brotli, as the server sends it) and fails over the
# budget of DESIGN.md section 7. One bundle per environment (web's cargo
# feature of its id) in $OUT/<env>/: a visit transfers the code of the
# environment it plays, and index.html's loader picks the bundle by the
# address's `env` (the first environment when it names none it knows).
# Usage: scripts/build-web.sh [all|compile|finish]   (after scripts/bootstrap.sh)
#   compile: cargo + wasm-bindgen into $OUT.staging (needs the Rust tools)
#   finish:  esbuild, wasm-opt, index.html, compression, then $OUT.staging -> $OUT (needs node)
# The Dockerfile runs the two halves in different build stages.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${WEB_DIST:-dist}
STAGING="$OUT.staging"
# 512 KB transferred per page, in brotli: index.html, api.json and one
# environment's <env>/web.js and <env>/web_bg.wasm.
BUDGET=524288

export PATH="$PWD/.venv/npm/node_modules/.bin:$PATH"

# The files index.html asks trunk to copy into the bundle, one per line.
copied_files() {
  sed -n 's/.*<link data-trunk rel="copy-file" href="\([^"]*\)".*/\1/p' index.html
}

compile() {
  # Cargo says where it wrote the wasm (CARGO_TARGET_DIR, a workspace
  # target-dir setting or the default): read it from its artifact messages
  # instead of guessing a path, where an old build may linger.
  # The environments, one bundle each: web's `environments` feature lists
  # them (the default one, served when the address names none, first). The
  # list travels in the staging folder for the finish stage.
  local envs
  read -r -a envs <<<"$(sed -n 's/^environments = \[\(.*\)\]/\1/p' web/Cargo.toml | tr -d '",')"
  if [ "${#envs[@]}" -eq 0 ]; then
    echo "build-web: web/Cargo.toml lists no environments feature" >&2
    exit 1
  fi
  rm -rf "$STAGING"
  mkdir -p "$STAGING"
  printf '%s\n' "${envs[@]}" >"$STAGING/environments"
  local env
  for env in "${envs[@]}"; do
    compile_bundle "$env"
  done
  # The copied files travel with the staging folder (the finish stage of
  # the Dockerfile has no sources).
  local file
  while read -r file; do
    cp "$file" "$STAGING/$(basename "$file")"
  done < <(copied_files)
}

# One environment's bundle into $STAGING/$1.
compile_bundle() {
  local env=$1 messages wasm
  messages=$(cargo build -p web --target wasm32-unknown-unknown --profile wasm-release --locked \
    --no-default-features --features "$env" --message-format=json-render-diagnostics)
  wasm=$(grep '"reason":"compiler-artifact"' <<<"$messages" | grep '"name":"web"' |
    grep -o '"filenames":\["[^"]*\.wasm"' | sed 's/.*\["//; s/"$//' | tail -n 1)
  if [ -z "$wasm" ] || [ ! -f "$wasm" ]; then
    echo "build-web: cargo reported no web.wasm (got: '${wasm}')" >&2
    exit 1
  fi
  # Refuse a wasm older than the code it is built from: a stale artifact
  # would pass every test of the old page. The sources are the ones cargo's
  # dep-info lists for it (a module compiled out of wasm32, such as the MCP
  # tool schemas, rightly leaves the wasm as it is); without that file,
  # every source of the two crates.
  local newer="" depinfo="${wasm%.wasm}.d" source
  if [ -f "$depinfo" ]; then
    for source in $(cut -d: -f2- "$depinfo" | tr ' ' '\n' | grep -E '/(web|env-wasm)/(src|schemas)/'); do
      if [ "$source" -nt "$wasm" ]; then newer=$source; break; fi
    done
  else
    newer=$(find web/src env-wasm/src env-wasm/schemas -type f -newer "$wasm" -print -quit)
  fi
  if [ -n "$newer" ]; then
    echo "build-web: $wasm is older than $newer; refusing to package it" >&2
    exit 1
  fi
  wasm-bindgen --target web --no-typescript --out-dir "$STAGING/$env" --out-name web "$wasm"
  echo "build-web: compiled $wasm ($env)"
}

finish() {
  local envs env bundles="" hash first=""
  mapfile -t envs <"$STAGING/environments"
  rm "$STAGING/environments"
  for env in "${envs[@]}"; do
    finish_bundle "$env"
    # Cache-busting query from the content.
    hash=$(cat "$STAGING/$env/web.js" "$STAGING/$env/web_bg.wasm" | sha256sum | cut -c1-16)
    bundles="$bundles${bundles:+,}\"$env\":\"$hash\""
    first=${first:-$env}
  done
  # The loader: the bundle of the environment the address names (or the
  # first), by relative URLs so any static host works. From file:// the
  # browser would refuse the module (index.html says why instead), so the
  # loader does not ask for it there.
  local loader
  loader="<script type=\"module\">if (location.protocol !== 'file:') { const bundles = {$bundles}; const named = new URLSearchParams(location.search).get('env'); const env = Object.hasOwn(bundles, named) ? named : '$first'; const { default: init } = await import(\`./\${env}/web.js?v=\${bundles[env]}\`); await init({ module_or_path: \`./\${env}/web_bg.wasm?v=\${bundles[env]}\` }); }</script>"
  awk -v loader="$loader" '
    /<link data-trunk rel="rust"/ { print "  " loader; next }
    /<link data-trunk rel="copy-file"/ { next }
    { print }' index.html >"$STAGING/index.html"
  if grep -q 'data-trunk' "$STAGING/index.html"; then
    echo "build-web: index.html has a data-trunk tag this script does not handle" >&2
    exit 1
  fi
  # The inline style sheet, minified as well (its own lines in index.html).
  awk '/<\/style>/ { inside = 0 } inside { print } /<style>/ { inside = 1 }' \
    "$STAGING/index.html" | esbuild --loader=css --minify --log-level=warning >"$STAGING/style.css"
  awk -v css="$STAGING/style.css" '
    /<style>/ { print; while ((getline line < css) > 0) print line; skip = 1; next }
    /<\/style>/ { skip = 0 }
    !skip { print }' "$STAGING/index.html" >"$STAGING/index.min.html"
  mv "$STAGING/index.min.html" "$STAGING/index.html"
  rm "$STAGING/style.css"
  local file
  for file in "$STAGING"/index.html "$STAGING"/api.json "$STAGING"/*/web.js "$STAGING"/*/web_bg.wasm; do
    gzip -k -9 -f "$file"
    if command -v brotli >/dev/null; then brotli -k -f -q 11 "$file"; fi
  done
  rm -rf "$OUT"
  mv "$STAGING" "$OUT"
  if ! command -v brotli >/dev/null; then
    echo "build-web: no brotli here, so the transferred size is not measured (budget $BUDGET B brotli)"
    return
  fi
  local over="" shared sent
  shared=$(($(stat -c %s "$OUT/index.html.br") + $(stat -c %s "$OUT/api.json.br")))
  for env in "${envs[@]}"; do
    sent=$((shared + $(stat -c %s "$OUT/$env/web.js.br") + $(stat -c %s "$OUT/$env/web_bg.wasm.br")))
    echo "build-web: the $env page transfers $sent B (brotli: index.html, api.json, $env/web.js, $env/web_bg.wasm; budget $BUDGET B)"
    if [ "$sent" -gt "$BUDGET" ]; then over="$over $env"; fi
  done
  if [ -n "$over" ]; then
    echo "build-web: over the transfer budget of DESIGN.md section 7:$over" >&2
    exit 1
  fi
}

# One environment's bundle in $STAGING/$1: the glue minified, the wasm optimised.
finish_bundle() {
  local dir="$STAGING/$1"
  # The glue wasm-bindgen writes, minified (npm esbuild): 2 KB of the
  # transfer budget.
  esbuild --minify --format=esm --log-level=warning <"$dir/web.js" >"$dir/web.min.js"
  mv "$dir/web.min.js" "$dir/web.js"
  # -Os rather than -Oz: a few KB more raw, but less once brotli has it
  # (the transfer is what the budget counts). --low-memory-unused: Rust's
  # wasm32 layout keeps data from 1 MB up and the stack below it, so the
  # first KB is never addressed and wasm-opt may fold constant offsets into
  # loads and stores (emscripten's default for the same layout). Measured
  # on the page: 2 KB less brotli than -Oz alone. -ocimfs 0
  # (--one-caller-inline-max-function-size): a function called from one
  # place stays a function of its own rather than growing its caller:
  # more raw bytes, fewer once brotli has them (it finds more alike among
  # small functions than inside large ones); BENCHMARKS.md has the figures.
  wasm-opt -Os --low-memory-unused -ocimfs 0 --converge --strip-producers --strip-target-features \
    "$dir/web_bg.wasm" -o "$dir/web_bg.wasm"
  echo "build-web: $dir: wasm $(stat -c %s "$dir/web_bg.wasm") B, js $(stat -c %s "$dir/web.js") B raw"
}

case "${1:-all}" in
  all) compile && finish ;;
  compile) compile ;;
  finish) finish ;;
  *) echo "usage: $0 [all|compile|finish]" >&2; exit 2 ;;
esac
