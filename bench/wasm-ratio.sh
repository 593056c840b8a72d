#!/usr/bin/env bash
# wasm-ratio.sh measures how much slower c4 is in WebAssembly than
# natively, on the positions issue 38 names: positions/n12 (first 50) and
# positions/n16 (first 300), one thread, no book, a 64 MiB table kept
# between positions. It builds COMMIT's c4 twice from a clean export,
# natively and with GOOS=js GOARCH=wasm, rewrites the wasm's jumps as make
# wasm does (cmd/wasmjump), runs the wasm under Node with the
# toolchain's lib/wasm/wasm_exec_node.js, and for each file prints the
# mean of `solve --stats`'s last column (the solve's own microseconds, so
# Node's start and the table's allocation are left out) for both builds
# and the ratio wasm/native.
#
#   bench/wasm-ratio.sh [-r ROUNDS] [-O FLAGS] [-p PROFILE] [-J] [COMMIT]
#
# -r ROUNDS runs each file's native/wasm/wasm/native block ROUNDS times
# (default 3) and prints the median of the rounds' ratios with the
# smallest and the largest. -O FLAGS passes the wasm through binaryen's
# wasm-opt with those flags (say -O '-O2'), as make wasm WASM_OPT=1 does.
# -p PROFILE builds both with profile-guided optimisation from a CPU
# profile (see docs/static-page.md). -J leaves the wasm as the go command
# built it (and a COMMIT without cmd/wasmjump is left so). Needs go, git, node and awk; a wrong
# node count between the builds (they search the same tree) stops it. Run
# it on a quiet machine: about a minute a round.
set -euo pipefail

rounds=3
optflags=
profile=
jumps=1
while [[ $# -gt 0 ]]; do
	case $1 in
	-r)
		rounds=${2:-}
		[[ $rounds =~ ^[1-9][0-9]?$ ]] || { echo "wasm-ratio.sh: -r takes a number of rounds from 1 to 99" >&2; exit 2; }
		shift
		;;
	-O)
		optflags=${2:-}
		[[ -n $optflags ]] || { echo "wasm-ratio.sh: -O takes wasm-opt's flags, say -O '-O2'" >&2; exit 2; }
		command -v wasm-opt >/dev/null || { echo "wasm-ratio.sh: -O needs wasm-opt (apt-get install binaryen)" >&2; exit 2; }
		shift
		;;
	-p)
		profile=$(realpath "${2:-}")
		[[ -f $profile ]] || { echo "wasm-ratio.sh: -p takes a CPU profile file" >&2; exit 2; }
		shift
		;;
	-J) jumps= ;;
	-*)
		echo "wasm-ratio.sh: unknown flag $1 (usage: wasm-ratio.sh [-r ROUNDS] [-O FLAGS] [-p PROFILE] [-J] [COMMIT])" >&2
		exit 2
		;;
	*) break ;;
	esac
	shift
done
commit=${1:-HEAD}

repo=$(git rev-parse --show-toplevel)
data=${FOURGEN_TESTDATA:-$repo/../shared/testdata}
[[ -d $data/positions ]] || { echo "wasm-ratio.sh: no reference data in $data (set FOURGEN_TESTDATA)" >&2; exit 2; }
runner=$(go env GOROOT)/lib/wasm/wasm_exec_node.js
[[ -f $runner ]] || { echo "wasm-ratio.sh: no $runner" >&2; exit 2; }
command -v node >/dev/null || { echo "wasm-ratio.sh: needs Node.js (apt-get install nodejs)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/src"
git -C "$repo" archive "$commit" | tar -x -C "$tmp/src"
pgo=()
[[ -n $profile ]] && pgo=(-pgo="$profile")
(cd "$tmp/src" && go build -trimpath "${pgo[@]}" -o "$tmp/c4" ./cmd/c4 &&
	GOOS=js GOARCH=wasm go build -trimpath "${pgo[@]}" -o "$tmp/c4.wasm" ./cmd/c4)
[[ -d $tmp/src/cmd/wasmjump ]] || jumps=
if [[ -n $jumps ]]; then
	(cd "$tmp/src" && go run ./cmd/wasmjump "$tmp/c4.wasm")
fi
if [[ -n $optflags ]]; then
	# shellcheck disable=SC2086 # the flags are words
	wasm-opt $optflags --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int -o "$tmp/c4.wasm" "$tmp/c4.wasm"
fi
echo "built $(git -C "$repo" rev-parse --short "$commit")${profile:+ with PGO}${jumps:+, jumps made direct}${optflags:+, wasm-opt $optflags}" >&2

head -n 50 "$data/positions/n12.txt" > "$tmp/n12"
head -n 300 "$data/positions/n16.txt" > "$tmp/n16"

# run KIND FILE prints "MICROS NODES", the means per position.
run() {
	local cmd=("$tmp/c4")
	[[ $1 == wasm ]] && cmd=(node "$runner" "$tmp/c4.wasm")
	"${cmd[@]}" solve --stats --no-book --threads 1 --tt-mb 64 < "$2" |
		awk '{ t += $NF; n += $(NF-1); c++ } END { if (c == 0) exit 1; printf "%.1f %.0f\n", t / c, n / c }'
}

printf '%-22s %12s %12s %9s %10s\n' file native wasm wasm/native nodes
for set in n12 n16; do
	runs=""
	for ((r = 0; r < rounds; r++)); do
		runs+="$(run native "$tmp/$set") $(run wasm "$tmp/$set") $(run wasm "$tmp/$set") $(run native "$tmp/$set") "
	done
	awk -v name="positions/$set" -v runs="$runs" -v rounds="$rounds" 'BEGIN {
		split(runs, f)
		ln = 0; lw = 0
		for (r = 0; r < rounds; r++) {
			b = r * 8
			if (f[b + 2] != f[b + 4] || f[b + 2] != f[b + 6] || f[b + 2] != f[b + 8]) {
				print "wasm-ratio.sh: the builds searched different trees: " runs > "/dev/stderr"; exit 1
			}
			o = log(f[b + 1]) + log(f[b + 7]); w = log(f[b + 3]) + log(f[b + 5])
			ln += o; lw += w
			ratio[r + 1] = exp((w - o) / 2)
		}
		for (i = 2; i <= rounds; i++) { # insertion sort of the ratios
			v = ratio[i]
			for (j = i - 1; j >= 1 && ratio[j] > v; j--) ratio[j + 1] = ratio[j]
			ratio[j + 1] = v
		}
		med = rounds % 2 ? ratio[(rounds + 1) / 2] : sqrt(ratio[rounds / 2] * ratio[rounds / 2 + 1])
		printf "%-22s %9.1f µs %9.1f µs %9.3f %10d  (rounds: %.3f-%.3f)\n", name, exp(ln / (2 * rounds)), exp(lw / (2 * rounds)), med, f[2], ratio[1], ratio[rounds]
	}'
done
