#!/usr/bin/env bash
# python/wheel.sh VERSION OUTDIR builds the Python package's wheel for this
# machine's platform into OUTDIR, its library stamped with VERSION (v0.1.0)
# as the release stamps c4 (-X main.version). The release runs it
# (.goreleaser.yaml, before.hooks) and publishes the wheel with the archives.
# The build is the package's own backend (backend/wheelbuild.py): pip and
# Go are all it needs.
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:?usage: python/wheel.sh VERSION OUTDIR}
out=${2:?usage: python/wheel.sh VERSION OUTDIR}
rm -rf "$out" python/.build
mkdir -p "$out"
FOURGEN_VERSION=$version /usr/bin/python3 -m pip wheel -q --no-index --no-build-isolation --no-deps --wheel-dir "$out" ./python
