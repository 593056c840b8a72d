# Thin wrappers around the go commands; .ci/run is the source of truth for CI.

SHELL := /bin/bash
FUZZTIME ?= 10s
TESTDATA ?= ../shared/testdata
SHARDS ?= internal/openingbook/shards/book-8-*.shard

.PHONY: all generate check-generate fmt vet lint test race fuzz bench build ci book verify

all: build

generate:
	go generate ./...

check-generate: generate
	@git diff --exit-code --stat && test -z "$$(git status --porcelain --untracked-files=all)" || \
		{ git status --short; echo "generated files are stale or stray: run go generate ./... and commit"; exit 1; }

fmt:
	gofmt -w .

vet:
	go vet ./...

lint:
	go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

test:
	go test ./...

race:
	go test -race -short ./...

# Runs every Fuzz target for FUZZTIME, one at a time (go test -fuzz takes one
# target per run): make fuzz FUZZTIME=1m
fuzz:
	@set -e; for pkg in $$(go list ./...); do \
		list=$$(go test -list '^Fuzz' "$$pkg"); \
		for target in $$(grep '^Fuzz' <<<"$$list" || true); do \
			echo "==> $$pkg $$target"; \
			go test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) "$$pkg"; \
		done; \
	done

bench:
	set -o pipefail; go test -run '^$$' -bench . -count=10 ./... | tee bench.txt

build:
	go build -o c4 ./cmd/c4

ci:
	bash .ci/run

# Joins the shards of the 8-ply build into the embedded book (see
# internal/openingbook/README.md for building them).
book:
	go run ./cmd/c4 book merge --out engine/openingbook/book8.fgb $(SHARDS)

# The full check of the embedded book against BitBully's published 8-ply
# database: every entry, every position it leaves out, and 200 random book
# positions solved afresh without a book (about 2 minutes).
verify:
	go run ./cmd/c4 book verify --against $(TESTDATA)/bitbully/book_8ply.dat --sample -1 --solve 200
