"""IPython-style magics, shell escapes, help and the cell history for kiln's REPL and
Jupyter kernel.

`Session.transform_cell` turns what a person types into calls of this module:
`%name args` -> `run_line_magic(name, args)`, a first line `%%name args` ->
`run_cell_magic(name, args, body)`, `!cmd` -> `system(cmd)`, `x = !cmd` ->
`getoutput(cmd)`, `obj?` / `obj??` -> `show_help(name, level)`. Everything runs in the
namespace of `__main__`, where the person's variables are.

The pager hook: help text (`obj?`, `%quickref`, ...) goes through `pager(text)`, a
plain module attribute. By default it prints the text to `sys.stdout`. A front end
that shows help elsewhere replaces it with any callable taking the text, e.g. the
Jupyter kernel sends it as a `page` payload:

    import _kiln_magics
    _kiln_magics.pager = lambda text: send_page_payload(text)

`record_input(n, source)` and `record_output(n, value)` (called by the front end around
each cell, through `Session.record_input` / `Session.record_output`) keep `In`, `Out`,
`_i`, `_ii`, `_iii`, `_iN`, `_`, `__`, `___` and `_N` as IPython does. A recorded cell
also makes the session interactive: `get_ipython()` (in the namespace, and from
`IPython`) returns a `Shell` from then on, None before (a script).
"""

import os
import signal
import sys
import time

from _kiln_timing import run_time, run_timeit


def page(text):
    """The default pager: print the text."""
    print(text)


# The hook every help text goes through (see the module docstring).
pager = page


class UsageError(Exception):
    """A magic was called with arguments it cannot take."""


def _namespace():
    return sys.modules["__main__"].__dict__


def _history():
    ns = _namespace()
    if not isinstance(ns.get("In"), list):
        ns["In"] = [""]
    if not isinstance(ns.get("Out"), dict):
        ns["Out"] = {}
    return ns["In"], ns["Out"]


def record_input(number, source):
    global _shell
    if _shell is None:
        _shell = Shell()
    ns = _namespace()
    # IPython's namespace has it; a person's own `get_ipython` is left alone.
    ns.setdefault("get_ipython", get_ipython)
    inputs, _ = _history()
    while len(inputs) <= number:
        inputs.append("")
    inputs[number] = source
    ns["_iii"], ns["_ii"], ns["_i"] = ns.get("_ii", ""), ns.get("_i", ""), source
    ns["_i%d" % number] = source


def record_output(number, value):
    ns = _namespace()
    _, outputs = _history()
    if value is None:
        return
    outputs[number] = value
    ns["___"], ns["__"], ns["_"] = ns.get("__", ""), ns.get("_", ""), value
    ns["_%d" % number] = value


def display_text(value, width=None):
    """How an output value is shown (`Out[n]:`, a notebook's text/plain): its repr, with
    lists, tuples, sets and dicts too long for one line of `width` (default: the
    terminal's) broken over lines as IPython's pretty printer does (dicts keep their
    order)."""
    if width is None:
        import shutil

        width = shutil.get_terminal_size((80, 24)).columns - 1
    text = repr(value)
    if len(text) > width and type(value) in (list, tuple, set, frozenset, dict):
        import pprint

        text = pprint.pformat(value, width=width, sort_dicts=False)
    return text


# --- the magics -----------------------------------------------------------------------

_LINE = {}
_CELL = {}


def line_magic(function):
    _LINE[function.__name__.removeprefix("magic_")] = function
    return function


def cell_magic(function):
    _CELL[function.__name__.removeprefix("cell_")] = function
    return function


def line_magics():
    return sorted(_LINE)


def cell_magics():
    return sorted(_CELL)


def run_line_magic(name, args):
    function = _LINE.get(name)
    if function is None:
        hint = " (it is a cell magic: %%" + name + " on the first line)" if name in _CELL else ""
        raise UsageError("Line magic function `%" + name + "` not found" + hint + ".")
    return function(args)


def run_cell_magic(name, args, body):
    function = _CELL.get(name)
    if function is None:
        raise UsageError("Cell magic `%%" + name + "` not found.")
    if not body.strip():
        raise UsageError("%%" + name + " needs a cell body after its first line.")
    return function(args, body)


def _options(args, takes_value, flags=""):
    """Leading `-x value` / `-x` options (IPython's style) and the rest of the line."""
    options = {}
    rest = args.strip()
    while rest.startswith("-") and len(rest) > 1:
        option, _, after = rest.partition(" ")
        letter = option[1:2]
        if letter in takes_value:
            value = option[2:]
            if not value:
                value, _, after = after.strip().partition(" ")
            if not value:
                raise UsageError("option -%s needs a value" % letter)
            options[letter] = value
        elif letter in flags and len(option) == 2:
            options[letter] = True
        else:
            break
        rest = after.strip()
    return options, rest


@line_magic
def magic_time(args):
    """%time statement: run it once and print the CPU and wall-clock time it took; an
    expression's value is returned (and shown as Out)."""
    if not args.strip():
        raise UsageError("%time needs a statement or expression to time.")
    return run_time(args, _namespace())


@cell_magic
def cell_time(args, body):
    """%%time: time the whole cell once."""
    return run_time(body, _namespace())


@line_magic
def magic_timeit(args):
    """%timeit [-n N] [-r R] [-q] statement: run the statement in a loop and print the
    mean and standard deviation per loop, as IPython does. Without -n the number of
    loops is chosen so that one run takes at least 0.2 s; -r sets the runs (7)."""
    options, statement = _options(args, "nr", "q")
    if not statement:
        raise UsageError("%timeit needs a statement to time.")
    return run_timeit(statement, "pass", options, _namespace())


@cell_magic
def cell_timeit(args, body):
    """%%timeit [-n N] [-r R] [-q] [setup]: time the cell's body; the first line's
    statement after the options is set-up run once before each timing run."""
    options, setup = _options(args, "nr", "q")
    return run_timeit(body, setup or "pass", options, _namespace())


@line_magic
def magic_run(args):
    """%run file.py [args]: run a script as __main__ (with sys.argv set), then bring
    its variables into the interactive namespace."""
    import shlex
    import _kiln

    words = shlex.split(args)
    if not words:
        raise UsageError("%run needs a file name.")
    path = os.path.expanduser(words[0])
    if not os.path.exists(path) and os.path.exists(path + ".py"):
        path += ".py"
    with open(path, "rb") as file:
        data = file.read()
    code = _kiln.compile_file(data, os.path.abspath(path))
    ns = {"__name__": "__main__", "__file__": os.path.abspath(path), "__builtins__": __builtins__}
    saved_argv = sys.argv
    sys.argv = [path] + words[1:]
    directory = os.path.dirname(os.path.abspath(path))
    sys.path.insert(0, directory)
    try:
        exec(code, ns)
    finally:
        sys.argv = saved_argv
        if sys.path and sys.path[0] == directory:
            del sys.path[0]
        user = _namespace()
        for name, value in ns.items():
            if not (name.startswith("__") and name.endswith("__")):
                user[name] = value


@line_magic
def magic_jit(args):
    """%jit: the jit report of this session: each loop that ran, whether it was
    compiled and for which types, compile time, entries, deopts, and why a hot loop
    stayed interpreted. %jit gpu: what the GPU tier found (the CUDA driver, NVRTC,
    the device) and where parallel nests run."""
    import _kiln

    if args.strip() == "gpu":
        print(_kiln.gpu_info().rstrip("\n"))
        return
    text = _kiln.jit_report()
    print(text.rstrip("\n") if text.strip() else "No loop has run yet.")


def _user_names():
    ns = _namespace()
    hidden = {"In", "Out", "exit", "quit", "get_ipython"}
    return sorted(n for n in ns if not n.startswith("_") and n not in hidden)


def _chosen_names(args):
    """The interactive variables of the types `args` names (all of them when it names
    none); when there are none, says so."""
    ns = _namespace()
    wanted = args.split()
    names = [n for n in _user_names() if not wanted or type(ns[n]).__name__ in wanted]
    if not names:
        print("Interactive namespace is empty." if not wanted else "No variables match your requested type.")
    return names


@line_magic
def magic_who(args):
    """%who [type ...]: the names of the interactive variables (of those types)."""
    names = _chosen_names(args)
    if names:
        print("\t".join(names))


@line_magic
def magic_whos(args):
    """%whos [type ...]: a table of the interactive variables: name, type, value."""
    ns = _namespace()
    names = _chosen_names(args)
    if not names:
        return
    rows = []
    for name in names:
        value = ns[name]
        kind = type(value).__name__
        shape = getattr(value, "shape", None)
        dtype = getattr(value, "dtype", None)
        if shape is not None and dtype is not None and kind == "ndarray":
            info = "%s: %d elems, type `%s`, %d bytes" % (
                "x".join(str(d) for d in shape) or "()", getattr(value, "size", 0), dtype, getattr(value, "nbytes", 0))
        else:
            try:
                info = str(value).replace("\n", " ")
            except Exception:
                info = "<unprintable>"
            if len(info) > 50:
                info = info[:25] + "<...>" + info[-20:]
        rows.append((name, kind, info))
    name_width = max(len("Variable"), max(len(r[0]) for r in rows)) + 3
    type_width = max(len("Type"), max(len(r[1]) for r in rows)) + 3
    header = "Variable".ljust(name_width) + "Type".ljust(type_width) + "Data/Info"
    print(header)
    print("-" * (len(header) + 5))
    for name, kind, info in rows:
        print(name.ljust(name_width) + kind.ljust(type_width) + info)


@line_magic
def magic_reset(args):
    """%reset [-f]: delete every interactive variable (asks first unless -f)."""
    options, _ = _options(args, "", "f")
    if not options.get("f"):
        answer = input("Once deleted, variables cannot be recovered. Proceed (y/[n])? ")
        if answer.strip().lower() not in ("y", "yes"):
            print("Nothing done.")
            return
    ns = _namespace()
    for name in list(ns):
        if not (name.startswith("__") and name.endswith("__")) and name not in ("In", "Out"):
            del ns[name]
    _history()[1].clear()


@line_magic
def magic_history(args):
    """%history [-n] [N | N-M]: the inputs of this session (-n: with their numbers)."""
    options, rest = _options(args, "", "n")
    inputs, _ = _history()
    numbers = range(1, len(inputs))
    if rest:
        try:
            if "-" in rest:
                first, last = rest.split("-", 1)
                numbers = range(int(first), int(last) + 1)
            else:
                numbers = [int(rest)]
        except ValueError:
            raise UsageError("%history takes N or N-M, not " + repr(rest)) from None
    for number in numbers:
        if 0 < number < len(inputs):
            source = inputs[number].rstrip("\n")
            if options.get("n"):
                source = source.replace("\n", "\n" + " " * (len(str(number)) + 2))
                print("%d: %s" % (number, source))
            else:
                print(source)


@line_magic
def magic_pwd(args):
    """%pwd: the current working directory."""
    return os.getcwd()


_previous_dir = []


@line_magic
def magic_cd(args):
    """%cd [dir]: change the working directory (no argument: home; `-`: the previous
    one) and print the new one."""
    target = args.strip().strip("'\"")
    if not target:
        target = os.path.expanduser("~")
    elif target == "-":
        if not _previous_dir:
            raise UsageError("%cd -: no previous directory.")
        target = _previous_dir[-1]
    before = os.getcwd()
    os.chdir(os.path.expanduser(target))
    _previous_dir[:] = [before]
    print(os.getcwd())


@line_magic
def magic_env(args):
    """%env: the environment; %env NAME: one variable; %env NAME=value or
    %env NAME value: set one."""
    args = args.strip()
    if not args:
        return dict(os.environ)
    if "=" in args or " " in args:
        separator = "=" if "=" in args else " "
        name, _, value = args.partition(separator)
        name, value = name.strip(), value.strip()
        os.environ[name] = value
        print("env: %s=%s" % (name, value))
        return None
    if args not in os.environ:
        raise UsageError("Environment does not have key: " + args)
    return os.environ[args]


@line_magic
def magic_lsmagic(args):
    """%lsmagic: the magics there are."""
    print("Available line magics:")
    print("  ".join("%" + name for name in line_magics()))
    print()
    print("Available cell magics:")
    print("  ".join("%%" + name for name in cell_magics()))
    print()
    print("Automagic is OFF, % prefix IS needed for line magics.")


QUICKREF = """\
kiln -- an interactive Python for numeric work: quick reference
===============================================================

obj?, obj??      : help on an object (?? also shows its source)
?obj, ??obj      : the same
%magic args      : a line magic (%lsmagic lists them, %magic? explains one)
%%magic args     : a cell magic: the rest of the cell is its body
!cmd             : run a shell command; files = !ls captures its output lines
In, Out          : the inputs and the output values of this session
_, __, ___       : the last three output values; _N is Out[N]
_i, _ii, _iii    : the last three inputs; _iN is In[N]

Magics:
  %time stmt       run once, print CPU and wall time (%%time: the cell)
  %timeit stmt     time it in a loop: mean +- std. dev. (%%timeit: the cell)
  %run file.py     run a script, keep its variables
  %jit             the jit report: which loops compiled, for which types, why not
  %jit gpu         what the GPU tier found: CUDA driver, NVRTC, device
  %who, %whos      the interactive variables (as names, as a table)
  %reset -f        delete all interactive variables
  %history [-n]    this session's inputs
  %pwd, %cd dir    the working directory
  %env [NAME[=v]]  environment variables
  %lsmagic         every magic
  %quickref        this text

Keys (terminal REPL):
  Enter            run the input when it is complete, else a new (indented) line
  Tab              complete names, attributes, keys, modules, file paths
  Up, Down         previous and next input; Ctrl-R searches the history
  Right, Ctrl-F    accept the grey hint from history
  Ctrl-C           clear the input; stop running code (KeyboardInterrupt)
  Ctrl-D           exit (on an empty line)
"""


@line_magic
def magic_quickref(args):
    """%quickref: a quick reference of the interactive features."""
    pager(QUICKREF.rstrip("\n"))


# --- shell ------------------------------------------------------------------------------


def _expand(command):
    """`{expression}` and `$name` in a shell command, from the interactive namespace."""
    import re

    ns = _namespace()

    def expression(match):
        try:
            return str(eval(match.group(1), ns))
        except Exception:
            return match.group(0)

    def name(match):
        if match.group(1) in ns:
            return str(ns[match.group(1)])
        return match.group(0)

    command = re.sub(r"(?<!\{)\{([^{}]+)\}(?!\})", expression, command)
    command = re.sub(r"(?<!\$)\$([A-Za-z_]\w*)", name, command)
    return command.replace("$$", "$")


def system(command):
    """`!cmd`: run it in the shell; its output goes to sys.stdout (so a kernel shows
    it); `_exit_code` is its status."""
    import subprocess

    sys.stdout.flush()
    sys.stderr.flush()
    process = subprocess.Popen(_expand(command), shell=True, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
    try:
        for chunk in iter(lambda: process.stdout.readline(), b""):
            sys.stdout.write(chunk.decode("utf-8", "replace"))
            sys.stdout.flush()
    except BaseException:
        # An interrupt that came before the command started never reached it: the
        # command is stopped here rather than waited for.
        _stop(process)
        raise
    status = process.wait()
    _namespace()["_exit_code"] = status
    if status in (-signal.SIGINT, 128 + signal.SIGINT):
        # Ctrl-C or the kernel's interrupt stopped the command; the KeyboardInterrupt
        # meant for this cell may still be on its way (a kernel hears SIGINT on another
        # thread): wait for it rather than end the cell first and lose it.
        _await_interrupt(1.0)


def _await_interrupt(seconds):
    """Runs bytecode for up to `seconds`, so a pending interrupt is raised here."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.005)


def _stop(process):
    """Stops a command the cell no longer waits for: SIGINT, as a terminal would send,
    then SIGKILL if it is still running a second later."""
    import subprocess

    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def getoutput(command):
    """`x = !cmd`: the lines the command printed."""
    import subprocess

    result = subprocess.run(_expand(command), shell=True, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    _namespace()["_exit_code"] = result.returncode
    return result.stdout.decode("utf-8", "replace").splitlines()


# --- get_ipython() ------------------------------------------------------------------------


class Shell:
    """What `get_ipython()` returns in kiln's REPL and Jupyter kernel: the part of
    IPython's `InteractiveShell` that notebooks and scripts written for IPython call.
    Its magics, shell escapes and namespace are the ones typed input reaches."""

    def __repr__(self):
        return "<kiln interactive shell>"

    @property
    def user_ns(self):
        return _namespace()

    def run_line_magic(self, magic_name, line, _stack_depth=1):
        return run_line_magic(magic_name, line)

    def run_cell_magic(self, magic_name, line, cell):
        return run_cell_magic(magic_name, line, cell)

    def magic(self, arg_s):
        """IPython's older spelling: `magic("time x = 1")` runs `%time x = 1`."""
        name, _, line = arg_s.lstrip("%").partition(" ")
        return run_line_magic(name, line)

    def system(self, cmd):
        system(cmd)

    def getoutput(self, cmd, split=True):
        lines = getoutput(cmd)
        return lines if split else "\n".join(lines)

    def ev(self, expr):
        """Evaluates `expr` in the user's namespace."""
        return eval(expr, _namespace())

    def ex(self, cmd):
        """Executes `cmd` in the user's namespace."""
        exec(cmd, _namespace())

    def push(self, variables, interactive=True):
        """Adds `variables` to the user's namespace: a dict, or the names (a list, or
        one string of names) of the caller's variables."""
        if isinstance(variables, str):
            variables = variables.replace(",", " ").split()
        if not isinstance(variables, dict):
            frame = sys._getframe(1)
            variables = {name: eval(name, frame.f_globals, frame.f_locals) for name in variables}
        _namespace().update(variables)

    def register_magic_function(self, func, magic_kind="line", magic_name=None):
        """Makes `func` the magic `%name` (`func(line)`) or `%%name` (`func(line, cell)`)."""
        table = {"line": _LINE, "cell": _CELL}.get(magic_kind)
        if table is None:
            raise ValueError("magic_kind must be 'line' or 'cell', not %r" % (magic_kind,))
        table[magic_name or func.__name__] = func


# Made by the first cell a front end records: a script has none.
_shell = None


def get_ipython():
    """The interactive shell of this REPL or kernel session; None in a script, as with
    IPython."""
    return _shell


# --- help -------------------------------------------------------------------------------


def show_help(name, level):
    """`obj?` (level 0) and `obj??` (level 1): the object's description, through the
    pager hook."""
    import _kiln_interactive

    name = name.strip()
    if not name:
        # A bare `?`: what the prompt offers.
        pager(QUICKREF.rstrip("\n"))
        return
    if name.startswith("%"):
        magic = name.lstrip("%")
        function = (_CELL if name.startswith("%%") else _LINE).get(magic) or _LINE.get(magic) or _CELL.get(magic)
        if function is None:
            print("Object `%s` not found." % name)
            return
        pager("Docstring:\n" + (function.__doc__ or "").strip())
        return
    try:
        obj = _kiln_interactive._lookup(name, _namespace())
    except Exception:
        print("Object `%s` not found." % name)
        return
    pager(_kiln_interactive.describe(obj, name, level))
