#!/usr/bin/env bash
# python/ci.sh is .ci/run's step for the Python package, runnable by hand
# from the repository's root: it installs Debian's Python tools if missing;
# installs the package the README's way (a fresh venv, pip install
# --no-index --no-build-isolation ./python) with each CPython it finds
# (Debian's, and pyenv's 3.9 and later) and checks one call in each; runs
# its pytest tests (a sample of ../shared/testdata; PYTEST_ARGS=
# --full-testdata for every line) with Debian's; builds the wheel, and
# installs and runs it in a fresh venv with --no-index and no Go on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

py=/usr/bin/python3
fail() {
	printf '\nFAIL: %s\n' "$*" >&2
	exit 1
}

if ! "$py" -c 'import venv, ensurepip, pytest' 2>/dev/null; then
	(apt-get update -qq && apt-get install -y -qq python3 python3-venv python3-pip python3-pytest python3-numpy) >/dev/null ||
		fail "could not install Debian's Python tools: apt-get install python3-venv python3-pytest"
fi
if ! "$py" -c 'import numpy' 2>/dev/null; then
	[[ ${FOURGEN_REQUIRE_TOOLS:-} != 1 ]] || fail "no NumPy for $py: apt-get install python3-numpy (FOURGEN_REQUIRE_TOOLS=1: its tests may not skip)"
	printf 'note: no NumPy for %s; its tests skip\n' "$py"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$PWD
want='[-5, -5, -2, -3, -4, -2, -2]'
check='import fourgen; print(fourgen.Solver().analyze("4453"))'

# The README's line, in a fresh venv (no system packages: no setuptools or
# wheel beyond what venv gives) of each CPython here.
pythons=("$py")
for p in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.*/bin/python3; do
	[[ -x $p ]] && "$p" -c 'import sys; sys.exit(sys.version_info < (3, 9))' 2>/dev/null && pythons+=("$p")
done
# The first install builds the library with Go; the others (and the steps
# below) take that build through FOURGEN_LIBRARY, the backend's way of using
# a library built elsewhere, as the library is the same for every Python:
# one link of it instead of one a Python. (Unset, the variable would also
# make the package load that library instead of its own.)
unset FOURGEN_LIBRARY
built=
for p in "${pythons[@]}"; do
	v=$("$p" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])')
	rm -rf "$work/v"
	"$p" -m venv "$work/v" || fail "$p -m venv failed"
	FOURGEN_LIBRARY=$built "$work/v/bin/pip" install -q --no-index --no-build-isolation ./python ||
		fail "Python $v: python3 -m venv v && v/bin/pip install --no-index --no-build-isolation ./python failed (see above)"
	if [[ -z $built ]]; then
		built=$work/libfourgen.so
		cp python/.build/go/libfourgen.so "$built"
	fi
	got=$(cd "$work" && "$work/v/bin/python" -c "$check") || fail "Python $v: the installed package does not import"
	[[ $got == "$want" ]] || fail "Python $v: fourgen.Solver().analyze(\"4453\") printed $got, want $want"
	printf 'python %s (%s): README install ok: %s\n' "$v" "$p" "$got"
done

"$py" -m venv --system-site-packages "$work/dev"
FOURGEN_LIBRARY=$built "$work/dev/bin/pip" install -q --no-index --no-build-isolation ./python ||
	fail "pip install ./python failed: see above (it runs go build -buildmode=c-shared ./cmd/libfourgen)"
# The c4 that test_evaluate compares fourgen.evaluate with.
go build -o "$work/c4" ./cmd/c4 || fail "go build ./cmd/c4 failed (the evaluation tests compare with it)"
# From outside python/, so that the installed package is the one tested.
(cd "$work" && FOURGEN_C4=$work/c4 FOURGEN_REQUIRE_TESTDATA=${FOURGEN_REQUIRE_TESTDATA:-1} "$work/dev/bin/python" -m pytest -q -rs -p no:cacheprovider ${PYTEST_ARGS:-} "$root/python/tests") | tee "$work/pytest.log" ||
	fail "the Python package's tests fail: cd /tmp && python3 -m pytest $root/python/tests"
# With FOURGEN_REQUIRE_TOOLS=1 (.ci/run) a skipped test fails the run.
if [[ ${FOURGEN_REQUIRE_TOOLS:-} == 1 ]] && tail -n 1 "$work/pytest.log" | grep -qE '[0-9]+ skipped'; then
	fail "some Python tests skipped (the SKIPPED lines above): install what they name; python3 -m pytest -rs $root/python/tests"
fi

FOURGEN_LIBRARY=$built "$work/dev/bin/pip" wheel -q --no-index --no-build-isolation --no-deps --wheel-dir "$work/dist" ./python >"$work/build.log" 2>&1 ||
	{ cat "$work/build.log"; fail "pip wheel --no-index --no-build-isolation ./python failed"; }
wheel=$(ls "$work"/dist/*.whl)
case "$wheel" in
*-py3-none-manylinux_2_*.whl | *-py3-none-macosx_*.whl) ;;
*) fail "the wheel $(basename "$wheel") has no manylinux or macOS platform tag" ;;
esac
printf 'wheel: %s\n' "$(basename "$wheel")"

# A fresh venv, no system packages, no index, no Go on PATH.
nogo=/usr/bin:/bin
if PATH=$nogo command -v go >/dev/null; then
	fail "go is on $nogo: cannot check the wheel without Go"
fi
"$py" -m venv "$work/clean"
PATH=$nogo "$work/clean/bin/pip" install -q --no-index "$wheel" || fail "the wheel does not install without Go: pip install --no-index $wheel"
got=$(cd "$work" && PATH=$nogo "$work/clean/bin/python" -c "$check") ||
	fail "the wheel's package does not import without Go"
[[ $got == "$want" ]] || fail "the wheel's fourgen.Solver().analyze(\"4453\") printed $got, want $want"
printf 'wheel without Go: %s\n' "$got"
