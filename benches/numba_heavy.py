"""The corpus's heavier programs: tests/numba/ programs at sizes where the work
outweighs start-up, for `benches/numba_corpus.py --heavy`.

Each is the corpus program with its kernels unchanged and only `main()`'s sizes (and
the slices it prints, to keep the output short) replaced, as listed here; `write`
makes them in a directory of their own.
"""

from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "numba"

# program: [(text in main(), its heavier replacement), ...]
SIZES = {
    "mandelbrot_complex": [("linspace(-2.0, 0.5, 48)", "linspace(-2.0, 0.5, 480)"),
                           ("linspace(-1.125, 1.125, 37)", "linspace(-1.125, 1.125, 370)"),
                           ("counts[5, 20:36]", "counts[50, 200:216]")],
    "matmul_triple": [("n = 24", "n = 200")],
    "jacobi_2d_loops": [("n = 24", "n = 300")],
    "pairwise_dist": [("rng.random((60, 3))", "rng.random((1500, 3))"),
                      ("D[59, 55:]", "D[59, 55:60]")],
    "nbody_step": [("n = 16", "n = 400")],
    "floyd_warshall": [("n = 30", "n = 300")],
    "lu_solve": [("n = 32", "n = 300")],
    "conv1d": [("n = 200", "n = 200000")],
    "dft_naive": [("n = 64", "n = 1024")],
    "cummax_drawdown": [("size=500", "size=500000"), ("[::100]", "[::100000]")],
    "monte_carlo_lcg": [("estimate_pi(seed, 5000)", "estimate_pi(seed, 2000000)"),
                        ("inside / 5000", "inside / 2000000"),
                        ("integrate_box(seed, 2000, out)", "integrate_box(seed, 500000, out)")],
    "sor_while": [("n = 40", "n = 200"), ("5000)", "200000)"), ("u[::8]", "u[::40]")],
    "newton_fractal": [("linspace(-1.3, 1.3, 34)", "linspace(-1.3, 1.3, 340)"),
                       ("linspace(-1.1, 1.1, 27)", "linspace(-1.1, 1.1, 270)"),
                       ("which[6, ::2]", "which[60, ::40]"), ("iters[6, ::2]", "iters[60, ::40]")],
    "histogram_cache": [("standard_normal(4000)", "standard_normal(2000000)")],
    "softmax_fastmath": [("standard_normal((40, 12))", "standard_normal((20000, 64))")],
    "gemm_noloop": [("ni, nj, nk = 16, 32, 8", "ni, nj, nk = 160, 320, 80")],
}


def write(directory):
    """Writes the heavier programs into `directory`; their paths, sorted."""
    out = []
    for name, replacements in SIZES.items():
        source = (CORPUS / f"{name}.py").read_text()
        head, sep, main = source.partition("\ndef main():")
        if not sep:
            raise SystemExit(f"{name}.py: no main() to resize")
        for old, new in replacements:
            if old not in main:
                raise SystemExit(f"{name}.py: `{old}` is not in main() any more")
            main = main.replace(old, new)
        path = Path(directory) / f"{name}.py"
        path.write_text(head + sep + main)
        out.append(path)
    return sorted(out)
