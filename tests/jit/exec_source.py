# Code run from source text compiles as a file's does: `compile(text, path, "exec")` (what
# `runpy.run_path` and test harnesses do), `exec(text)` and `eval(text)`. This file's
# kernels below are run twice over: compiled from this file's own text under its own
# path (so the jit report's sites carry these line numbers), and by runpy.run_path.
import numpy as np


def smooth(a, w):
    out = np.zeros(len(a))
    for i in range(1, len(a) - 1):  # jit: compiled
        out[i] = w * a[i - 1] + (1.0 - 2.0 * w) * a[i] + w * a[i + 1]
    return out


def collatz_steps(limit):
    longest = 0
    for start in range(1, limit):  # jit: compiled
        n = start
        steps = 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            steps += 1
        longest = max(longest, steps)
    return longest


if __name__ == "__main__":
    import runpy

    path = __file__
    text = open(path).read()
    space = {"__name__": "kernels"}
    exec(compile(text, path, "exec"), space)
    a = np.sin(np.arange(400) * 0.05)
    print(space["smooth"](a, 0.25)[:5])
    print(space["collatz_steps"](3000))
    ran = runpy.run_path(path, run_name="kernels_again")
    print(ran["smooth"](a, 0.1)[-4:], ran["collatz_steps"](500))

    # exec and eval of text, in the caller's scope or in given ones.
    exec("total = 0\nfor k in range(5000):\n    total += k * k\n")
    print(total)
    scope = {}
    exec("def tri(n):\n    s = 0\n    for j in range(n):\n        s += j\n    return s\n", scope)
    print(scope["tri"](10000), eval("tri(300) + 1", scope), eval("  sum(x for x in range(7))"))
    # What kiln leaves to the interpreter's own builtins behaves as CPython's.
    import ast

    tree = compile("x = 1 + 2", "<ast>", "exec", ast.PyCF_ONLY_AST)
    print(type(tree).__name__, ast.dump(tree.body[0].value))
    one = compile("y = 40", "<single>", "single")
    exec(one)
    print(y + 2)
    try:
        exec("for i in range(3)\n    pass")
    except SyntaxError as e:
        print("SyntaxError", e.lineno)
    try:
        eval("1 +")
    except SyntaxError as e:
        print("SyntaxError", e.lineno)
    try:
        exec("a\0b")
    except (SyntaxError, ValueError) as e:
        print(type(e).__name__)
