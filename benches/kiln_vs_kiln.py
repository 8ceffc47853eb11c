#!/usr/bin/env python3
"""Two kiln builds on the heavy Numba-style corpus, alternately, in one sitting.

    python3 benches/kiln_vs_kiln.py OLD NEW [-r REPS] [--warm-calls K] [NAME ...]

This machine's times move 1.5-2x from hour to hour, so a change is judged only
against the build before it run in the same minutes: each repetition runs every
program under OLD then NEW (then NEW then OLD, alternating the order), each in a
fresh process without the code cache (`KILN_CACHE=0`), through benches/numba_runner.py
(the whole first run, then K warm runs). It prints per program the medians of the
first run and of the warm run under each build, and the geo-means of NEW / OLD.
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
RUNNER = ROOT / "benches" / "numba_runner.py"


def run(kiln, prog, warm_calls, env):
    out = subprocess.run([kiln, str(RUNNER), str(prog), "--warm-calls", str(warm_calls)],
                         env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    if out.returncode != 0:
        raise SystemExit(f"{kiln} {prog} failed:\n{out.stderr}")
    r = json.loads(out.stdout.strip().splitlines()[-1])
    return r["first"], r["warm"]


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("-r", "--reps", type=int, default=5)
    p.add_argument("--warm-calls", type=int, default=3)
    p.add_argument("names", nargs="*")
    args = p.parse_args()
    sys.path.insert(0, str(ROOT / "benches"))
    import numba_heavy

    work = tempfile.TemporaryDirectory()
    programs = numba_heavy.write(work.name)
    if args.names:
        programs = [q for q in programs if any(n in q.stem for n in args.names)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["KILN_CACHE"] = "0"
    print(f"{'program':22} {'old 1st':>9} {'new 1st':>9} {'old warm':>9} {'new warm':>9}"
          f"  1st new/old  warm new/old")
    firsts, warms = [], []
    for prog in programs:
        times = {args.old: [], args.new: []}
        for rep in range(args.reps):
            order = (args.old, args.new) if rep % 2 == 0 else (args.new, args.old)
            for kiln in order:
                times[kiln].append(run(kiln, prog, args.warm_calls, env))
        (of, ow), (nf, nw) = (
            tuple(statistics.median(t[k] for t in times[b]) for k in (0, 1))
            for b in (args.old, args.new))
        firsts.append(nf / of)
        warms.append(nw / ow)
        print(f"{prog.stem:22} {of * 1e3:8.2f}m {nf * 1e3:8.2f}m {ow * 1e3:8.2f}m "
              f"{nw * 1e3:8.2f}m  {nf / of:10.2f}x {nw / ow:12.2f}x", flush=True)
    print(f"\ngeo-mean new/old: first run {geomean(firsts):.3f}x, warm {geomean(warms):.3f}x")


if __name__ == "__main__":
    sys.exit(main())
