#!/usr/bin/env bash
# python/ci.sh is .ci/run's step for the Python package, runnable by hand
# from the repository's root: it installs Debian's Python tools if missing,
# installs the package from python/ into a venv (building the library with
# Go), runs its pytest tests (a sample of ../shared/testdata; PYTEST_ARGS=
# --full-testdata for every line), builds the wheel, and installs and runs
# it in a fresh venv with --no-index and no Go on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

py=/usr/bin/python3
fail() {
	printf '\nFAIL: %s\n' "$*" >&2
	exit 1
}

# Under CI (FOURGEN_REQUIRE_TOOLS=1) NumPy is needed too: its tests may not skip.
needed='import venv, ensurepip, pytest, build, setuptools, wheel'
[[ ${FOURGEN_REQUIRE_TOOLS:-} != 1 ]] || needed+=', numpy'
if ! "$py" -c "$needed" 2>/dev/null; then
	(apt-get update -qq && apt-get install -y -qq python3 python3-venv python3-pip python3-pytest python3-build python3-setuptools python3-wheel python3-numpy) >/dev/null ||
		fail "could not install Debian's Python tools: apt-get install python3-venv python3-pytest python3-build"
fi
if ! "$py" -c 'import numpy' 2>/dev/null; then
	[[ ${FOURGEN_REQUIRE_TOOLS:-} != 1 ]] || fail "no NumPy for $py: apt-get install python3-numpy (FOURGEN_REQUIRE_TOOLS=1: its tests may not skip)"
	printf 'note: no NumPy for %s; its tests skip\n' "$py"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$PWD

"$py" -m venv --system-site-packages "$work/dev"
"$work/dev/bin/pip" install -q --no-index --no-build-isolation ./python ||
	fail "pip install ./python failed: see above (it runs go build -buildmode=c-shared ./cmd/libfourgen)"
# From outside python/, so that the installed package is the one tested.
(cd "$work" && FOURGEN_REQUIRE_TESTDATA=${FOURGEN_REQUIRE_TESTDATA:-1} "$work/dev/bin/python" -m pytest -q -rs -p no:cacheprovider ${PYTEST_ARGS:-} "$root/python/tests") | tee "$work/pytest.log" ||
	fail "the Python package's tests fail: cd /tmp && python3 -m pytest $root/python/tests"
# With FOURGEN_REQUIRE_TOOLS=1 (.ci/run) a skipped test fails the run.
if [[ ${FOURGEN_REQUIRE_TOOLS:-} == 1 ]] && tail -n 1 "$work/pytest.log" | grep -qE '[0-9]+ skipped'; then
	fail "some Python tests skipped (the SKIPPED lines above): install what they name; python3 -m pytest -rs $root/python/tests"
fi

"$py" -m build --wheel --no-isolation --outdir "$work/dist" ./python >"$work/build.log" 2>&1 ||
	{ cat "$work/build.log"; fail "python3 -m build --wheel --no-isolation ./python failed"; }
wheel=$(ls "$work"/dist/*.whl)
case "$wheel" in
*-none-any.whl) fail "the wheel $(basename "$wheel") has no platform tag" ;;
esac
printf 'wheel: %s\n' "$(basename "$wheel")"

# A fresh venv, no system packages, no index, no Go on PATH.
nogo=/usr/bin:/bin
if PATH=$nogo command -v go >/dev/null; then
	fail "go is on $nogo: cannot check the wheel without Go"
fi
"$py" -m venv "$work/clean"
PATH=$nogo "$work/clean/bin/pip" install -q --no-index "$wheel" || fail "the wheel does not install without Go: pip install --no-index $wheel"
want='[-5, -5, -2, -3, -4, -2, -2]'
got=$(cd "$work" && PATH=$nogo "$work/clean/bin/python" -c 'import fourgen; print(fourgen.Solver().analyze("4453"))') ||
	fail "the wheel's package does not import without Go"
[[ $got == "$want" ]] || fail "the wheel's fourgen.Solver().analyze(\"4453\") printed $got, want $want"
printf 'wheel without Go: %s\n' "$got"
