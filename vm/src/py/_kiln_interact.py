"""The plain interactive prompt behind `kiln -i` when stdin is not a terminal (on a
terminal the REPL of `repl/src/repl/` takes over): Python's own
`code.InteractiveConsole` over `__main__`.

As with `python3 -i`, prompts go to stderr when stdin is not a terminal, so piped
sessions keep stdout for the program's output.
"""

import code
import sys


class Console(code.InteractiveConsole):
    def raw_input(self, prompt=""):
        if sys.stdin.isatty():
            return input(prompt)
        sys.stderr.write(prompt)
        sys.stderr.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")


def interact(namespace, banner):
    # CPython's prompts (RustPython's own sys module says ">>>>> ").
    sys.ps1 = ">>> "
    sys.ps2 = "... "
    Console(locals=namespace, filename="<stdin>").interact(banner=banner, exitmsg="")
