"""`%time` and `%timeit` for `_kiln_magics`, with IPython's output formats.

The code being timed is compiled through kiln's own compile path (`_kiln.compile_cell`),
as a cell would be, so its loops are loop sites and get compiled when hot, exactly as
they would when typed at the prompt.
"""

import math
import os
import sys
import time


def format_time(seconds, precision=3):
    """IPython's `_format_time`: 1.23 s, 45.6 ms, 7.89 µs, 12 ns; 1min 5s and up."""
    if seconds >= 60.0:
        parts = []
        for suffix, length in (("d", 86400), ("h", 3600), ("min", 60), ("s", 1)):
            value = int(seconds / length)
            if value > 0:
                seconds = seconds % length
                parts.append("%s%s" % (value, suffix))
            if seconds < 1:
                break
        return " ".join(parts)
    units = ["s", "ms", "\xb5s", "ns"]
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        "\xb5".encode(encoding)
    except Exception:
        units[2] = "us"
    scaling = [1, 1e3, 1e6, 1e9]
    if seconds > 0.0:
        order = min(-int(math.floor(math.log10(seconds)) // 3), 3)
    else:
        order = 3
    return "%.*g %s" % (precision, seconds * scaling[order], units[order])


def _cpu_times():
    times = os.times()
    return times.user, times.system


def run_time(source, namespace):
    """Run `source` once in `namespace`; print the times; return an expression's value."""
    import _kiln

    code = _kiln.compile_cell(source, "<timed exec>")
    user0, sys0 = _cpu_times()
    wall0 = time.perf_counter()
    try:
        value = eval(code, namespace)
    finally:
        wall = time.perf_counter() - wall0
        user1, sys1 = _cpu_times()
        user, system = user1 - user0, sys1 - sys0
        print("CPU times: user %s, sys: %s, total: %s" % (
            format_time(user), format_time(system), format_time(user + system)))
        print("Wall time: %s" % format_time(wall))
    return value


class TimeitResult:
    """What `%timeit` measured: the time per loop of each run."""

    def __init__(self, loops, repeat, per_loop):
        self.loops = loops
        self.repeat = repeat
        self.all_runs = per_loop
        self.average = sum(per_loop) / len(per_loop)
        self.stdev = math.sqrt(sum((t - self.average) ** 2 for t in per_loop) / len(per_loop))
        self.best = min(per_loop)
        self.worst = max(per_loop)

    def __str__(self):
        return "%s %s %s per loop (mean %s std. dev. of %d run%s, %s loop%s each)" % (
            format_time(self.average), "\xb1" if _can_encode("\xb1") else "+-",
            format_time(self.stdev), "\xb1" if _can_encode("\xb1") else "+-",
            self.repeat, "" if self.repeat == 1 else "s",
            "{:,}".format(self.loops), "" if self.loops == 1 else "s")

    def __repr__(self):
        return "<TimeitResult : " + str(self) + ">"


def _can_encode(text):
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
        return True
    except Exception:
        return False


def _timer(statement, setup, namespace):
    """A function running `statement` n times after `setup`, returning the seconds the
    loop took, compiled as IPython's timeit template is (the statement inside a
    function, so its names are locals as in a real function body)."""
    import _kiln

    def indent(text):
        return "\n".join("        " + line for line in text.splitlines()) or "        pass"

    source = (
        "def _kiln_timed(_kiln_loops, _kiln_clock):\n"
        "    if True:\n" + indent(setup) + "\n"
        "    _kiln_t0 = _kiln_clock()\n"
        "    for _kiln_i in range(_kiln_loops):\n" + indent(statement) + "\n"
        "    return _kiln_clock() - _kiln_t0\n"
    )
    code = _kiln.compile_file(source.encode(), "<magic-timeit>")
    scope = {}
    exec(code, namespace, scope)
    return scope["_kiln_timed"]


def run_timeit(statement, setup, options, namespace):
    timed = _timer(statement, setup, namespace)
    clock = time.perf_counter
    repeat = int(options.get("r", 7))
    if repeat < 1:
        raise ValueError("%timeit -r needs at least 1 run")
    if "n" in options:
        loops = int(options["n"])
    else:
        # As `timeit.Timer.autorange`: the first of 1, 2, 5, 10, 20, ... loops whose
        # run takes at least 0.2 s. (IPython steps by powers of ten, which makes a run
        # take up to 2 s when compiled code makes each loop a few nanoseconds.)
        loops = 1
        for power in range(10):
            found = False
            for factor in (1, 2, 5):
                loops = factor * 10 ** power
                if timed(loops, clock) >= 0.2:
                    found = True
                    break
            if found:
                break
    runs = [timed(loops, clock) / loops for _ in range(repeat)]
    result = TimeitResult(loops, repeat, runs)
    if not options.get("q"):
        print(result)
    return None
