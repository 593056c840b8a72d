# Thin wrappers around the go commands; .ci/run is the source of truth for CI.

SHELL := /bin/bash
FUZZTIME ?= 10s
TESTDATA ?= ../shared/testdata
SHARDS ?= engine/openingbook/shards/book-11-*.shard
# The goreleaser of make release-snapshot, pinned, run through go run.
GORELEASER ?= github.com/goreleaser/goreleaser/v2@v2.15.1

# SIZE is the board of make c4: WIDTHxHEIGHT, 4 to 12 columns, at least 4 rows,
# width×(height+1) at most 128 (more than 64 in two words: docs/sizes.md). The engine's own size is named by the
# //go:generate line in engine/board/doc.go; other sizes are generated into bin/
# and laid over the checked-in files with go build -overlay, so no tracked
# file changes.
SIZE ?= 7x6
size_w = $(word 1,$(subst x, ,$(SIZE)))
size_h = $(word 2,$(subst x, ,$(SIZE)))
# K is the stones in a row that win (connect-k), from 3 to the board's
# longest line: make c4 SIZE=7x6 K=5 builds bin/c4-7x6-k5; K=4, the
# default, bin/c4-7x6 as before.
K ?= 4
build_name = $(SIZE)$(if $(filter-out 4,$(K)),-k$(K))
overlay = $(CURDIR)/bin/.gen-$(build_name)/overlay.json
# make python, wasm and npm build the checked-in 7×6 engine, or with SIZE
# or K another one laid over it (-overlay) into folders named by the build:
# make npm SIZE=7x6 K=5 writes bin/npm-7x6-k5/ (docs/connect-k.md).
gen_overlay = cd engine/board && go run ../../gen -width $(size_w) -height $(size_h) -k $(K) -pkg board -out . -overlay $(overlay)
other_build = $(filter-out 7x6,$(build_name))
build_dir = $(if $(other_build),-$(build_name))
# SIZES are the boards make verify-sizes solves from the empty board: every
# size of the published table of solved boards (engine/sizes_test.go, whose
# TestVerifySizesList holds this list to it), by cells, the wider first of
# as many cells. SIZE_TIMEOUT is the seconds each solve may take, SIZE_MIB
# its table.
SIZES ?= 4x4 5x4 4x5 6x4 4x6 5x5 7x4 4x7 6x5 5x6 8x4 4x8 7x5 5x7 9x4 6x6 4x9 10x4 8x5 5x8 \
	4x10 7x6 6x7 11x4 4x11 9x5 5x9 12x4 8x6 6x8 4x12 7x7 10x5 5x10 4x13 9x6 6x9 11x5 5x11 \
	8x7 7x8 10x6 6x10 5x12 9x7 7x9 8x8 5x13 6x11 7x10 6x12
SIZE_TIMEOUT ?= 600
SIZE_MIB ?= 1024

.PHONY: pgo check-pgo check-connect-k all generate check-generate fmt vet lint test test-long race fuzz bench build c4 wasm web npm wasm-book python ci book verify verify-sizes slurm-test release-snapshot

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

# The long checks too, as CI runs them (internal/longtest).
test-long:
	FOURGEN_LONG_TESTS=1 go test ./...

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
	go build -buildvcs=true -o c4 ./cmd/c4

# make pgo writes cmd/c4/default.pgo, the CPU profile of the search that go
# build optimises c4 with (and make wasm and the Python package's library):
# BenchmarkProfile over seeded random positions of 12 and 16 stones, so it
# runs from the repository alone. Make it again after the search changes;
# make check-pgo says whether a hot call of the profile has moved.
pgo:
	go test -run '^$$' -bench 'BenchmarkProfile' -benchtime 30x -o bin/solver.test -cpuprofile cmd/c4/default.pgo ./engine

# make check-pgo fails when a hot call the profile names is no longer at
# its line (a line added or removed above it in its caller), which takes
# the call out of profile-guided inlining: run make pgo then. go test
# checks only that the calls are still made, so a comment fails nothing.
# make check-connect-k reruns the command of every solved row of
# docs/connect-k.md's table (a c4 build per board and its solve of the
# empty board); go test's long checks run one row of each k.
check-connect-k:
	FOURGEN_LONG_TESTS=1 FOURGEN_CONNECTK_TABLE=1 go test -count=1 -timeout 30m -run '^TestConnectKTable$$' ./engine

check-pgo:
	FOURGEN_PROFILE_LINES=1 go test -count=1 -run 'TestProfile' ./internal/treerules

# make c4 SIZE=8x7 builds bin/c4-8x7, a c4 for an 8×7 board; K=5 with it
# bin/c4-8x7-k5, for five in a row.
c4:
	@case "$(SIZE)" in *x*) ;; *) echo "SIZE=$(SIZE): want WIDTHxHEIGHT, e.g. SIZE=8x7" >&2; exit 2;; esac
	$(gen_overlay)
	go build -overlay $(overlay) -o bin/c4-$(build_name) ./cmd/c4
	@echo "built bin/c4-$(build_name)"

# make wasm builds the engine in WebAssembly once for the static page and
# the npm package: bin/wasm/fourgen.wasm (command c4wasm) and wasm_exec.js,
# the Go toolchain's own loader, which must match the compiler of
# fourgen.wasm. The module version the go command stamps into it
# (-buildvcs=true, whatever GOFLAGS says) is the npm package's version.
# cmd/wasmjump then makes its jumps forward direct branches instead of
# trips through each function's dispatch loop (docs/static-page.md).
# It is built with profile-guided optimisation from cmd/c4/default.pgo, the
# profile go build uses for c4 (make pgo; PGO=FILE takes another, PGO=off
# none). WASM_OPT=1 passes it through binaryen's wasm-opt -O2 as well
# (docs/npm.md measures both).
PGO ?= cmd/c4/default.pgo
WASM_OPT ?=
wasm:
	$(if $(other_build),$(gen_overlay))
	mkdir -p bin/wasm$(build_dir)
	cp "$$(go env GOROOT)/lib/wasm/wasm_exec.js" bin/wasm$(build_dir)/
	GOOS=js GOARCH=wasm go build $(if $(other_build),-overlay $(overlay)) -trimpath -buildvcs=true -ldflags='-s -w' -pgo=$(PGO) -o bin/wasm$(build_dir)/fourgen.wasm ./cmd/c4wasm
	go run ./cmd/wasmjump bin/wasm$(build_dir)/fourgen.wasm
	$(if $(WASM_OPT),wasm-opt -O2 --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int -o bin/wasm$(build_dir)/fourgen.wasm bin/wasm$(build_dir)/fourgen.wasm)
	cp engine/openingbook/book11.fgb bin/wasm$(build_dir)/fourgen-book.fgb
	@echo "built bin/wasm$(build_dir)/fourgen.wasm ($(SIZE), K=$(K)): $$(wc -c < bin/wasm$(build_dir)/fourgen.wasm) bytes, $$(gzip -9 -c bin/wasm$(build_dir)/fourgen.wasm | wc -c) gzipped; the deep book bin/wasm$(build_dir)/fourgen-book.fgb: $$(wc -c < bin/wasm$(build_dir)/fourgen-book.fgb) bytes, $$(gzip -9 -c bin/wasm$(build_dir)/fourgen-book.fgb | wc -c) gzipped"

# make web writes bin/web/, the page with its engine in WebAssembly: a folder
# for any static host (docs/static-page.md). The page's files are those c4
# serve embeds (board-element.js among them, the <fourgen-board> the npm
# package shares), marked to run the engine in the browser, and in fourgen/
# the npm package's browser modules and engine, which run it.
NPM_BROWSER = npm/index.js npm/engine.js npm/serve.js npm/worker.js npm/board.js internal/server/web/board-element.js
web: wasm
	rm -rf bin/web
	mkdir -p bin/web/fourgen
	cp internal/server/web/* bin/web/
	grep -q 'data-engine="server"' internal/server/web/index.html
	sed 's/data-engine="server"/data-engine="wasm"/' internal/server/web/index.html > bin/web/index.html
	cp $(NPM_BROWSER) bin/wasm/wasm_exec.js bin/wasm/fourgen.wasm bin/wasm/fourgen-book.fgb bin/web/fourgen/
	@echo "built bin/web/"

# make wasm-book makes cmd/c4wasm/book6.fgb, the small book built into
# fourgen.wasm (the deep one, engine/openingbook/book11.fgb, is fetched
# after start-up): every position of 6 stones, solved by the engine with
# the 11-ply book's help, in seconds. TestSmallBook checks it.
wasm-book:
	mkdir -p bin
	rm -f bin/book6.shard
	go run ./cmd/c4 book build --plies 6 --out bin/book6.shard
	go run ./cmd/c4 book merge --force --out cmd/c4wasm/book6.fgb bin/book6.shard

# make npm writes bin/npm/, the npm package (sources in npm/, docs/npm.md,
# and its board element, which c4 serve's page shares, in
# internal/server/web/board-element.js):
# its modules, the engine of make wasm and package.json with the engine's
# version; npm pack ./bin/npm makes the tarball (npm reads a path without ./
# as a GitHub repository). It needs Node.js 20.19 or later.
npm: wasm
	rm -rf bin/npm$(build_dir)
	mkdir -p bin/npm$(build_dir)
	cp npm/package.json npm/README.md npm/*.js npm/*.d.ts LICENSE bin/npm$(build_dir)/
	rm bin/npm$(build_dir)/stamp.js
	cp internal/server/web/board-element.js bin/npm$(build_dir)/
	cp bin/wasm$(build_dir)/wasm_exec.js bin/wasm$(build_dir)/fourgen.wasm bin/wasm$(build_dir)/fourgen-book.fgb bin/npm$(build_dir)/
	node npm/stamp.js bin/npm$(build_dir)
	@echo "built bin/npm$(build_dir)/ ($(SIZE), K=$(K)): npm pack ./bin/npm$(build_dir) makes the tarball"

ci:
	bash .ci/run

# The Python package as CI checks it (python/ci.sh): pip install ./python
# into a venv, its tests, the wheel installed without Go. docs/python.md.
# With SIZE or K (make python SIZE=7x6 K=5) it builds that engine's wheel
# into bin/python-7x6-k5/ instead (FOURGEN_OVERLAY) and prints its rule.
python:
ifeq ($(other_build),)
	bash python/ci.sh
else
	$(gen_overlay)
	rm -rf bin/python$(build_dir)
	FOURGEN_OVERLAY=$(overlay) /usr/bin/python3 -m pip wheel -q --no-index --no-build-isolation --no-deps --wheel-dir bin/python$(build_dir) ./python
	cd bin && FOURGEN_LIBRARY=../python/.build/go/libfourgen.so PYTHONPATH=../python /usr/bin/python3 -c 'import fourgen; print("built", fourgen.RULE, "in", *__import__("glob").glob("python$(build_dir)/*.whl"))'
endif

# Builds the release archives of the current commit into dist/ as a tag
# would (.goreleaser.yaml: six platforms, static, checksums), publishing
# nothing.
release-snapshot:
	go run $(GORELEASER) release --snapshot --clean

# Joins the shards of the 11-ply build into the embedded book (see
# engine/openingbook/shards/README.md for building them). The shards are a
# module of their own, in a clone but not in go get's download; they are
# first checked against engine/openingbook/book11-shards.sha256.
book:
	go test -count=1 -run '^TestShardChecksums$$' ./engine/openingbook || \
		{ echo "the shards are not those of book11-shards.sha256: restore them (git checkout engine/openingbook/shards), or for a new build write their sums (cd engine/openingbook/shards && sha256sum book-11-*.shard > ../book11-shards.sha256)"; exit 1; }
	go run ./cmd/c4 book merge --force --out engine/openingbook/book11.fgb $(SHARDS)

# Draws and labels the shipped evaluation set anew (internal/evalset/set.txt,
# seed 1, 500 positions a cell; docs/eval.md): about a minute with the book.
.PHONY: evalset
evalset:
	go test ./internal/evalset -run TestShippedIsBuilt -update -timeout 30m

# The full check of the embedded book against BitBully's published 8-ply
# database (each of its positions is three moves from the 11-ply book): every
# entry, every position it leaves out, and 200 random book positions solved
# afresh without a book.
verify:
	go run ./cmd/c4 book verify --against $(TESTDATA)/bitbully/book_8ply.dat --sample -1 --solve 200

# Solves the empty board of every size in SIZES with that size's engine
# (gen -overlay, go test -overlay) against the published table
# (engine/sizes_test.go), one line a size and a summary line. A size gen
# refuses is "not attempted" with gen's reason, as is one whose engine
# does not build; one that takes more than SIZE_TIMEOUT seconds is
# "not solved within N s"; a score other than the published one fails.
verify-sizes:
	@solved=0; failed=0; slow=0; skipped=0; \
	for size in $(SIZES); do \
		dir=$(CURDIR)/bin/.gen-$$size; \
		if ! gen=$$(cd engine/board && go run ../../gen -width $${size%x*} -height $${size#*x} -pkg board -out . \
				-overlay $$dir/overlay.json 2>&1); then \
			why=$$(sed -n '1s/^gen: //p' <<<"$$gen"); \
			printf '%-6s not attempted: %s\n' $$size "$$why"; skipped=$$((skipped+1)); continue; \
		fi; \
		out=$$(go test -count=1 -overlay $$dir/overlay.json -run '^TestEmptyBoardAsPublished$$' \
			-timeout $(SIZE_TIMEOUT)s -v ./engine -sizes.long -sizes.mib $(SIZE_MIB) 2>&1); \
		logged=$$(sed -n 's/.*sizes_test.go:[0-9]*: [^ ]*: //p' <<<"$$out" | head -1); \
		case "$$out" in \
		*"--- PASS: TestEmptyBoardAsPublished"*) \
			printf '%-6s solved: %s\n' $$size "$$logged"; solved=$$((solved+1));; \
		*"panic: test timed out"*) \
			printf '%-6s not solved within %s s\n' $$size $(SIZE_TIMEOUT); slow=$$((slow+1));; \
		*"--- SKIP: TestEmptyBoardAsPublished"*) \
			printf '%-6s not attempted: %s\n' $$size "$$(sed -n 's/.*sizes_test.go:[0-9]*: //p' <<<"$$out")"; \
			skipped=$$((skipped+1));; \
		*"[build failed]"*|*"[setup failed]"*) \
			printf '%-6s not attempted: the engine does not build: %s\n' $$size "$$(grep -m1 -E '\.go:[0-9]+:[0-9]+: ' <<<"$$out")"; \
			skipped=$$((skipped+1));; \
		*) \
			printf '%-6s FAILED\n' $$size; grep -E 'sizes_test|^(--- |FAIL|panic)' <<<"$$out" | sed 's/^/\t/'; \
			failed=$$((failed+1));; \
		esac; \
	done; \
	echo "verify-sizes: $$solved solved as published, $$failed failed, $$slow not solved within $(SIZE_TIMEOUT) s," \
		"$$skipped not attempted (of $(words $(SIZES)))"; \
	test $$failed -eq 0

# Starts a one-node Slurm cluster (installing Debian's slurm-wlm and munge if
# missing; needs root), runs deploy/slurm/dataset-array.sh and book-array.sh
# as 4-task arrays, merges the shards and compares each result with a
# one-machine run byte for byte, at the board SIZE (make slurm-test
# SIZE=6x5 builds and runs bin/c4-6x5). Not part of make ci.
slurm-test:
	SIZE=$(SIZE) K=$(K) bash deploy/slurm/test-cluster.sh
