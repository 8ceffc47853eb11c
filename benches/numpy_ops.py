#!/usr/bin/env python3
"""Whole-array numpy operations: kiln's native numpy next to CPython + numpy, one run.

    python3 benches/numpy_ops.py [--kiln PATH] [--python REF] [-r REPEATS]

Runs the same script under both contenders: it builds float64 arrays of 10^7
elements (and 1000x1000 matrices), times each operation REPEATS times in-process
with time.perf_counter after one warm-up call, and reports the median. The harness
prints a Markdown table (median per contender, kiln / numpy ratio) with machine and
date, for benches/RESULTS.md. REF defaults to the reference CPython of tests/setup.
"""

import argparse
import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import ROOT, cpu_model, default_kiln  # noqa: E402

PROGRAM = r"""
import json, sys, time
import numpy as np
repeats = int(sys.argv[1])
n = 10 ** 7
a = np.arange(n) * 0.5
b = np.arange(n) * 0.25 + 1.0
c = np.arange(n) * 0.125
m = (np.arange(10 ** 6) % 1000 * 0.001).reshape(1000, 1000)
k = (np.arange(10 ** 6) % 997 * 0.002).reshape(1000, 1000)
ops = {
    "a + b": lambda: a + b,
    "a * b + c": lambda: a * b + c,
    "a.sum()": lambda: a.sum(),
    "np.sqrt(a)": lambda: np.sqrt(a),
    "m @ k (1000x1000)": lambda: m @ k,
}
out = {}
for name, op in ops.items():
    op()
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        op()
        times.append(time.perf_counter() - t)
    times.sort()
    out[name] = times[len(times) // 2]
print(json.dumps(out))
"""


def measure(command, repeats):
    done = subprocess.run(command + ["-c", PROGRAM, str(repeats)], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{command[0]} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kiln", type=Path, default=default_kiln())
    parser.add_argument("--python", type=Path, default=None)
    parser.add_argument("-r", "--repeats", type=int, default=7)
    args = parser.parse_args()
    python = args.python
    if python is None:
        python = Path(subprocess.run(["bash", str(ROOT / "tests/ref-python"), "--path"],
                                     capture_output=True, text=True).stdout.strip())
    kiln = measure([str(args.kiln)], args.repeats)
    numpy = measure([str(python)], args.repeats)
    print(f"Machine: {cpu_model()}, {os.cpu_count()} cores. Date: {datetime.date.today().isoformat()}.")
    print(f"Command: python3 benches/numpy_ops.py -r {args.repeats} (median of {args.repeats} in-process timings each)")
    print()
    print("| operation | kiln | CPython + numpy | kiln / numpy |")
    print("|---|---|---|---|")
    for name in kiln:
        print(f"| `{name}` | {kiln[name] * 1000:.1f} ms | {numpy[name] * 1000:.1f} ms | {kiln[name] / numpy[name]:.2f}x |")


if __name__ == "__main__":
    main()
