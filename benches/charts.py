#!/usr/bin/env python3
"""Draws speedup-vs-size charts from a run.py --sweep JSON file (needs matplotlib).

    python charts.py SWEEP.json DIRECTORY

One chart per kernel (DIRECTORY/<kernel>.png and .svg) and a summary with every
kernel as a small panel (DIRECTORY/summary.png and .svg). The y axis is the speedup
over CPython measured in the same run (CPython time / contender time, log scale), the
x axis the kernel's size parameter n (log scale, doubling). A point above the dashed
line at 1 is faster than CPython. Prints the paths of the PNG files it wrote, the
summary first.
"""

import json
import sys
from collections import defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import NullLocator  # noqa: E402

SERIES = (
    # (label, contender, which median, style)
    ("kiln warm", "kiln", "median", {"color": "#d62728", "marker": "o", "linewidth": 2}),
    ("kiln cold (first call)", "kiln", "cold_median", {"color": "#e377c2", "marker": "D", "linestyle": "--"}),
    ("kiln KILN_JIT=0", "kiln-nojit", "median", {"color": "#ff9896", "marker": "s", "linestyle": ":"}),
    ("Numba warm", "numba", "median", {"color": "#1f77b4", "marker": "^"}),
    ("Numba cold (with compile)", "numba", "cold_median", {"color": "#aec7e8", "marker": "v", "linestyle": "--"}),
)


def series_by_kernel(results):
    """kernel -> n -> contender -> record."""
    table = defaultdict(lambda: defaultdict(dict))
    for record in results:
        table[record["kernel"]][record["n"]][record["contender"]] = record
    return table


def speedups(points, contender, key):
    xs, ys = [], []
    for n in sorted(points):
        base = points[n].get("python3", {}).get("median")
        value = points[n].get(contender, {}).get(key)
        if base and value:
            xs.append(n)
            ys.append(base / value)
    return xs, ys


def size_label(n):
    if n >= 1_000_000:
        return f"{n / 1e6:g}M"
    if n >= 10_000:
        return f"{n / 1e3:g}K"
    return str(n)


def draw(ax, kernel, points, legend):
    for label, contender, key, style in SERIES:
        xs, ys = speedups(points, contender, key)
        if xs:
            ax.plot(xs, ys, label=label, **style)
    ax.axhline(1.0, color="black", linestyle="--", linewidth=0.8)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    sizes = sorted(points)
    ax.set_xticks(sizes, [size_label(n) for n in sizes])
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_title(kernel)
    ax.grid(True, which="major", alpha=0.3)
    if legend:
        ax.set_xlabel("size n")
        ax.set_ylabel("speedup over CPython")
        ax.legend(fontsize="small")


def save(fig, directory, stem):
    png = directory / f"{stem}.png"
    fig.savefig(png, dpi=100)
    # No date or random ids in the SVG, so a rerun with the same numbers is identical.
    fig.savefig(directory / f"{stem}.svg", metadata={"Date": None})
    plt.close(fig)
    return png


def main():
    data = json.loads(Path(sys.argv[1]).read_text())
    directory = Path(sys.argv[2])
    directory.mkdir(parents=True, exist_ok=True)
    plt.rcParams["svg.hashsalt"] = "kiln"
    table = series_by_kernel(data["results"])
    env = data["environment"]
    subtitle = f"{env['cpu']}, {env['cores']} cores; {env['date'][:10]}"

    kernels = sorted(table)
    cols = 5
    rows = (len(kernels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(4 * cols, 3.2 * rows), squeeze=False)
    for ax, kernel in zip(axes.flat, kernels):
        draw(ax, kernel, table[kernel], legend=False)
    for ax in list(axes.flat)[len(kernels):]:
        ax.axis("off")
    handles, labels = axes.flat[0].get_legend_handles_labels()
    fig.suptitle(f"Speedup over CPython (CPython time / contender time) vs size n, log-log — {subtitle}")
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    fig.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, 0.965), ncol=len(labels))
    written = [save(fig, directory, "summary")]

    for kernel in kernels:
        fig, ax = plt.subplots(figsize=(6, 4))
        draw(ax, kernel, table[kernel], legend=True)
        fig.suptitle(subtitle, fontsize="small")
        fig.tight_layout()
        written.append(save(fig, directory, kernel))
    for path in written:
        print(path)


if __name__ == "__main__":
    main()
