#!/usr/bin/env bash
# compare.sh builds two commits of fourgen side by side and times them on the
# same workloads, in ABBA order (old, new, new, old) for each row, so that a
# drift of the machine's speed during the run weighs on both builds alike.
# Each row prints both builds' times (the geometric mean of their two runs),
# the ratio new/old and both node counts.
#
#   bench/compare.sh [-q] [-r ROUNDS] [-s WxH] [-o REGEX] [OLD [NEW]]
#
# OLD defaults to d810b90, NEW to HEAD; both are any commit names git knows.
# -q runs a short check of the script (a few positions a row, no empty
# board); its figures mean nothing.
# -r ROUNDS repeats each row's ABBA block ROUNDS times (default 1): times are
# then the geometric means of all 2*ROUNDS runs of each build, and the row
# adds the median of the rounds' ratios with their smallest and largest. On
# a VM whose speed wanders, one round cannot tell a few per cent from noise;
# the median of 10 or more rounds can.
#
# Rows: c4 bench --no-book --threads 1 over positions/n08, n10, n12, n16,
# n20, n24, n28, n32 and pons Test_L1_R2 (first 200) and Test_L2_R2 (time:
# bench's mean microseconds per position); then the empty board,
# c4 solve --no-book --tt-mb 1024 --threads 1 "" and --threads 2 (time:
# the solve's own microseconds from --stats).
#
# -o REGEX runs only the rows whose name matches REGEX (bash's =~), for
# more rounds of the rows in doubt: -r 10 -o 'n12|n16|L2_R2'.
# -s 10x6 compares the 10×6 builds instead (make c4 SIZE=10x6 in each
# export), on Steininger's 10×6 files in cs-10x6 (0-based moves): every
# line of endgame_L1 and the first 50 of midgame_L1. Other sizes have no
# reference files here.
#
# The reference files come from $FOURGEN_TESTDATA, by default
# ../shared/testdata beside the repository, as for the tests. Needs bash,
# git, go and awk. Run it on a quiet machine: on two cores, at d810b90's
# speed, each of the 4 runs takes about a minute over the files and 46 s
# for the empty board (31 s on one thread, 15 s on two), so about 8
# minutes in all, plus a minute to build. A wrong score stops it.
set -euo pipefail

quick=0
rounds=1
size=7x6
only=
while [[ $# -gt 0 ]]; do
	case $1 in
	-q) quick=1 ;;
	-r)
		rounds=${2:-}
		if ! [[ $rounds =~ ^[1-9][0-9]?$ ]]; then
			echo "compare.sh: -r takes a number of rounds from 1 to 99" >&2
			exit 2
		fi
		shift
		;;
	-o)
		only=${2:-}
		shift
		;;
	-s)
		size=${2:-}
		if [[ $size != 7x6 && $size != 10x6 ]]; then
			echo "compare.sh: -s takes 7x6 or 10x6, the sizes with reference files" >&2
			exit 2
		fi
		shift
		;;
	-*)
		echo "compare.sh: unknown flag $1 (usage: compare.sh [-q] [-r ROUNDS] [-s WxH] [-o REGEX] [OLD [NEW]])" >&2
		exit 2
		;;
	*) break ;;
	esac
	shift
done
old=${1:-d810b90}
new=${2:-HEAD}

repo=$(git rev-parse --show-toplevel)
data=${FOURGEN_TESTDATA:-$repo/../shared/testdata}
if [[ ! -d $data/positions || ! -d $data/pons ]]; then
	echo "compare.sh: no reference data in $data (set FOURGEN_TESTDATA)" >&2
	exit 2
fi
data=$(cd "$data" && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# build NAME COMMIT: the c4 of COMMIT as $tmp/NAME/c4, from a clean export.
build() {
	local dir=$tmp/$1
	mkdir -p "$dir/src"
	git -C "$repo" archive "$2" | tar -x -C "$dir/src"
	if [[ $size == 7x6 ]]; then
		(cd "$dir/src" && go build -trimpath -o "$dir/c4" ./cmd/c4)
	else
		(cd "$dir/src" && make -s c4 SIZE="$size" >/dev/null && cp "bin/c4-$size" "$dir/c4")
	fi
	echo "built $1 = $(git -C "$repo" rev-parse --short "$2")" >&2
}
build old "$old"
build new "$new"

# A row's run prints "MICROS NODES": per position for a bench row, for the
# one solve of an empty-board row.
# bench_run BIN FILE LIMIT [FLAG]
bench_run() {
	"$1" bench --no-book --threads 1 --limit "$3" ${4:+"$4"} "$2" |
		awk 'NR == 2 {
			if ($7 != 0) { print "wrong scores: " $0 > "/dev/stderr"; exit 1 }
			print $3, $5
		}'
}
# empty_run BIN THREADS
empty_run() {
	"$1" solve --no-book --tt-mb 1024 --threads "$2" --stats "" |
		awk '{ if ($1 != 1) { print "wrong score: " $0 > "/dev/stderr"; exit 1 }; print $3, $2 }'
}

printf '%-22s %14s %14s %9s %14s %14s' row "old time" "new time" new/old "old nodes" "new nodes"
[[ $rounds -gt 1 ]] && printf '  %s' "median of $rounds rounds (min-max)"
echo
# row NAME COMMAND...: runs COMMAND (with the binary first) ABBA, rounds
# times, and prints the row.
row() {
	local name=$1
	shift
	[[ -z $only || $name =~ $only ]] || return 0
	local runs="" o1 n1 n2 o2
	for ((r = 0; r < rounds; r++)); do
		o1=$("$@" "$tmp/old/c4")
		n1=$("$@" "$tmp/new/c4")
		n2=$("$@" "$tmp/new/c4")
		o2=$("$@" "$tmp/old/c4")
		runs+="$o1 $n1 $n2 $o2 "
	done
	# runs holds, per round, the four runs' "MICROS NODES" pairs.
	awk -v name="$name" -v runs="$runs" -v rounds="$rounds" 'BEGIN {
		n = split(runs, f)
		lo = 0; ln = 0
		for (r = 0; r < rounds; r++) {
			b = r * 8
			o = log(f[b + 1]) + log(f[b + 7]); w = log(f[b + 3]) + log(f[b + 5])
			lo += o; ln += w
			ratio[r + 1] = exp((w - o) / 2)
		}
		old = exp(lo / (2 * rounds)); new = exp(ln / (2 * rounds))
		printf "%-22s %11.1f µs %11.1f µs %9.3f %14d %14d", name, old, new, new / old, f[2], f[4]
		if (rounds > 1) {
			for (i = 2; i <= rounds; i++) { # insertion sort of the ratios
				v = ratio[i]
				for (j = i - 1; j >= 1 && ratio[j] > v; j--) ratio[j + 1] = ratio[j]
				ratio[j + 1] = v
			}
			med = rounds % 2 ? ratio[(rounds + 1) / 2] : sqrt(ratio[rounds / 2] * ratio[rounds / 2 + 1])
			printf "  %.3f (%.3f-%.3f)", med, ratio[1], ratio[rounds]
		}
		printf "\n"
	}'
}
# The binary goes last in the commands above, so these wrap it.
# bench_row FILE LIMIT [FLAG] BIN
bench_row() {
	local flag=""
	[[ $# -eq 4 ]] && flag=$3
	bench_run "${@: -1}" "$1" "$2" "$flag"
}
empty_row() { empty_run "$2" "$1"; }

limit=0
[[ $quick == 1 ]] && limit=3
if [[ $size == 10x6 ]]; then
	row "cs-10x6 endgame_L1" bench_row "$data/cs-10x6/endgame_L1.txt" "$limit" --zero-based
	row "cs-10x6 midgame_L1 (50)" bench_row "$data/cs-10x6/midgame_L1.txt" "$([[ $quick == 1 ]] && echo 3 || echo 50)" --zero-based
	exit 0
fi
for set in n08 n10 n12 n16 n20 n24 n28 n32; do
	row "positions/$set" bench_row "$data/positions/$set.txt" "$limit"
done
row "pons Test_L1_R2 (200)" bench_row "$data/pons/Test_L1_R2" "$([[ $quick == 1 ]] && echo 3 || echo 200)"
row "pons Test_L2_R2" bench_row "$data/pons/Test_L2_R2" "$limit"
if [[ $quick == 0 ]]; then
	row "empty board, 1 thread" empty_row 1
	row "empty board, 2 threads" empty_row 2
fi
