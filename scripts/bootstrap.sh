#!/usr/bin/env bash
# Install what DeskBench needs and the machine lacks; fast when all is there.
# Idempotent and non-interactive: `make run` and `make test` call it first.
# Only the package registries are reachable (crates.io, PyPI, npm, Debian).
set -euo pipefail
cd "$(dirname "$0")/.."

OPENENV_CORE_VERSION="0.3.0"
VENV=".venv/openenv"

say() { printf 'bootstrap: %s\n' "$*"; }

# `--long-runs`: also the tools of `make bench` and `make soak` (section 6).
LONG_RUNS=0
[ "${1:-}" = "--long-runs" ] && LONG_RUNS=1

# 0. The toolchain `rust-toolchain.toml` pins. The machines carry it; where
#    only the default toolchain is there and it is that same release, it is
#    named so (nothing else can be fetched).
PINNED_TOOLCHAIN="$(sed -n 's/^channel = "\(.*\)"$/\1/p' rust-toolchain.toml)"
if ! rustup toolchain list | grep -q "^$PINNED_TOOLCHAIN"; then
  default_sysroot="$(RUSTUP_TOOLCHAIN=stable rustc --print sysroot)"
  if RUSTUP_TOOLCHAIN=stable rustc --version | grep -q "^rustc $PINNED_TOOLCHAIN "; then
    say "naming the default toolchain $PINNED_TOOLCHAIN (rust-toolchain.toml)"
    rustup toolchain link "$PINNED_TOOLCHAIN" "$default_sysroot"
  else
    say "rust-toolchain.toml pins $PINNED_TOOLCHAIN, which this machine does not have"
    exit 1
  fi
fi

# 1. The wasm32 target, for the core's wasm check and the browser bundle.
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "wasm32-unknown-unknown target present"
else
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# 2. Everything installed here lives under .venv/ (one folder per venv,
#    .venv/npm for the npm tools): `openenv validate` hashes the package tree
#    but .venv, refusing any symbolic link (a venv's lib64, npm's .bin), so a
#    built checkout validates like a clean one. The folders of earlier
#    bootstraps at the root are removed (all rebuilt under .venv/).
for legacy in .venv-openenv .venv-openenv010 .venv-verifiers .venv-datasets .venv-long node_modules; do
  if [ -e "$legacy" ]; then
    say "removing $legacy (now under .venv/)"
    rm -rf "$legacy"
  fi
done
mkdir -p .venv

#    Python venvs, each checked by the version of its one pinned package:
#    the real openenv-core client (scripts/conformance.sh) with the official
#    MCP SDK beside it (both take mcp 2.3), and for server/tests/clients.rs
#    openenv 0.10.0 (its MCPToolClient; mcp 1.x) and verifiers 0.4.0 with its
#    OpenEnv extra (an older openenv and mcp 2.0): their `mcp` pins conflict.
has_version() { # python distribution version
  "$1" -c "import importlib.metadata as m, sys; sys.exit(m.version('$2') != '$3')" 2>/dev/null
}
client_venv() { # dir distribution version requirement...
  local dir=$1 dist=$2 version=$3
  shift 3
  if [ -x "$dir/bin/python" ] && has_version "$dir/bin/python" "$dist" "$version"; then
    say "$dist $version present in $dir"
  else
    say "creating $dir with $*"
    python3 -m venv "$dir"
    "$dir/bin/pip" install --quiet --disable-pip-version-check "$@"
  fi
}
MCP_VERSION="2.3.0"
client_venv "$VENV" openenv-core "$OPENENV_CORE_VERSION" "openenv-core==$OPENENV_CORE_VERSION" "mcp==$MCP_VERSION"
if ! has_version "$VENV/bin/python" mcp "$MCP_VERSION"; then
  say "installing mcp $MCP_VERSION into $VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "mcp==$MCP_VERSION"
fi
client_venv .venv/openenv010 openenv 0.10.0 "openenv==0.10.0"
client_venv .venv/verifiers verifiers 0.4.0 "verifiers[openenv]==0.4.0"
#    Hugging Face `datasets` loads both runners' trajectories files in
#    server/tests/inference.rs; a venv of its own (about 400 MB, most of it
#    pyarrow and pandas; 25 s to create), as none of the others pins it.
client_venv .venv/datasets datasets 5.2.0 "datasets==5.2.0"
#    The Kubernetes manifests (deploy/kubernetes, `make k8s-validate`): the
#    Kubernetes schemas' validator and the checkov security linter, each in a
#    venv of its own (checkov pins much of the ecosystem).
client_venv .venv/kubernetes-validate kubernetes-validate 1.37.0 "kubernetes-validate==1.37.0"
client_venv .venv/checkov checkov 3.3.30 "checkov==3.3.30"

# 2b. The `deskbench` Python package (python/): its test venv (.venv/python: openenv-core,
#     transformers without torch, datamodel-code-generator, pytest; about 650 MB) and, with
#     --trainers, `make trainers`' venv (.venv/trainers: torch, TRL, falsepass; about 6 GB,
#     15 minutes). Each is rebuilt when its requirements file or python/pyproject.toml
#     changes (a stamp of both in the venv); the package is installed editable.
package_venv() { # dir requirements-file
  local dir=$1 requirements=$2 want
  want=$(cat "$requirements" python/pyproject.toml | sha256sum | cut -d' ' -f1)
  if [ -x "$dir/bin/python" ] && [ "$(cat "$dir/.requirements.sha256" 2>/dev/null)" = "$want" ]; then
    say "$dir up to date with $requirements"
    return
  fi
  say "installing $requirements and python/ into $dir"
  [ -x "$dir/bin/python" ] || python3 -m venv "$dir"
  "$dir/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  "$dir/bin/pip" install --quiet --disable-pip-version-check --no-deps -e python
  echo "$want" >"$dir/.requirements.sha256"
}
package_venv .venv/python python/requirements-test.txt
[ "${1:-}" = "--trainers" ] && package_venv .venv/trainers python/requirements-trainers.txt

# 3. Browser tests and the web bundle: Debian's chromium and its matching
#    chromedriver, brotli to precompress assets; haproxy for the cluster test.
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
command -v brotli >/dev/null || missing+=(brotli)
#    HAProxy runs the cluster test (scripts/cluster-test.sh) with the shipped
#    session-affine configuration (deploy/kubernetes/base/haproxy/haproxy.cfg).
command -v haproxy >/dev/null || missing+=(haproxy)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  say "chromium, chromedriver and brotli present"
fi

# 4. wasm-bindgen CLI at exactly the version in Cargo.lock (the crate is
#    pinned with `=`); no --locked: its published lockfile names a crate
#    version the registry mirror lacks.
WBG=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" = "$WBG" ]; then
  say "wasm-bindgen-cli $WBG present"
else
  say "installing wasm-bindgen-cli $WBG (about 5 minutes)"
  cargo install --quiet wasm-bindgen-cli --version "$WBG"
fi

# 5. wasm-opt from npm binaryen 132 (Debian's 108 breaks the bundle),
#    esbuild (minifies the JS glue) and axe-core (the browser test's
#    accessibility check), all pinned in package-lock.json and installed in
#    .venv/npm from a copy of package.json and the lock file
#    (scripts/build-web.sh puts .venv/npm/node_modules/.bin on its PATH;
#    server/tests/e2e_browser.rs reads axe-core/axe.min.js there).
NPM_DIR=.venv/npm
if cmp -s package-lock.json "$NPM_DIR/package-lock.json" &&
  [ -x "$NPM_DIR/node_modules/.bin/wasm-opt" ] &&
  "$NPM_DIR/node_modules/.bin/wasm-opt" --version | grep -q 'version 132' &&
  [ -x "$NPM_DIR/node_modules/.bin/esbuild" ] &&
  [ -f "$NPM_DIR/node_modules/axe-core/axe.min.js" ]; then
  say "wasm-opt (binaryen 132), esbuild and axe-core present in $NPM_DIR"
else
  say "installing binaryen 132, esbuild and axe-core from npm into $NPM_DIR"
  mkdir -p "$NPM_DIR"
  cp package.json package-lock.json "$NPM_DIR/"
  (cd "$NPM_DIR" && npm ci --no-audit --no-fund --silent)
fi

# 6. schemathesis (`make test`'s API contract run, scripts/schemathesis.sh)
#    in a venv of its own so its pins never touch openenv-core's.
SCHEMATHESIS_VERSION="4.32.5"
ST_VENV=".venv/schemathesis"
if [ -x "$ST_VENV/bin/schemathesis" ] \
  && "$ST_VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('schemathesis') != '$SCHEMATHESIS_VERSION')" 2>/dev/null; then
  say "schemathesis $SCHEMATHESIS_VERSION present in $ST_VENV"
else
  say "creating $ST_VENV with schemathesis $SCHEMATHESIS_VERSION"
  rm -rf "$ST_VENV"
  python3 -m venv "$ST_VENV"
  "$ST_VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

# 7. Only for `make bench` and `make soak`: wrk (HTTP load) from Debian and
#    GNU time (CPU and peak memory of scripts/bench-inference.sh's runs).
if [ "$LONG_RUNS" = 1 ]; then
  if command -v wrk >/dev/null && command -v taskset >/dev/null && [ -x /usr/bin/time ]; then
    say "wrk, taskset and time present"
  else
    say "installing wrk, util-linux (taskset) and time from Debian"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends wrk util-linux time >/dev/null
  fi
fi
