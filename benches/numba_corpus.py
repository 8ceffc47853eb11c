#!/usr/bin/env python3
"""The Numba-style corpus (tests/numba/) timed under real Numba, CPython + numpy and kiln.

    python3 benches/numba_corpus.py [--kiln PATH] [-r REPS] [--warm-calls K]
                                    [--heavy] [--no-cpython] [NAME ...]

Each program runs in a fresh process per contender and repetition (benches/
numba_runner.py): its whole first run (`main()` at import: under Numba compilation
included, under kiln the interpreted warm-up, compilation and compiled runs), then K
warm runs of `main()` in the same process. Contenders: Numba (the bench venv's
CPython with real Numba), CPython + numpy with the decorators as no-ops
(tests/support/numba_noop), and kiln twice: compiling everything (KILN_CACHE=0)
and with its machine code from the code cache of an untimed run before ("cached":
a script run again). Times are medians over REPS processes; the table
gives each, and the geo-means of kiln's first run over Numba's warm run (the issue's
goal: at or below 1) and over Numba's first run, and of kiln warm over Numba warm.
Program start-up (the interpreter, `import numpy`) is outside every time.

`--heavy` runs the corpus's heavier programs at sizes where the work outweighs
start-up (benches/numba_heavy.py: the kernels unchanged, only `main()`'s sizes
larger); `--no-cpython` leaves out CPython + numpy, which interprets their loops for
minutes there.
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "numba"
RUNNER = ROOT / "benches" / "numba_runner.py"


def bench_python():
    out = subprocess.run(["bash", str(ROOT / "benches" / "setup"), "--python"], check=True,
                         stdout=subprocess.PIPE, text=True)
    return out.stdout.strip()


def measure(cmd, env, reps, warm_calls):
    firsts, warms = [], []
    for _ in range(reps):
        out = subprocess.run(cmd + ["--warm-calls", str(warm_calls)], env=env, cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if out.returncode != 0:
            raise SystemExit(f"{' '.join(map(str, cmd))} failed:\n{out.stderr}")
        r = json.loads(out.stdout.strip().splitlines()[-1])
        firsts.append(r["first"])
        warms.append(r["warm"])
    return statistics.median(firsts), statistics.median(warms)


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kiln", default=os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
                   + "/release/kiln")
    p.add_argument("-r", "--reps", type=int, default=3)
    p.add_argument("--warm-calls", type=int, default=5)
    p.add_argument("--heavy", action="store_true")
    p.add_argument("--no-cpython", action="store_true")
    p.add_argument("names", nargs="*")
    args = p.parse_args()
    python = bench_python()
    heavy_dir = tempfile.TemporaryDirectory()
    if args.heavy:
        sys.path.insert(0, str(ROOT / "benches"))
        import numba_heavy

        programs = numba_heavy.write(heavy_dir.name)
    else:
        programs = sorted(CORPUS.glob("*.py"))
    if args.names:
        programs = [q for q in programs if any(n in q.stem for n in args.names)]
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    base["NUMBA_CACHE_DIR"] = "/tmp/kiln-bench-numba-cache"
    noop = dict(base, PYTHONPATH=str(ROOT / "tests" / "support" / "numba_noop"))
    print(f"{'program':22} {'numba 1st':>10} {'numba warm':>10} {'cpython':>10} "
          f"{'kiln 1st':>10} {'kiln 1st c':>10} {'kiln warm':>10}  kiln1st/nbwarm  "
          f"(cached)  kiln1st/nb1st")
    ratios = {"first/warm": [], "cached/warm": [], "first/first": [], "warm/warm": [],
              "cpython/kiln": []}
    kiln_cmd = lambda prog: [args.kiln, str(RUNNER), str(prog)]  # noqa: E731
    for prog in programs:
        numba = measure([python, str(RUNNER), str(prog)], base, args.reps, args.warm_calls)
        cpython = (float("nan"), float("nan")) if args.no_cpython else measure(
            [python, str(RUNNER), str(prog)], noop, args.reps, args.warm_calls)
        # kiln twice: compiling everything (no code cache), and as a script run again
        # (machine code from a code cache an untimed run filled).
        kiln = measure(kiln_cmd(prog), dict(base, KILN_CACHE="0"), args.reps,
                       args.warm_calls)
        with tempfile.TemporaryDirectory() as cache:
            cached_env = dict(base, KILN_CACHE_DIR=cache)
            cached_env.pop("KILN_CACHE", None)
            subprocess.run(kiln_cmd(prog) + ["--warm-calls", "0"], env=cached_env, cwd=ROOT,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            cached = measure(kiln_cmd(prog), cached_env, args.reps, args.warm_calls)
        ratios["first/warm"].append(kiln[0] / numba[1])
        ratios["cached/warm"].append(cached[0] / numba[1])
        ratios["first/first"].append(kiln[0] / numba[0])
        ratios["warm/warm"].append(kiln[1] / numba[1])
        if not args.no_cpython:
            ratios["cpython/kiln"].append(cpython[0] / kiln[0])
        ms = lambda s: f"{s * 1e3:9.2f}m"  # noqa: E731
        print(f"{prog.stem:22} {ms(numba[0]):>10} {ms(numba[1]):>10} {ms(cpython[0]):>10} "
              f"{ms(kiln[0]):>10} {ms(cached[0]):>10} {ms(kiln[1]):>10}  "
              f"{kiln[0] / numba[1]:13.1f}x {cached[0] / numba[1]:8.1f}x "
              f"{kiln[0] / numba[0]:13.3f}x", flush=True)
    print()
    print(f"geo-mean, kiln's first run / Numba's warm run:  {geomean(ratios['first/warm']):.2f}x")
    print(f"  the same, kiln's machine code from the cache: {geomean(ratios['cached/warm']):.2f}x")
    print(f"geo-mean, kiln's first run / Numba's first run: {geomean(ratios['first/first']):.3f}x")
    print(f"geo-mean, kiln warm / Numba warm:               {geomean(ratios['warm/warm']):.2f}x")
    print(f"geo-mean, CPython + numpy / kiln (first runs):  {geomean(ratios['cpython/kiln']):.2f}x")


if __name__ == "__main__":
    sys.exit(main())
