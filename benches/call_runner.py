#!/usr/bin/env python3
"""Calls one benchmark kernel several times in one process: the first call, then warm ones.

    python call_runner.py KERNEL.py N [--njit | --prange] [--warm-calls K]
    kiln   call_runner.py KERNEL.py N [--warm-calls K]

Used by run.py for the contenders that have a warm time: kiln (whose JIT keeps what it
compiled for the rest of the process, so later calls enter compiled code at once) and
Numba (with --njit, under the bench venv's CPython). The kernel module is imported from
its file by its name, so under kiln it goes through kiln's compile path like any module
a script imports. With --njit its loop-nest function (named like the file) and every
other plain function it defines, except `inputs` and `checksum`, are wrapped in
`numba.njit` with Numba's defaults (no fastmath, no parallel), so helpers such as
black_scholes' `cnd` compile too. With --prange the kernel is annotated as a Numba user
would by hand: its first `for ... in range(` becomes `numba.prange(` and it is
compiled with `numba.njit(parallel=True)` (a yardstick for kiln's tier 2, which finds
parallel loops without the annotation). Each call gets fresh inputs from `inputs(n)`.

Prints, like the kernel scripts themselves:
    checksum: C           of the first call
    cold-seconds: T       the first call (for Numba, compilation included; for kiln,
                          interpreted warm-up, compilation and compiled run)
    seconds: T            the median of K later calls (warm)
The later calls' checksums must equal the first one's, or it exits with status 1.
"""

import argparse
import statistics
import sys
import time
import types
from pathlib import Path


def load(path):
    sys.path.insert(0, str(path.parent))
    return __import__(path.stem)


def njit_module(module):
    """Wraps the module's own plain functions in numba.njit, in place."""
    import numba

    for name, value in list(vars(module).items()):
        if (
            isinstance(value, types.FunctionType)
            and value.__module__ == module.__name__
            and name not in ("inputs", "checksum")
        ):
            setattr(module, name, numba.njit(value))


def prange_module(module):
    """numba.njit(parallel=True) of the kernel with its outermost loop made a prange,
    the rest as njit_module makes it."""
    import inspect
    import numba

    kernel = getattr(module, module.__name__)
    source = inspect.getsource(kernel)
    if "in range(" not in source:
        raise SystemExit(f"call_runner: {module.__name__} has no range() loop to annotate")
    annotated = source.replace("in range(", "in numba.prange(", 1)
    namespace = dict(vars(module))
    namespace["numba"] = numba
    exec(compile(annotated, inspect.getsourcefile(kernel), "exec"), namespace)
    njit_module(module)
    setattr(module, module.__name__, numba.njit(parallel=True)(namespace[module.__name__]))


def timed_call(module, n):
    inputs = module.inputs(n)
    kernel = getattr(module, module.__name__)
    start = time.perf_counter()
    result = kernel(*inputs)
    seconds = time.perf_counter() - start
    return seconds, f"{module.checksum(result):.12g}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernel", type=Path)
    parser.add_argument("n", type=int)
    parser.add_argument("--njit", action="store_true", help="wrap the kernel's functions in numba.njit")
    parser.add_argument("--prange", action="store_true", help="as --njit, the kernel's outer loop a numba.prange")
    parser.add_argument("--warm-calls", type=int, default=3)
    args = parser.parse_args()

    module = load(args.kernel.resolve())
    if args.prange:
        prange_module(module)
    elif args.njit:
        njit_module(module)

    cold, first = timed_call(module, args.n)
    warm = []
    for _ in range(args.warm_calls):
        seconds, again = timed_call(module, args.n)
        warm.append(seconds)
        if again != first:
            print(f"call_runner: a warm call's checksum {again} differs from the first call's {first}", file=sys.stderr)
            sys.exit(1)

    print(f"checksum: {first}")
    print(f"cold-seconds: {cold:.6f}")
    print(f"seconds: {statistics.median(warm):.6f}")


if __name__ == "__main__":
    main()
