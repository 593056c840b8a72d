#!/usr/bin/env bash
# bench/web-budget.sh: the start-up and memory budgets of the engine on the
# web (issue 56, docs/npm.md), measured on this machine, which should be
# quiet: nothing else running. It prints three figures with their limits:
#   1. Chromium: navigation to the scores of 4453 shown by <fourgen-board>,
#      from a local static server, cold cache (best of 5)  — budget 1.0 s
#   2. Node: await Solver.create() in a fresh process (best of 5) — 0.3 s
#   3. Node: the RSS of a process holding one default solver after 4453
#      and two searches, once settled (npm/test/default-rss.js; the median
#      of five fresh processes, all five printed)          — 100 MB
# and exits with status 1 when a figure is over its budget (2 when one
# could not be taken). It builds the package first (make npm). It needs
# Chromium and Node 20.
set -euo pipefail
cd "$(dirname "$0")/.."
make -s npm >/dev/null
node=${NODE:-node}
echo "web-budget: $($node --version), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
over=0

# check NAME VALUE LIMIT UNIT prints a figure with its budget and notes
# whether it is over.
check() {
	local verdict=within
	if awk -v v="$2" -v l="$3" 'BEGIN { exit !(v > l) }'; then
		verdict=OVER
		over=1
	fi
	echo "web-budget: $1: $2 $4 (budget $3 $4): $verdict"
}

chromium=$(FOURGEN_WEB_BUDGET=1 go test -count=1 -run 'TestWebBudget$' -v ./cmd/c4wasm |
	sed -n 's/^web-budget: Chromium, navigation to the scores of 4453: \([0-9]*\) ms.*/\1/p') || true
if [ -z "$chromium" ]; then
	echo "web-budget: the Chromium measurement failed (go test -run TestWebBudget -v ./cmd/c4wasm)" >&2
	exit 2
fi
check "Chromium, navigation to the scores of 4453" "$chromium" 1000 ms

pkg=$(pwd)/bin/npm/node.js
best=
for _ in 1 2 3 4 5; do
	ms=$($node --input-type=module -e "
		const t0 = performance.now();
		const { Solver } = await import('file://$pkg');
		const s = await Solver.create();
		console.log((performance.now() - t0).toFixed(0));
		s.close();")
	if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
done
check "Node, import and await Solver.create() (best of 5)" "$best" 300 ms

all=
for _ in 1 2 3 4 5; do
	all="$all $($node npm/test/default-rss.js "file://$pkg" 4453 444444333 4453312766)"
done
median=$(echo $all | tr ' ' '\n' | sort -n | sed -n 3p)
echo "web-budget: Node, RSS of five processes with one default solver:$all MB"
check "Node, RSS of a process with one default solver (the median of five)" "$median" 100 MB

exit $over
