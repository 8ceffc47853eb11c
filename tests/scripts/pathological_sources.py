# Pathological source text ends in an exception, never a crash: deep nesting of every
# bracket and operator kind, long flat expressions, huge literals; compiled in-process
# (`compile()`, `ast.parse()`) and run as a script file by a fresh interpreter.
# CPython 3.11's parser gives MemoryError where its stack guard trips and kiln's
# compiler RecursionError: both are printed as "resource error".
import ast
import os
import subprocess
import sys
import tempfile

N = 10000
CASES = {
    "parentheses": "x = " + "(" * N + "1" + ")" * N,
    "brackets": "x = " + "[" * N + "]" * N,
    "braces": "x = " + "{" * N + "}" * N,
    "calls": "x = " + "f(" * N + ")" * N,
    "subscripts": "x = a" + "[0]" * N,
    "attributes": "x = a" + ".b" * N,
    "unary minus": "x = " + "-" * N + "1",
    "not": "x = " + "not " * N + "1",
    "lambdas": "x = " + "lambda: " * N + "1",
    "power": "x = " + "**".join(["1"] * N),
    "conditional": "x = " + "1 if 1 else " * N + "1",
    "flat +": "x = " + "+".join(["1"] * N),
    "flat and": "x = " + " and ".join(["1"] * N),
    "flat <": "x = " + " < ".join(["1"] * N),
    "flat tuple": "x = (" + "1," * 100000 + ")",
    "huge int literal": "x = " + "9" * 100000,
    "huge float literal": "x = " + "9" * 100000 + ".5",
    "huge string literal": "x = '" + "a" * 10**6 + "'",
}


def kind(name):
    return "resource error" if name in ("MemoryError", "RecursionError") else name


def in_process(parse, src):
    try:
        parse(src)
        return "ok"
    except (SyntaxError, MemoryError, RecursionError, ValueError) as e:
        return kind(type(e).__name__)


def as_script(src):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(src + "\n")
    try:
        proc = subprocess.run([sys.executable, f.name], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    if proc.returncode < 0:
        return f"killed by signal {-proc.returncode}"
    last = proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else ""
    error = kind(last.split(":")[0]) if last else "no error"
    return f"exit {proc.returncode}, {error}"


for name, src in CASES.items():
    print(f"{name}: compile {in_process(lambda s: compile(s, 'x', 'exec'), src)}, "
          f"ast.parse {in_process(ast.parse, src)}, script {as_script(src)}")
