#!/usr/bin/env python3
"""The GPU tests on a real GPU: tests/gpu/*.py as tests/gpu.rs runs them on the simulated
device, here with KILN_DEVICE=gpu. Each script's output must equal the interpreter's
(KILN_JIT=0), and each loop marked `# gpu: sim` must have run on the GPU (`failed` and
`refused(...)` marks as in tests/gpu.rs). Writes OUT/gpu-tests.txt; exit status 1 on a
failure.
"""

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(kiln, script, env_extra, report=None):
    env = dict(os.environ, KILN_CACHE="0", **env_extra)
    if report:
        env["KILN_JIT_REPORT"] = str(report)
    return subprocess.run([kiln, str(script)], cwd=ROOT, env=env, capture_output=True, timeout=600)


def devices(sites, name, line):
    out = []
    for s in sites:
        if not s["file"].endswith(name):
            continue
        for spec in s["specialisations"]:
            if s["line"] == line and spec.get("device"):
                out.append(spec["device"])
            for l in spec.get("parallel_loops", []):
                if l["line"] == line and l.get("device"):
                    out.append(l["device"])
    return out


def check(kiln, script, out_dir):
    name = script.name
    ref = run(kiln, script, {"KILN_JIT": "0"})
    report = out_dir / f"report-{name}.json"
    gpu = run(kiln, script, {"KILN_DEVICE": "gpu", "KILN_JIT_THRESHOLD": "20"}, report)
    problems = []
    if (gpu.stdout, gpu.stderr, gpu.returncode) != (ref.stdout, ref.stderr, ref.returncode):
        problems.append(
            f"output differs\n=== gpu (status {gpu.returncode})\n{gpu.stdout.decode()}{gpu.stderr.decode()}"
            f"\n=== interpreted (status {ref.returncode})\n{ref.stdout.decode()}{ref.stderr.decode()}"
        )
    sites = json.loads(report.read_text())["sites"] if report.exists() else []
    for k, text in enumerate(script.read_text().splitlines()):
        if "# gpu:" not in text:
            continue
        mark = text.split("# gpu:", 1)[1]
        ds = devices(sites, name, k + 1)
        if "sim" in mark.split() and not any(d["runs"] > 0 and d["kind"] == "gpu" for d in ds):
            problems.append(f"line {k + 1}: never ran on the GPU: {ds}")
        if "failed" in mark and not any(d["failed"] > 0 for d in ds):
            problems.append(f"line {k + 1}: no check failed on the GPU: {ds}")
        g = re.search(r"grid\((\d+)\)", mark)
        if g and max((d.get("grid", 0) for d in ds), default=0) != int(g.group(1)):
            problems.append(f"line {k + 1}: not {g.group(1)} loops on the grid: {ds}")
        m = re.search(r"refused\(([^)]*)\)", mark)
        if m and not any(m.group(1) in (d["refused"] or "") for d in ds):
            problems.append(f"line {k + 1}: no refusal says {m.group(1)!r}: {ds}")
    return problems


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--kiln", required=True)
    p.add_argument("--out", required=True)
    args = p.parse_args()
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    lines, failed = [], 0
    for script in sorted((ROOT / "tests/gpu").glob("*.py")):
        problems = check(args.kiln, script, out_dir)
        failed += bool(problems)
        lines.append(f"{script.name}: {'ok' if not problems else 'FAILED'}")
        lines.extend("  " + p for p in problems)
    text = "\n".join(lines) + f"\nGPU tests: {failed} failed\n"
    (out_dir / "gpu-tests.txt").write_text(text)
    print(text[:6000])
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
