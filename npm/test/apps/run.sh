#!/usr/bin/env bash
# Bundles the sample app (src/index.js, index.html) with a bundler's
# default configuration, as a web developer would, against the packed
# package: run.sh esbuild|vite|webpack OUTDIR. It needs make npm first and
# the npm registry for the bundler (installed into a temporary folder,
# never into the repository). OUTDIR then holds a static site whose
# index.html shows the scores of 4453 (cmd/c4wasm's TestBundledApp checks
# it in Chromium with FOURGEN_BUNDLED_APP=OUTDIR).
set -euo pipefail
tool=${1:?usage: run.sh esbuild|vite|webpack OUTDIR}
out=$(mkdir -p "${2:?usage: run.sh esbuild|vite|webpack OUTDIR}" && cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
[ -f "$root/bin/npm/fourgen.wasm" ] || { echo "run.sh: no package in bin/npm: run make npm" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=$(cd "$work" && npm pack --silent "$root/bin/npm" | tail -1)
cp -r "$here/src" "$here/index.html" "$work/"
cd "$work"
npm init -y >/dev/null
npm pkg set type=module # a web app of today: its modules are ES modules
case "$tool" in
esbuild)
	npm install --silent --no-audit --no-fund "./$tarball" esbuild
	# esbuild with no options beyond the bundle's name, then the one step
	# the package's README gives: esbuild does not copy the files a module
	# names with new URL('…', import.meta.url), so copy them beside the bundle.
	npx esbuild src/index.js --bundle --outfile="$out/app.js"
	(cd node_modules/fourgen && cp worker.js serve.js wasm_exec.js fourgen.wasm fourgen-book.fgb "$out/")
	sed 's|<script type="module" src="./src/index.js"></script>|<script src="./app.js"></script>|' index.html > "$out/index.html"
	;;
vite)
	npm install --silent --no-audit --no-fund "./$tarball" vite
	npx vite build --outDir "$out" --emptyOutDir
	;;
webpack)
	npm install --silent --no-audit --no-fund "./$tarball" webpack webpack-cli
	npx webpack --output-path "$out"
	sed 's|<script type="module" src="./src/index.js"></script>|<script src="./main.js"></script>|' index.html > "$out/index.html"
	;;
*)
	echo "run.sh: unknown bundler $tool: want esbuild, vite or webpack" >&2
	exit 2
	;;
esac
echo "run.sh: $tool bundled the app into $out"
