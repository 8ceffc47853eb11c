#!/usr/bin/env python3
"""Compile latency of kiln's JIT per loop nest, from its own report.

    python3 benches/compile_latency.py [--kiln PATH] [PROGRAM.py ...]

Runs each program (default: every program of tests/corpus/ and benches/array_kernels/)
under kiln with KILN_JIT_REPORT, and reads the compile time of every specialisation
the report lists: Cranelift's time plus kiln's own passes (scalarisation, typing,
code generation), measured inside compile. Prints per program the nests compiled and
their slowest, then the median and the maximum over all of them.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def default_kiln():
    target = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
    return str(Path(target) / "release" / "kiln")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kiln", default=default_kiln())
    ap.add_argument("programs", nargs="*")
    args = ap.parse_args()
    programs = [Path(p) for p in args.programs] or sorted(
        list((ROOT / "tests" / "corpus").glob("*.py"))
        + list((ROOT / "benches" / "array_kernels").glob("*.py"))
    )
    every = []
    print("| program | nests compiled | slowest compile |")
    print("|---|---|---|")
    for program in programs:
        with tempfile.TemporaryDirectory() as tmp:
            report = Path(tmp) / "report.json"
            env = dict(os.environ, KILN_JIT_REPORT=str(report))
            run = subprocess.run([args.kiln, str(program)], env=env, capture_output=True,
                                 cwd=ROOT, timeout=600)
            if run.returncode != 0:
                print(f"{program.name} failed:\n{run.stderr.decode()}", file=sys.stderr)
                return 1
            sites = json.loads(report.read_text())["sites"]
        times = [s["compile_ms"] for site in sites for s in site["specialisations"]]
        every.extend(times)
        slowest = f"{max(times):.2f} ms" if times else "-"
        print(f"| {program.name} | {len(times)} | {slowest} |")
    if not every:
        print("nothing compiled")
        return 1
    print()
    print(f"{len(every)} nests: median {statistics.median(every):.2f} ms, "
          f"max {max(every):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
