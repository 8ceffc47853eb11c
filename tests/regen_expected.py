#!/usr/bin/env python3
"""Regenerate tests/scripts/<name>.expected by running each case under CPython.

Usage: python3 tests/regen_expected.py [--kiln PATH] [NAME-SUBSTRING ...]

Runs with the CPython that runs this script (3.11 is the reference). Cases whose first
line is `# expected-from: kiln` test behaviour that is kiln's own (its --help, its
version): they are skipped, unless `--kiln PATH` names a kiln binary to record them
from, after checking by eye that its output is right.
The case layout and the normalisation are described in tests/README.md; the
normalisation here must stay identical to the one in tests/scripts.rs.
"""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

INLINE_LIMIT = 64 * 1024
SCRIPTS = Path(__file__).resolve().parent / "scripts"


def cases():
    for path in sorted(SCRIPTS.glob("*.py")):
        if path.name.startswith("_"):
            continue
        stem = path.stem
        args_file = SCRIPTS / f"{stem}.args"
        if args_file.exists():
            args = [
                line.replace("{script}", path.name).replace("\\n", "\n")
                for line in args_file.read_text().splitlines()
            ]
        else:
            args = [path.name]
        stdin_file = SCRIPTS / f"{stem}.stdin"
        stdin = stdin_file.read_bytes() if stdin_file.exists() else b""
        yield path, stem, args, stdin


def normalise(raw, interpreter, is_stderr):
    text = raw.decode("utf-8", errors="replace")
    text = text.replace(str(SCRIPTS), "$DIR").replace(interpreter, "$PYTHON")
    if not is_stderr:
        return text
    # Caret lines are dropped only under a traceback frame's source line; a
    # SyntaxError's caret (its column) is kept and compared.
    kept = []
    in_frozen_frame = False
    under_frame = False
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\n")
        if body.startswith('  File "<frozen '):
            in_frozen_frame = True
            continue
        if in_frozen_frame and body.startswith("    "):
            continue
        in_frozen_frame = False
        stripped = body.strip()
        if under_frame and stripped and all(c in "^~" for c in stripped):
            continue
        under_frame = (body.startswith('  File "') and ", in " in body) or (
            under_frame and body.startswith("    ")
        )
        kept.append(line)
    return "".join(kept)


def render_stream(label, text):
    data = text.encode("utf-8")
    if len(data) > INLINE_LIMIT:
        return f"--- {label} ({len(data)} bytes, sha256 {hashlib.sha256(data).hexdigest()})\n"
    return f"--- {label}\n{text}\n"


def render(status, stdout, stderr, interpreter):
    return (
        f"exit: {status}\n"
        + render_stream("stdout", normalise(stdout, interpreter, False))
        + render_stream("stderr", normalise(stderr, interpreter, True))
    )


def main():
    args = sys.argv[1:]
    kiln = None
    if args[:1] == ["--kiln"]:
        kiln = str(Path(args[1]).resolve())
        args = args[2:]
    filters = args
    env = dict(os.environ)
    for name in ("PYTHONPATH", "PYTHONIOENCODING"):
        env.pop(name, None)
    env.update(PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1", LC_ALL="C.UTF-8")
    for path, stem, args, stdin in cases():
        if filters and not any(f in stem for f in filters):
            continue
        interpreter = sys.executable
        if path.read_text(errors="replace").startswith("# expected-from: kiln"):
            if kiln is None:
                continue
            interpreter = kiln
        proc = subprocess.run(
            [interpreter, *args], cwd=SCRIPTS, input=stdin, capture_output=True, env=env, timeout=300
        )
        status = proc.returncode if proc.returncode >= 0 else 128 - proc.returncode
        (SCRIPTS / f"{stem}.expected").write_text(render(status, proc.stdout, proc.stderr, interpreter))
        print(f"{stem}: exit {status}")


if __name__ == "__main__":
    main()
