#!/usr/bin/env bash
# bench/web-budget.sh: the start-up and memory budgets of the engine on the
# web (issue 56, docs/npm.md), measured on this machine, which should be
# quiet: nothing else running. It prints three figures with their limits:
#   1. Chromium: navigation to the scores of 4453 shown by <fourgen-board>,
#      from a local static server, cold cache (best of 5)  — budget 1.0 s
#   2. Node: await Solver.create() in a fresh process (best of 5) — 0.3 s
#   3. Node: the RSS of a process holding one default solver   — 100 MB
# It builds the package first (make npm). It needs Chromium and Node 20.
set -euo pipefail
cd "$(dirname "$0")/.."
make -s npm >/dev/null
node=${NODE:-node}
echo "web-budget: $($node --version), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

FOURGEN_WEB_BUDGET=1 go test -count=1 -run 'TestWebBudget$' -v ./cmd/c4wasm | grep '^web-budget:' ||
	{ echo "web-budget: the Chromium measurement failed (go test -run TestWebBudget -v ./cmd/c4wasm)" >&2; exit 1; }

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
echo "web-budget: Node, import and await Solver.create(): $best ms (budget 300 ms)"

rss=$($node --input-type=module -e "
	const { Solver } = await import('file://$pkg');
	const s = await Solver.create();
	await s.analyze('4453');
	await s.book;
	await new Promise((r) => setTimeout(r, 500));
	console.log((process.memoryUsage().rss / 1e6).toFixed(1));
	s.close();")
echo "web-budget: Node, RSS of a process with one default solver: $rss MB (budget 100 MB)"
