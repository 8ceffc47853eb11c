#!/usr/bin/env python3
"""kiln's kernel benchmarks: every kernel under CPython, kiln and Numba, in one run.

    python3 benches/run.py                      the table at each kernel's TABLE_N
    python3 benches/run.py --sweep              sizes doubling up to TABLE_N, with charts
    python3 benches/run.py --size tiny -r 1     a quick correctness pass
    python3 benches/run.py --size large gemm    where compiled code is measured (Numba
                                                warm about 10-40 ms; CPython takes seconds)

For each kernel of benches/kernels/ (or those named) and each size, the contenders run
alternately, each repetition in a fresh process:

    python3     the kernel script under CPython with numpy (the reference)
    kiln        the kernel under kiln, JIT as configured by default, called by
                benches/call_runner.py: cold = the first call (interpreted warm-up,
                compilation and the compiled run); warm = later calls in the same
                process, which enter the compiled code at once
    kiln-serial the same as kiln with KILN_THREADS=1: tier 1 only, no parallel loops
    kiln-nojit  the kernel script under kiln with KILN_JIT=0 (the interpreter alone)
    numba       the kernel's function wrapped in numba.njit (benches/call_runner.py
                --njit): cold = the first call, compilation included; warm = later calls

Times are the kernel call alone (inputs are built before the clock starts), as each
script measures and prints it; the table shows the median over the repetitions and
time ratios (below 1 means kiln is faster). Every contender's checksum is compared
with CPython's (relative tolerance CHECKSUM_RTOL, or NUMBA_RTOL for Numba, from the
kernel file; default 1e-9): a mismatch, or a contender that fails, is reported on
stderr and makes the exit status 1, after the table has been printed.

CPython, numpy, Numba and matplotlib come from the bench venv that benches/setup
installs (~/.cache/kiln-bench/venv), unless --python names another interpreter; Numba
runs when that interpreter has it. kiln is $CARGO_TARGET_DIR/release/kiln (or
target/release/kiln) unless --kiln says otherwise: build it first with
`cargo build --ignore-rust-version --release -p kiln-repl`.
"""

import argparse
import ast
import datetime
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCHES = Path(__file__).resolve().parent
ROOT = BENCHES.parent
KERNELS = BENCHES / "kernels"
CONTENDERS = ("python3", "kiln", "kiln-serial", "kiln-nojit", "numba", "numba-prange")
DEFAULT_RTOL = 1e-9
SWEEP_POINTS = 5
RESULTS_MD = BENCHES / "RESULTS.md"
SIZE_NAMES = ("tiny", "table", "large")


@dataclass
class Kernel:
    name: str
    path: Path
    tiny: int
    table: int
    large: int
    rtol: float
    numba_rtol: float

    def sweep(self, points):
        sizes = [max(self.tiny, self.table >> k) for k in range(points - 1, -1, -1)]
        return sorted(set(sizes))


@dataclass
class Measurement:
    """All repetitions of one contender on one kernel at one size."""

    contender: str
    seconds: list = field(default_factory=list)
    cold_seconds: list = field(default_factory=list)
    checksums: list = field(default_factory=list)
    error: str = ""
    mismatch: str = ""

    def median(self):
        return statistics.median(self.seconds) if self.seconds and not self.failed else None

    def cold_median(self):
        return statistics.median(self.cold_seconds) if self.cold_seconds and not self.failed else None

    @property
    def failed(self):
        return bool(self.error or self.mismatch)


def read_kernel(path):
    """Reads a kernel file's size and tolerance constants without importing it."""
    constants = {}
    for node in ast.parse(path.read_text(), str(path)).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                constants[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    for required in ("TINY_N", "TABLE_N"):
        if not isinstance(constants.get(required), int):
            raise SystemExit(f"run.py: {path} has no integer {required} = ... at module level")
    rtol = float(constants.get("CHECKSUM_RTOL", DEFAULT_RTOL))
    return Kernel(
        name=path.stem,
        path=path,
        tiny=constants["TINY_N"],
        table=constants["TABLE_N"],
        large=int(constants.get("LARGE_N", constants["TABLE_N"])),
        rtol=rtol,
        numba_rtol=float(constants.get("NUMBA_RTOL", rtol)),
    )


def find_kernels(names):
    if not names:
        return [read_kernel(p) for p in sorted(KERNELS.glob("*.py")) if not p.name.startswith("_")]
    kernels = []
    for name in names:
        path = Path(name)
        if not path.suffix:
            path = KERNELS / f"{name}.py"
        if not path.is_file():
            known = ", ".join(p.stem for p in sorted(KERNELS.glob("*.py")))
            raise SystemExit(f"run.py: no kernel {name!r} (known: {known})")
        kernels.append(read_kernel(path.resolve()))
    return kernels


def default_kiln():
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "kiln"


def bench_python():
    """The bench venv's interpreter, installed or refreshed by benches/setup."""
    done = subprocess.run(
        ["bash", str(BENCHES / "setup"), "--python"], check=True, stdout=subprocess.PIPE, text=True
    )
    return Path(done.stdout.strip())


def probe(python, code):
    done = subprocess.run([str(python), "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return done.stdout.strip() if done.returncode == 0 else None


def command_for(contender, kernel, n, python, kiln):
    """The command line and environment that run one repetition."""
    env = dict(os.environ)
    env.pop("KILN_JIT", None)
    if contender == "python3":
        return [str(python), str(kernel.path), str(n)], env
    if contender == "kiln":
        return [str(kiln), str(BENCHES / "call_runner.py"), str(kernel.path), str(n)], env
    if contender == "kiln-serial":
        env["KILN_THREADS"] = "1"
        return [str(kiln), str(BENCHES / "call_runner.py"), str(kernel.path), str(n)], env
    if contender == "kiln-nojit":
        env["KILN_JIT"] = "0"
        return [str(kiln), str(kernel.path), str(n)], env
    if contender == "numba":
        return [str(python), str(BENCHES / "call_runner.py"), str(kernel.path), str(n), "--njit"], env
    if contender == "numba-prange":
        return [str(python), str(BENCHES / "call_runner.py"), str(kernel.path), str(n), "--prange"], env
    raise ValueError(contender)


def parse_report(stdout):
    """The `key: value` lines a kernel script (or the Numba runner) prints."""
    fields = {}
    for line in stdout.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip()] = value.strip()
    return fields


def run_once(contender, kernel, n, python, kiln, timeout, measurement):
    command, env = command_for(contender, kernel, n, python, kiln)
    try:
        done = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        measurement.error = f"timed out after {timeout} s"
        return
    fields = parse_report(done.stdout)
    if done.returncode != 0 or "checksum" not in fields or "seconds" not in fields:
        last = (done.stderr.strip().splitlines() or ["(no output on stderr)"])[-1]
        measurement.error = f"exit status {done.returncode}: {last}"
        return
    try:
        measurement.seconds.append(float(fields["seconds"]))
        if "cold-seconds" in fields:
            measurement.cold_seconds.append(float(fields["cold-seconds"]))
    except ValueError:
        measurement.error = f"unreadable time in {fields}"
        return
    measurement.checksums.append(fields["checksum"])


def agree(value, reference, rtol):
    try:
        a, b = float(value), float(reference)
    except ValueError:
        return value == reference
    return abs(a - b) <= rtol * max(abs(a), abs(b)) + 1e-300 or a == b


def check(kernel, row):
    """Marks every contender whose checksum differs from CPython's (or between runs)."""
    reference = row.get("python3")
    if reference is None or reference.failed or not reference.checksums:
        return
    ref = reference.checksums[0]
    for m in row.values():
        if m.error or not m.checksums:
            continue
        rtol = kernel.numba_rtol if m.contender == "numba" else kernel.rtol
        for value in m.checksums:
            if not agree(value, ref, rtol):
                m.mismatch = f"checksum {value}, CPython's is {ref} (relative tolerance {rtol:g})"
                break


def fmt_time(seconds):
    if seconds is None:
        return "—"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} µs"


def fmt_ratio(a, b):
    if a is None or b is None or b <= 0:
        return "—"
    r = a / b
    return f"{r:.3g}x"


def cell(row, contender, cold=False):
    m = row.get(contender)
    if m is None:
        return "—"
    if m.mismatch:
        return "MISMATCH"
    if m.error:
        return "error"
    return fmt_time(m.cold_median() if cold else m.median())


WARM_AND_COLD = ("kiln", "kiln-serial", "numba", "numba-prange")


def table_header(contenders):
    cols = ["kernel", "n"]
    names = {
        "python3": "CPython",
        "kiln": "kiln",
        "kiln-serial": "kiln 1 thread",
        "kiln-nojit": "kiln JIT=0",
        "numba": "Numba",
        "numba-prange": "Numba prange",
    }
    for c in contenders:
        if c in WARM_AND_COLD:
            cols += [f"{names[c]} cold", f"{names[c]} warm"]
        else:
            cols.append(names[c])
    if "kiln" in contenders:
        cols.append("kiln cold / CPython")
        if "kiln-nojit" in contenders:
            cols.append("kiln cold / JIT=0")
        if "numba" in contenders:
            cols += ["kiln cold / Numba cold", "kiln warm / Numba warm"]
        if "kiln-serial" in contenders:
            cols.append("kiln warm / 1 thread warm")
        if "numba-prange" in contenders:
            cols.append("kiln warm / Numba prange warm")
    if "kiln-nojit" in contenders:
        cols.append("JIT=0 / CPython")
    return "| " + " | ".join(cols) + " |\n|" + "---|" * len(cols)


def table_row(kernel, n, row, contenders):
    cells = [kernel.name, str(n)]
    for c in contenders:
        if c in WARM_AND_COLD:
            cells.append(cell(row, c, cold=True))
        cells.append(cell(row, c))

    def med(c, cold=False):
        m = row.get(c)
        if m is None:
            return None
        return m.cold_median() if cold else m.median()

    if "kiln" in contenders:
        cells.append(fmt_ratio(med("kiln", cold=True), med("python3")))
        if "kiln-nojit" in contenders:
            cells.append(fmt_ratio(med("kiln", cold=True), med("kiln-nojit")))
        if "numba" in contenders:
            cells.append(fmt_ratio(med("kiln", cold=True), med("numba", cold=True)))
            cells.append(fmt_ratio(med("kiln"), med("numba")))
        if "kiln-serial" in contenders:
            cells.append(fmt_ratio(med("kiln"), med("kiln-serial")))
        if "numba-prange" in contenders:
            cells.append(fmt_ratio(med("kiln"), med("numba-prange")))
    if "kiln-nojit" in contenders:
        cells.append(fmt_ratio(med("kiln-nojit"), med("python3")))
    return "| " + " | ".join(cells) + " |"


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def environment(python, kiln, contenders):
    info = {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "os": f"{platform.system()} {platform.release()}",
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "cpython": probe(python, "import platform; print(platform.python_version())"),
        "numpy": probe(python, "import numpy; print(numpy.__version__)"),
        "numba": probe(python, "import numba; print(numba.__version__)") if "numba" in contenders else None,
        "kiln": None,
        "python": str(python),
    }
    if any(c.startswith("kiln") for c in contenders):
        done = subprocess.run([str(kiln), "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        info["kiln"] = done.stdout.strip()
    return info


def header_lines(info, command, reps):
    versions = [f"CPython {info['cpython']}", f"numpy {info['numpy']}"]
    if info.get("numba"):
        versions.append(f"Numba {info['numba']}")
    if info.get("kiln"):
        versions.append(info["kiln"])
    return [
        f"- Machine: {info['cpu']}, {info['cores']} cores; {info['os']}",
        f"- Date: {info['date']}",
        f"- Versions: {', '.join(versions)}",
        f"- Command: `{command}` (median of {reps} runs each, contenders alternating)",
    ]


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("kernels", nargs="*", help="kernel names or .py paths (default: all of benches/kernels)")
    sizes = parser.add_mutually_exclusive_group()
    sizes.add_argument(
        "--size",
        default="table",
        help="'table' (each kernel's TABLE_N, the default), 'tiny' (TINY_N), 'large' (LARGE_N: long for "
        "the interpreters), or comma-separated integers",
    )
    sizes.add_argument(
        "--sweep",
        action="store_true",
        help=f"{SWEEP_POINTS} sizes per kernel, doubling up to TABLE_N, and charts (matplotlib)",
    )
    parser.add_argument("-r", "--reps", type=int, default=3, help="repetitions per contender (default 3)")
    parser.add_argument(
        "-c",
        "--contenders",
        default=",".join(CONTENDERS),
        help=f"comma-separated subset of {','.join(CONTENDERS)} (default: all; numba when installed)",
    )
    parser.add_argument("--python", type=Path, help="CPython with numpy (default: the bench venv of benches/setup)")
    parser.add_argument("--kiln", type=Path, default=default_kiln(), help="the kiln binary (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds allowed per run (default 600)")
    parser.add_argument("--json", metavar="FILE", help="also write every measurement as JSON ('-' for stdout)")
    parser.add_argument("--charts", type=Path, default=BENCHES / "charts", help="where --sweep draws (default: %(default)s)")
    parser.add_argument("--write-results", action="store_true", help="put the output into benches/RESULTS.md")
    args = parser.parse_args(argv)
    args.contenders = [c for c in args.contenders.split(",") if c]
    unknown = [c for c in args.contenders if c not in CONTENDERS]
    if unknown or "python3" not in args.contenders:
        parser.error(f"contenders must include python3 and be among {', '.join(CONTENDERS)}")
    if args.reps < 1:
        parser.error("--reps must be at least 1")
    return args


def sizes_for(kernel, args):
    if args.sweep:
        return kernel.sweep(SWEEP_POINTS)
    if args.size == "table":
        return [kernel.table]
    if args.size == "tiny":
        return [kernel.tiny]
    if args.size == "large":
        return [kernel.large]
    try:
        return [int(s) for s in args.size.split(",")]
    except ValueError:
        raise SystemExit(f"run.py: --size takes 'table', 'tiny', 'large' or integers, not {args.size!r}")


def measure(kernel, n, args, python):
    row = {c: Measurement(c) for c in args.contenders}
    for _ in range(args.reps):
        for contender in args.contenders:
            m = row[contender]
            if not m.error:
                run_once(contender, kernel, n, python, args.kiln, args.timeout, m)
    check(kernel, row)
    return row


def to_json(kernel, n, row):
    return [
        {
            "kernel": kernel.name,
            "n": n,
            "contender": m.contender,
            "seconds": m.seconds,
            "median": m.median(),
            "cold_seconds": m.cold_seconds or None,
            "cold_median": m.cold_median(),
            "checksums": m.checksums,
            "error": m.error or None,
            "mismatch": m.mismatch or None,
        }
        for m in row.values()
    ]


def write_results(section, lines):
    """Replaces the section between this mode's markers in RESULTS.md (or appends it)."""
    begin, end = f"<!-- {section}:begin -->", f"<!-- {section}:end -->"
    text = RESULTS_MD.read_text() if RESULTS_MD.exists() else "# kiln benchmark results\n"
    block = "\n".join([begin, *lines, end])
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        text = head + block + rest.split(end, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    RESULTS_MD.write_text(text)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    kernels = find_kernels(args.kernels)
    python = args.python or bench_python()
    if not Path(python).exists():
        raise SystemExit(f"run.py: no interpreter at {python}")
    if probe(python, "import numpy") is None:
        raise SystemExit(f"run.py: {python} cannot import numpy (install it, or run `bash benches/setup`)")
    numba_wanted = [c for c in args.contenders if c.startswith("numba")]
    if numba_wanted and probe(python, "import numba") is None:
        print(f"run.py: Numba is not installed for {python}: leaving it out", file=sys.stderr)
        for c in numba_wanted:
            args.contenders.remove(c)
    if any(c.startswith("kiln") for c in args.contenders) and not args.kiln.exists():
        raise SystemExit(f"run.py: no kiln binary at {args.kiln}: build it with `cargo build --ignore-rust-version --release -p kiln-repl`")

    command = "python3 benches/run.py" + "".join(" " + shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv))
    info = environment(python, args.kiln, args.contenders)
    head = header_lines(info, command, args.reps)
    out = sys.stdout if args.json != "-" else sys.stderr
    print("\n".join(head) + "\n", file=out)
    print(table_header(args.contenders), file=out, flush=True)

    started = time.perf_counter()
    records, rows, problems = [], [], []
    for kernel in kernels:
        for n in sizes_for(kernel, args):
            row = measure(kernel, n, args, python)
            line = table_row(kernel, n, row, args.contenders)
            print(line, file=out, flush=True)
            rows.append(line)
            records += to_json(kernel, n, row)
            for m in row.values():
                if m.failed:
                    problems.append(f"{kernel.name} n={n} {m.contender}: {m.mismatch or m.error}")
    elapsed = time.perf_counter() - started
    footer = f"Total time: {elapsed:.0f} s."
    print(f"\n{footer}", file=out)

    document = {"environment": info, "command": command, "reps": args.reps, "results": records}
    if args.json == "-":
        json.dump(document, sys.stdout, indent=1)
        print()
    elif args.json:
        Path(args.json).write_text(json.dumps(document, indent=1) + "\n")
    charts = []
    if args.sweep:
        charts = draw_charts(python, document, args.charts)
    if args.write_results:
        section = "kernels-sweep" if args.sweep else f"kernels-{args.size if args.size in SIZE_NAMES else 'custom'}"
        body = head + ["", table_header(args.contenders), *rows, "", footer]
        if charts:
            summary, *per_kernel = [Path(c).relative_to(BENCHES) for c in charts]
            links = ", ".join(f"[{c.stem}]({c}) ([SVG]({c.with_suffix('.svg')}))" for c in per_kernel)
            body += ["", f"![speedup over CPython vs size, every kernel]({summary})", "", f"Per kernel: {links}."]
        write_results(section, body)

    for problem in problems:
        print(f"run.py: FAILED {problem}", file=sys.stderr)
    if problems:
        print(f"run.py: {len(problems)} contender run(s) failed or disagreed with CPython", file=sys.stderr)
        return 1
    return 0


def draw_charts(python, document, directory):
    """Draws the sweep's charts with matplotlib under the bench CPython (charts.py)."""
    directory.mkdir(parents=True, exist_ok=True)
    data = directory / "sweep.json"
    data.write_text(json.dumps(document, indent=1) + "\n")
    done = subprocess.run(
        [str(python), str(BENCHES / "charts.py"), str(data), str(directory)], stdout=subprocess.PIPE, text=True
    )
    if done.returncode != 0:
        print("run.py: drawing the charts failed (is matplotlib installed?)", file=sys.stderr)
        return []
    return [line for line in done.stdout.splitlines() if line.endswith(".png")]


if __name__ == "__main__":
    sys.exit(main())
