#!/usr/bin/env python3
"""Runs one program of tests/numba/ in this process: its whole first run, then warm runs.

    PYTHON numba_runner.py PROGRAM.py [--warm-calls K]

The program is imported as a module, so its last line (`main()`) is the first run,
timed whole: under real Numba that includes compiling every decorated function, under
kiln interpreting until loops get hot, compiling them and running compiled. `numpy`
and `numba` (Numba, kiln's module, or the no-op shim) are imported before the clock
starts: start-up costs, not the first call's. Then
`main()` runs K more times (warm: Numba's compiled functions, kiln's compiled loops).
Output goes to a buffer; the warm runs must print what the first printed.

Prints one line of JSON: {"first": seconds, "warm": median seconds}.
"""

import contextlib
import io
import json
import statistics
import sys
import time
from pathlib import Path


def main():
    path = Path(sys.argv[1]).resolve()
    k = int(sys.argv[sys.argv.index("--warm-calls") + 1]) if "--warm-calls" in sys.argv else 5
    sys.path.insert(0, str(path.parent))
    import numba  # noqa: F401
    import numpy  # noqa: F401

    first_out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(first_out):
        module = __import__(path.stem)
    first = time.perf_counter() - start
    warm = []
    for _ in range(k):
        out = io.StringIO()
        start = time.perf_counter()
        with contextlib.redirect_stdout(out):
            module.main()
        warm.append(time.perf_counter() - start)
        if out.getvalue() != first_out.getvalue():
            print(f"{path.name}: a warm run printed something else", file=sys.stderr)
            sys.exit(1)
    print(json.dumps({"first": first, "warm": statistics.median(warm)}))


main()
