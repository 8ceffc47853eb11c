#!/usr/bin/env python3
"""Compile latency of kiln's JIT per loop nest, from its own report.

    python3 benches/compile_latency.py [--kiln PATH] [PROGRAM.py ...]

Runs each program (default: every program of tests/corpus/ and benches/array_kernels/)
under kiln with KILN_JIT_REPORT, and reads the compile time of every specialisation
the report lists: Cranelift's time plus kiln's own passes (scalarisation, typing,
code generation), measured inside compile. Each program runs twice on a code cache of
its own (KILN_CACHE_DIR): the first run's times are compiles, the second's are kiln's
passes plus loading the machine code the first stored (a script run again). Prints
per program the nests compiled and their slowest, then the median and the maximum
over all of them, for each run.
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
    every, loaded = [], []
    print("| program | nests compiled | slowest compile | slowest from the code cache |")
    print("|---|---|---|---|")
    for program in programs:
        with tempfile.TemporaryDirectory() as tmp:
            runs = []
            # Twice on a code cache of its own: the first run compiles (and stores),
            # the second loads the machine code the first stored.
            for k in range(2):
                report = Path(tmp) / f"report{k}.json"
                env = dict(os.environ, KILN_JIT_REPORT=str(report), KILN_CACHE_DIR=tmp)
                env.pop("KILN_CACHE", None)
                run = subprocess.run([args.kiln, str(program)], env=env, capture_output=True,
                                     cwd=ROOT, timeout=600)
                if run.returncode != 0:
                    print(f"{program.name} failed:\n{run.stderr.decode()}", file=sys.stderr)
                    return 1
                specs = [s for site in json.loads(report.read_text())["sites"]
                         for s in site["specialisations"]]
                runs.append(specs)
        # A nest that is another's twin finds its code in the first run already.
        times = [s["compile_ms"] for s in runs[0] if not s["from_cache"]]
        hits = [s["compile_ms"] for s in runs[1] if s["from_cache"]]
        every.extend(times)
        loaded.extend(hits)
        slowest = f"{max(times):.2f} ms" if times else "-"
        slowest_hit = f"{max(hits):.2f} ms ({len(hits)})" if hits else "-"
        print(f"| {program.name} | {len(times)} | {slowest} | {slowest_hit} |")
    if not every:
        print("nothing compiled")
        return 1
    print()
    print(f"{len(every)} nests compiled: median {statistics.median(every):.2f} ms, "
          f"max {max(every):.2f} ms")
    if loaded:
        print(f"{len(loaded)} nests from the code cache on the second run: median "
              f"{statistics.median(loaded):.2f} ms, max {max(loaded):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
