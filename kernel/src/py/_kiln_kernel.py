"""The Python half of kiln's Jupyter kernel: what the kernel changes in the interpreter
(rich display through the kernel, `input()` over the stdin channel, help as pager
payloads, SIGINT's handler the kernel's) and the JSON it reads back. The native functions come from `kiln_kernel`'s
`hooks.rs`."""

import builtins
import json
import signal

import _kiln_display


class StdinNotImplementedError(IOError, NotImplementedError):
    """`input()` in a request whose front end cannot answer it (`allow_stdin` false)."""


def install(publish, clear, request_input, page, on_sigint):
    import sys

    # As in ipykernel: modules next to the notebook (the kernel's working directory)
    # are importable.
    if "" not in sys.path:
        sys.path.insert(0, "")
    _kiln_display.set_publisher(publish, clear)
    import _kiln_magics

    _kiln_magics.pager = page
    # As in ipykernel, `display` needs no import in a notebook.
    builtins.display = _kiln_display.display

    def ask(prompt, password, caller):
        value = request_input(str(prompt), password)
        if value is None:
            raise StdinNotImplementedError(
                caller + "() was called, but this frontend does not support input requests."
            )
        return value

    def input(prompt=""):
        return ask(prompt, False, "input")

    builtins.input = input

    import getpass

    def getpass_(prompt="Password: ", stream=None):
        return ask(prompt, True, "getpass")

    getpass.getpass = getpass_
    # SIGINT is the kernel's (`sigint.rs`): it interrupts only a running cell, where
    # this handler raises KeyboardInterrupt; the default one would raise it in whatever
    # runs next, even between cells.
    signal.signal(signal.SIGINT, on_sigint)


def user_expressions(expressions, namespace):
    """Evaluates `user_expressions` (a JSON object of name -> source) in `namespace`;
    returns the JSON of execute_reply's `user_expressions`."""
    import traceback

    results = {}
    for name, source in json.loads(expressions).items():
        try:
            value = eval(source, namespace)
            results[name] = {"status": "ok", **json.loads(_kiln_display.bundle(value))}
        except Exception as exc:
            results[name] = {
                "status": "error",
                "ename": type(exc).__name__,
                "evalue": str(exc),
                # Without this function's own frame: the expression's only.
                "traceback": [
                    line.rstrip("\n")
                    for line in traceback.format_exception(
                        type(exc), exc, exc.__traceback__.tb_next
                    )
                ],
            }
    return json.dumps(results)
