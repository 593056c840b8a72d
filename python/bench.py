"""Timings of the Python package against c4 (docs/python.md, Measured).

    python3 python/bench.py [--pairs N] [--c4 PATH] [FILE ...]

1. The time of one Solver.analyze call on a position the opening book
   answers ("4453"), best of several runs, alternated with the same call
   made from Go (BenchmarkAnalyzeCall in cmd/libfourgen): their difference
   is the boundary's cost (ctypes, entering Go, the Python wrapper).
2. For each FILE (default: Pons's Test_L2_R2 and Test_L1_R2 in
   ../shared/testdata/pons), the mean time per position of solving its
   lines with the package and with ``c4 bench FILE``, with the same
   settings (one thread, a 64 MiB table kept across the file, the embedded
   book), alternated c4, package, c4, package... (--pairs N pairs), each
   pair's ratio printed: on a shared machine trust the ratios.
3. Ctrl-C: the time from SIGINT, sent to a process solving the empty board
   without the book, to its KeyboardInterrupt handler's line (--interrupts
   N runs; issue 57 asks for 0.1 s at most).

Run it with the package installed (pip install ./python); c4 is built from
the repository with Go unless --c4 names one.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The installed package, not the source folder beside this script.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
import fourgen  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def analyze_call(calls: int, runs: int, position: object = "4453", base: int | None = None) -> float:
    """The best mean µs of analyze(position) over runs runs of calls calls."""
    s = fourgen.Solver()
    s.analyze(position, base=base)
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        for _ in range(calls):
            s.analyze(position, base=base)
        best = min(best, (time.perf_counter() - t) / calls * 1e6)
    s.close()
    return best


def empty_call(calls: int, runs: int) -> float:
    """The best mean µs of a call that does nothing (fg_geometry): the
    floor of ctypes and of entering Go."""
    import ctypes

    from fourgen import _lib

    out, msg = (ctypes.c_int32 * 5)(), _lib.message_buffer()
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        for _ in range(calls):
            _lib.lib.fg_geometry(out, msg, _lib.MSG_CAP)
        best = min(best, (time.perf_counter() - t) / calls * 1e6)
    return best


def go_analyze_call() -> float:
    """BenchmarkAnalyzeCall's µs: fg_analyze called from Go, the engine's
    share of a call (needs Go and the repository)."""
    out = subprocess.run(["go", "test", "-run", "^$", "-bench", "AnalyzeCall", "-count", "1", "./cmd/libfourgen"],
                         cwd=REPO, check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith("BenchmarkAnalyzeCall"):
            return float(line.split()[2]) / 1000
    sys.exit("no BenchmarkAnalyzeCall line in go test's output:\n" + out)


def package_mean(lines: list[tuple[str, int]]) -> float:
    """Mean µs per position of solving lines with a fresh solver, as c4 bench does."""
    with fourgen.Solver(64, threads=1) as s:
        t = time.perf_counter()
        for moves, want in lines:
            if s.solve(moves) != want:
                sys.exit(f"{moves}: the package scores {s.solve(moves)}, the file {want}")
        return (time.perf_counter() - t) / len(lines) * 1e6


def c4_mean(c4: str, path: str) -> float:
    """c4 bench's mean µs per position of path (one thread, --tt-mb 64)."""
    out = subprocess.run([c4, "bench", "--threads", "1", "--tt-mb", "64", path], check=True, capture_output=True, text=True).stdout
    header, row = out.strip().splitlines()[-2:]
    assert header.split()[2] == "mean", header  # file positions mean µs ...
    return float(row.split()[2])


_LONG_SOLVE = """
import signal
import fourgen
# Ctrl-C as at a terminal: a job started in the background inherits SIGINT
# ignored, and Python then raises no KeyboardInterrupt.
signal.signal(signal.SIGINT, signal.default_int_handler)
s = fourgen.Solver(1, book=False)
print("ready", flush=True)
try:
    s.solve("")
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def interrupt_latency() -> float:
    """The seconds from SIGINT to the interrupted solve's handler, in a
    fresh process that has searched for half a second."""
    child = subprocess.Popen([sys.executable, "-c", _LONG_SOLVE], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        if child.stdout.readline().strip() != "ready":
            raise SystemExit("the interrupt check's child did not start")
        time.sleep(0.5)
        start = time.perf_counter()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline().strip()
        took = time.perf_counter() - start
        if line != "interrupted":
            raise SystemExit(f"the interrupt check's child printed {line!r}, want 'interrupted'")
        return took
    finally:
        child.kill()
        child.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--calls", type=int, default=100_000)
    ap.add_argument("--interrupts", type=int, default=5)
    ap.add_argument("--c4")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    data = Path(os.environ.get("FOURGEN_TESTDATA") or REPO.parent / "shared" / "testdata")
    files = args.files or [str(data / "pons" / "Test_L2_R2"), str(data / "pons" / "Test_L1_R2")]
    print(f"fourgen {fourgen.__version__} ({fourgen.go_version}), Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    for pair in range(args.pairs):
        py, go, empty = analyze_call(args.calls, 5), go_analyze_call(), empty_call(args.calls, 5)
        print(f"analyze('4453'), booked, pair {pair + 1}: Python {py:.2f} µs per call, the same call from Go {go:.2f} µs: "
              f"the boundary {py - go:.2f} µs (an empty call {empty:.2f} µs)")
        cols = analyze_call(args.calls, 5, [3, 3, 4, 2], 0)
        print(f"analyze([3, 3, 4, 2], base=0), pair {pair + 1}: {cols:.2f} µs per call, {cols / py:.2f} × the string's (issue 57: within 2 ×)")
    if args.interrupts > 0:
        waits = [interrupt_latency() for _ in range(args.interrupts)]
        print(f"Ctrl-C during a solve: KeyboardInterrupt after {statistics.median(waits) * 1000:.1f} ms median, "
              f"{max(waits) * 1000:.1f} ms at most, of {len(waits)} (issue 57: within 100 ms)")
    with tempfile.TemporaryDirectory() as tmp:
        c4 = args.c4
        if not c4:
            c4 = str(Path(tmp) / "c4")
            subprocess.run(["go", "build", "-o", c4, "./cmd/c4"], cwd=REPO, check=True)
        for path in files:
            lines = []
            with open(path) as f:
                for line in f:
                    fields = line.split()
                    if fields:
                        lines.append((fields[0], int(fields[1])))
            ratios = []
            for pair in range(args.pairs):
                a = c4_mean(c4, path)
                b = package_mean(lines)
                ratios.append(b / a)
                print(f"{Path(path).name} pair {pair + 1}: c4 bench {a:.1f} µs, package {b:.1f} µs per position: {b / a:.3f}")
            print(f"{Path(path).name}: package / c4 bench median {statistics.median(ratios):.3f} (min {min(ratios):.3f}, max {max(ratios):.3f})")


if __name__ == "__main__":
    main()
