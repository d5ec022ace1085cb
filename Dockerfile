# DeskBench: the API and the /web UI in one image (a Hugging Face Docker Space).
# Tools come from the package registries only, at the versions the bootstrap
# script pins: wasm-bindgen-cli as in Cargo.lock, npm binaryen 132 for wasm-opt.
# The bundle is built by scripts/build-web.sh (the same pipeline as `make web`):
# its `compile` half runs in the Rust stage, its `finish` half in the Node stage.

# 1. Rust: the server in release, the web crate for wasm32, wasm-bindgen.
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
RUN rustup target add wasm32-unknown-unknown
COPY Cargo.lock ./
RUN WBG=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock) \
    && cargo install wasm-bindgen-cli --version "$WBG"
COPY . .
RUN cargo build --release --locked -p server \
    && scripts/build-web.sh compile

# 2. Node: wasm-opt from npm binaryen 132 (Debian's 108 breaks the bundle),
#    index.html, precompressed assets.
FROM node:20-bookworm-slim AS web
WORKDIR /src
RUN apt-get update && apt-get install -y --no-install-recommends brotli && rm -rf /var/lib/apt/lists/*
# Where scripts/bootstrap.sh installs them, so build-web.sh finds them.
COPY package.json package-lock.json .venv/npm/
RUN cd .venv/npm && npm ci --no-audit --no-fund
COPY index.html ./
COPY scripts/build-web.sh scripts/
COPY --from=build /src/dist.staging dist.staging
RUN scripts/build-web.sh finish

# 3. Runtime: the binary and the bundle, as a non-root user.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --create-home deskbench
WORKDIR /app
COPY --from=build /src/target/release/deskbench /usr/local/bin/deskbench
COPY --from=web /src/dist /app/dist
# The probe plans and the oracle script openenv.yaml's `validation:` names.
COPY validation /app/validation
# OpenEnv's container port, the one its validator probes; PORT still sets it.
ENV HOST=0.0.0.0 \
    PORT=8000 \
    WEB_DIST=/app/dist \
    RUST_LOG=info
USER deskbench
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD curl -fsS "http://127.0.0.1:${PORT}/health" || exit 1
CMD ["deskbench", "serve"]
