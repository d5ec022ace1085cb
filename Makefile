# DeskBench: `make run` serves the API (and /web) on port 7860; `make test`
# runs the whole suite. Both bootstrap a fresh machine first.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
CARGO ?= cargo
HOST ?= 127.0.0.1
PORT ?= 7860

.PHONY: bootstrap build run test lint fmt-check clippy unit conformance fmt

bootstrap:
	@scripts/bootstrap.sh

build: bootstrap
	$(CARGO) build --release --locked -p server

run: build
	HOST=$(HOST) PORT=$(PORT) target/release/deskbench serve

fmt:
	$(CARGO) fmt --all

fmt-check:
	$(CARGO) fmt --all --check

clippy:
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings
	$(CARGO) clippy -p env-wasm --target wasm32-unknown-unknown --locked -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc -p env-wasm --no-deps --locked --quiet

lint: fmt-check clippy

unit:
	$(CARGO) test --workspace --locked

conformance:
	scripts/conformance.sh

test: bootstrap lint unit conformance
