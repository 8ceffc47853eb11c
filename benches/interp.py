#!/usr/bin/env python3
"""Interpreter speed: the programs of benches/interp/ under kiln with KILN_JIT=0 next to CPython.

    python3 benches/interp.py [--kiln PATH [--name TEXT]]... [--jit] [--dir DIR [--pattern GLOB]]
                              [-r RUNS] [--json PATH] [names...]

Each program in benches/interp/ is a plain Python 3 script (standard library only) that
prints a checksum line. For each program the harness runs CPython (this python3) and
each kiln (with KILN_JIT=0 in its environment, so every loop is interpreted)
alternately, RUNS times each after one warm-up run of each, and takes the median wall
time of the whole process. Every run's stdout must equal CPython's; a kiln whose output
differs is marked MISMATCH (the first differing line goes to stderr) and the exit
status is 1. Start-up (`-c pass`) is measured the same way, once per contender, and
printed on its own line so it can be subtracted from the whole-process times. `--jit`
runs kiln as users do, with its JIT on (the same programs, what compiles compiled).

`--kiln` may be given several times, each optionally named by the `--name` that
follows it (`--kiln /a/kiln --name "kiln 0.5" --kiln /b/kiln --name "kiln 0.6"`):
then the table has one more column per later kiln, the first kiln's time over that
kiln's time (above 1: the later kiln is faster). The output is Markdown for
benches/RESULTS.md; progress goes to stderr.
"""

import argparse
import datetime
import json
import math
import os
import platform
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import ROOT, cpu_model, default_kiln  # noqa: E402

PROGRAMS = Path(__file__).resolve().parent / "interp"
# The table's order: the one-construct loops first, then the small programs; a file of
# benches/interp/ not named here comes after them, alphabetically.
ORDER = [
    "empty_for", "attr_read", "attr_store", "global_read", "builtin_call", "list_append",
    "particles", "monte_carlo_pi", "matmul_lists", "word_count", "nbody_lists",
    "richards", "float_ops", "string_dict",
]


class Contender:
    def __init__(self, name, exe, env):
        self.name = name
        self.exe = str(exe)
        self.env = env

    def run(self, args, timeout):
        """One process: (seconds, returncode, stdout, stderr)."""
        start = time.perf_counter()
        try:
            proc = subprocess.run(
                [self.exe, *args], env=self.env, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, timeout=timeout,
            )
        except subprocess.TimeoutExpired:
            return time.perf_counter() - start, "timeout", "", ""
        seconds = time.perf_counter() - start
        return (seconds, proc.returncode, proc.stdout.decode(errors="replace"),
                proc.stderr.decode(errors="replace"))

    def version(self):
        try:
            proc = subprocess.run([self.exe, "--version"], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, env=self.env, timeout=30)
            lines = proc.stdout.decode(errors="replace").strip().splitlines()
            return lines[0] if lines else "?"
        except (OSError, subprocess.TimeoutExpired):
            return "?"


def first_difference(expected, got):
    """(line number, expected line, got line) of the first line that differs."""
    want, have = expected.splitlines(), got.splitlines()
    for number in range(max(len(want), len(have))):
        a = want[number] if number < len(want) else "<no line>"
        b = have[number] if number < len(have) else "<no line>"
        if a != b:
            return number + 1, a, b
    return 0, "", ""


def geo_mean(values):
    values = [v for v in values if v is not None and v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kiln", type=Path, action="append", default=[],
                        help="a kiln binary (repeat to compare builds; default "
                             "$CARGO_TARGET_DIR/release/kiln or target/release/kiln)")
    parser.add_argument("--name", "--label", action="append", default=[], dest="names",
                        help="the name of the --kiln given in the same position")
    parser.add_argument("-r", "--runs", type=int, default=5,
                        help="timed runs of each contender per program (default 5)")
    parser.add_argument("--json", type=Path, help="write the raw timings here")
    parser.add_argument("--timeout", type=float, default=600,
                        help="seconds one run may take (default 600)")
    parser.add_argument("--dir", type=Path, default=PROGRAMS,
                        help="where the programs are (default benches/interp; "
                             "tests/corpus with --pattern 'py_*' times the plain-Python corpus)")
    parser.add_argument("--pattern", default="*",
                        help="which programs of --dir, as a glob without .py (default *)")
    parser.add_argument("--jit", action="store_true",
                        help="run kiln with its JIT on (as users run it) instead of KILN_JIT=0")
    parser.add_argument("programs", nargs="*", metavar="names",
                        help="programs of benches/interp/ to run, without .py (default all)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if len(args.names) > max(len(args.kiln), 1):
        parser.error("more --name than --kiln")
    return args


def main():
    args = parse_args()
    found = sorted(p.stem for p in args.dir.glob(f"{args.pattern}.py"))
    available = [p for p in ORDER if p in found] + [p for p in found if p not in ORDER]
    programs = args.programs or available
    unknown = [p for p in programs if p not in available]
    if unknown:
        sys.exit(f"unknown program(s) {', '.join(unknown)}; available: {', '.join(available)}")

    kilns = args.kiln or [default_kiln()]
    for path in kilns:
        if not path.exists():
            sys.exit(f"no kiln binary at {path}: build it with `cargo build --ignore-rust-version --release`")
    names = list(args.names)
    for i in range(len(names), len(kilns)):
        names.append("kiln" if len(kilns) == 1 else f"kiln {i + 1}")
    if len(set(names)) != len(names):
        sys.exit(f"the kiln names must differ: {names}")

    py_env = dict(os.environ)
    kiln_env = dict(os.environ) if args.jit else dict(os.environ, KILN_JIT="0")
    mode = "the JIT on" if args.jit else "KILN_JIT=0"
    cpython = Contender("CPython", sys.executable, py_env)
    kiln_contenders = [Contender(n, p, kiln_env) for n, p in zip(names, kilns)]
    contenders = [cpython, *kiln_contenders]
    if cpython.name in names:
        sys.exit("no kiln may be named CPython")

    failed = False

    # Start-up: `-c pass`, one warm-up run each, then RUNS alternating runs.
    startup = {c.name: [] for c in contenders}
    for c in contenders:
        c.run(["-c", "pass"], args.timeout)
    for _ in range(args.runs):
        for c in contenders:
            seconds, rc, _, err = c.run(["-c", "pass"], args.timeout)
            if rc != 0:
                sys.exit(f"{c.name} -c pass failed ({rc}): {err.strip()}")
            startup[c.name].append(seconds)
    startup_median = {name: statistics.median(v) for name, v in startup.items()}

    # The programs.
    results = {}
    for program in programs:
        script = str(args.dir / f"{program}.py")
        print(f"{program} ...", file=sys.stderr, flush=True)
        row = {c.name: {"times": [], "status": "ok"} for c in contenders}
        expected = None
        for c in contenders:  # warm-up; CPython's output is the reference
            _, rc, out, err = c.run([script], args.timeout)
            if rc != 0:
                row[c.name]["status"] = "error"
                print(f"  {c.name}: {program} failed ({rc}):\n{err.strip()[-2000:]}",
                      file=sys.stderr)
            elif c is cpython:
                expected = out
        if expected is None:
            sys.exit(f"CPython failed on {program}: fix the program first")
        for _ in range(args.runs):
            for c in contenders:
                entry = row[c.name]
                if entry["status"] == "error":
                    continue
                seconds, rc, out, err = c.run([script], args.timeout)
                if rc != 0:
                    entry["status"] = "error"
                    print(f"  {c.name}: {program} failed ({rc}):\n{err.strip()[-2000:]}",
                          file=sys.stderr)
                    continue
                entry["times"].append(seconds)
                if out != expected and entry["status"] == "ok":
                    entry["status"] = "mismatch"
                    number, want, got = first_difference(expected, out)
                    print(f"  {c.name}: {program} MISMATCH at stdout line {number}:\n"
                          f"    CPython: {want}\n    {c.name}: {got}", file=sys.stderr)
        for c in contenders:
            entry = row[c.name]
            entry["median"] = statistics.median(entry["times"]) if entry["times"] else None
            if entry["status"] != "ok":
                failed = True
        results[program] = row
        print("  " + "; ".join(
            f"{c.name} {row[c.name]['median']:.3f} s" if row[c.name]["median"] is not None
            else f"{c.name} {row[c.name]['status']}" for c in contenders), file=sys.stderr)

    # The table.
    command = "python3 benches/interp.py " + shlex.join(sys.argv[1:])
    versions = {c.name: c.version() for c in contenders}
    print(f"Machine: {cpu_model()}, {os.cpu_count()} cores; {platform.system()} {platform.release()}")
    print(f"Date: {datetime.date.today().isoformat()}; CPython {platform.python_version()}; "
          + "; ".join(f"{c.name}: `{versions[c.name]}` ({c.exe}, {mode})"
                      for c in kiln_contenders))
    print(f"Command: {command.strip()} (median of {args.runs} runs each, whole process)")
    print("Start-up (`-c pass`, median, included in every time below): "
          + "; ".join(f"{c.name} {startup_median[c.name] * 1000:.1f} ms" for c in contenders))
    print()

    header = ["program", "CPython s"]
    for c in kiln_contenders:
        header += [f"{c.name} s", f"{c.name}/CPython"]
    first = kiln_contenders[0]
    for c in kiln_contenders[1:]:
        header.append(f"{first.name}/{c.name} (speed-up)")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))

    ratios = {c.name: [] for c in kiln_contenders}
    speedups = {c.name: [] for c in kiln_contenders[1:]}

    def seconds_cell(entry):
        if entry["median"] is None:
            return "ERROR"
        return f"{entry['median']:.3f}"

    for program, row in results.items():
        base = row[cpython.name]["median"]
        cells = [program, seconds_cell(row[cpython.name])]
        for c in kiln_contenders:
            entry = row[c.name]
            cells.append(seconds_cell(entry))
            if entry["status"] == "ok":
                ratio = entry["median"] / base
                ratios[c.name].append(ratio)
                cells.append(f"{ratio:.2f}x")
            else:
                cells.append(entry["status"].upper())
        for c in kiln_contenders[1:]:
            a, b = row[first.name], row[c.name]
            if a["status"] == "ok" and b["status"] == "ok":
                speedup = a["median"] / b["median"]
                speedups[c.name].append(speedup)
                cells.append(f"{speedup:.2f}x")
            else:
                cells.append("-")
        print("| " + " | ".join(cells) + " |")

    def mean_cell(values):
        g = geo_mean(values)
        return "-" if g is None else f"**{g:.2f}x**"

    cells = ["geo-mean", ""]
    for c in kiln_contenders:
        cells += ["", mean_cell(ratios[c.name])]
    for c in kiln_contenders[1:]:
        cells.append(mean_cell(speedups[c.name]))
    print("| " + " | ".join(cells) + " |")
    if failed:
        print()
        print("Rows marked MISMATCH or ERROR are left out of the geo-means.")

    if args.json:
        data = {
            "machine": {"cpu": cpu_model(), "cores": os.cpu_count(),
                        "system": f"{platform.system()} {platform.release()}"},
            "date": datetime.date.today().isoformat(),
            "command": command.strip(),
            "runs": args.runs,
            "contenders": [{"name": c.name, "executable": c.exe, "version": versions[c.name],
                            "env": {"KILN_JIT": "0"} if c is not cpython else {}}
                           for c in contenders],
            "startup": {name: {"times": v, "median": startup_median[name]}
                        for name, v in startup.items()},
            "programs": results,
        }
        args.json.write_text(json.dumps(data, indent=2) + "\n")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
