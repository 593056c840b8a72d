#!/usr/bin/env bash
# bench/wasm-size.sh measures the npm package's engine (docs/npm.md): the
# size, raw and gzip -9, of fourgen.wasm built without -ldflags='-s -w',
# with it, with its jumps made direct as well (make wasm, cmd/wasmjump),
# then through binaryen's wasm-opt -O2 and -Oz, and
# without the embedded book; then the time from Node's start to the first
# analysis of 4453 on a cold process, each build in turn, RUNS rounds
# (medians printed). Run it after make npm, from the repository's root:
#   make npm && bash bench/wasm-size.sh
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-7}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
test -f bin/npm/index.js || { echo "run make npm first" >&2; exit 1; }
build() { GOOS=js GOARCH=wasm go build -trimpath "$@" ./cmd/c4wasm; }
build -o "$out/plain.wasm"
build -ldflags='-s -w' -o "$out/sw.wasm"
go run ./cmd/wasmjump -o "$out/jump.wasm" "$out/sw.wasm" 2>/dev/null
features=(--enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int)
if command -v wasm-opt >/dev/null; then
	wasm-opt -O2 "${features[@]}" -o "$out/o2.wasm" "$out/sw.wasm"
	wasm-opt -Oz "${features[@]}" -o "$out/oz.wasm" "$out/sw.wasm"
else
	echo "no wasm-opt (apt-get install binaryen): its builds are left out" >&2
fi
book=$(ls engine/openingbook/book*.fgb) # the embedded book, whatever its plies
printf '{"Replace":{"%s":"%s"}}' "$PWD/$book" "$out/empty.fgb" > "$out/overlay.json"
: > "$out/empty.fgb"
build -ldflags='-s -w' -overlay "$out/overlay.json" -o "$out/nobook.wasm" # does not start: sizes only
printf '%-8s %10s %10s\n' build bytes gzipped
for f in "$out"/*.wasm; do
	printf '%-8s %10d %10d\n' "$(basename "$f" .wasm)" "$(wc -c < "$f")" "$(gzip -9 -c "$f" | wc -c)"
done
variants=()
for v in sw jump o2 oz; do
	[[ -f $out/$v.wasm ]] || continue
	mkdir "$out/$v"
	cp bin/npm/*.js bin/npm/package.json "$out/$v/"
	cp "$out/$v.wasm" "$out/$v/fourgen.wasm"
	variants+=("$v")
done
cat > "$out/first.mjs" <<'JS'
const { Solver } = await import(process.argv[2] + '/index.js');
const s = await Solver.create();
const scores = await s.analyze('4453');
console.log(performance.now().toFixed(0), JSON.stringify(scores));
s.close();
JS
declare -A times
for ((i = 0; i < runs; i++)); do
	for v in "${variants[@]}"; do
		read -r ms _ < <(node "$out/first.mjs" "$out/$v")
		times[$v]+="$ms "
	done
done
echo "time from node's start to the first analysis of 4453, ms (median of $runs, alternated):"
for v in "${variants[@]}"; do
	printf '%-8s %s  (%s)\n' "$v" "$(tr ' ' '\n' <<<"${times[$v]}" | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" "${times[$v]}"
done
