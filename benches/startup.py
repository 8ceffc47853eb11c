#!/usr/bin/env python3
"""Start-up time: `kiln -c pass` next to `python3 -c pass`, measured in one run.

    python3 benches/startup.py [--kiln PATH] [-n RUNS]

Runs the two commands alternately (so both see the same machine state), RUNS times
each after one warm-up run, and prints the median wall time of each and their ratio,
with the machine and date, as a Markdown table row block for benches/RESULTS.md.
"""

import argparse
import datetime
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def default_kiln():
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "kiln"


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def wall_time(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kiln", type=Path, default=default_kiln())
    parser.add_argument("-n", "--runs", type=int, default=10)
    args = parser.parse_args()
    if not args.kiln.exists():
        sys.exit(f"no kiln binary at {args.kiln}: build it with `cargo build --ignore-rust-version --release`")
    contenders = {
        "kiln -c pass": [str(args.kiln), "-c", "pass"],
        "python3 -c pass": [sys.executable, "-c", "pass"],
    }
    times = {name: [] for name in contenders}
    for command in contenders.values():
        wall_time(command)
    for _ in range(args.runs):
        for name, command in contenders.items():
            times[name].append(wall_time(command))
    medians = {name: statistics.median(values) for name, values in times.items()}
    ratio = medians["kiln -c pass"] / medians["python3 -c pass"]
    print(f"Machine: {cpu_model()}, {os.cpu_count()} cores; {platform.system()} {platform.release()}")
    print(f"Date: {datetime.date.today().isoformat()}; CPython {platform.python_version()}")
    print(f"Command: python3 benches/startup.py -n {args.runs} (median of {args.runs} runs each)")
    print()
    print("| command | median start-up | vs python3 |")
    print("|---|---|---|")
    for name, median in medians.items():
        print(f"| `{name}` | {median * 1000:.1f} ms | {median / medians['python3 -c pass']:.2f}x |")
    print()
    goal = "met" if medians["kiln -c pass"] < 0.050 else "NOT met"
    print(f"Goal (kiln start-up under 50 ms): {goal}; kiln/python3 = {ratio:.2f}")


if __name__ == "__main__":
    main()
