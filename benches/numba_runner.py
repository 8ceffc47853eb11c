#!/usr/bin/env python3
"""Runs one benchmark kernel with its loop-nest function wrapped in `numba.njit`.

    python numba_runner.py KERNEL.py N [--warm-calls K]

Used by run.py under the bench venv's CPython (benches/setup). The kernel module is
imported from its file; its loop-nest function (named like the file) and every other
plain function it defines, except `inputs` and `checksum`, are wrapped in
`numba.njit` with Numba's defaults (no fastmath, no parallel), so helpers such as
black_scholes' `cnd` compile too. Each call gets fresh inputs from `inputs(n)`.

Prints, like the kernel scripts themselves:
    checksum: C           of the first call
    cold-seconds: T       the first call, compilation included
    seconds: T            the median of K later calls (warm)
The later calls' checksums must equal the first one's, or it exits with status 1.
"""

import argparse
import importlib.util
import statistics
import sys
import time
import types
from pathlib import Path

import numba


def load(path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))
    spec.loader.exec_module(module)
    return module


def jit_module(module):
    """Wraps the module's own plain functions in njit; returns the kernel's wrapper."""
    for name, value in list(vars(module).items()):
        if (
            isinstance(value, types.FunctionType)
            and value.__module__ == module.__name__
            and name not in ("inputs", "checksum")
        ):
            setattr(module, name, numba.njit(value))
    return getattr(module, module.__name__)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernel", type=Path)
    parser.add_argument("n", type=int)
    parser.add_argument("--warm-calls", type=int, default=3)
    args = parser.parse_args()

    module = load(args.kernel.resolve())
    kernel = jit_module(module)

    inputs = module.inputs(args.n)
    start = time.perf_counter()
    result = kernel(*inputs)
    cold = time.perf_counter() - start
    first = f"{module.checksum(result):.12g}"

    warm = []
    for _ in range(args.warm_calls):
        inputs = module.inputs(args.n)
        start = time.perf_counter()
        result = kernel(*inputs)
        warm.append(time.perf_counter() - start)
        again = f"{module.checksum(result):.12g}"
        if again != first:
            print(f"numba_runner: a warm call's checksum {again} differs from the first call's {first}", file=sys.stderr)
            sys.exit(1)

    print(f"checksum: {first}")
    print(f"cold-seconds: {cold:.6f}")
    print(f"seconds: {statistics.median(warm):.6f}")


if __name__ == "__main__":
    main()
