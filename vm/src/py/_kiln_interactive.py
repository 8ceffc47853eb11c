"""Completion and help for kiln's interactive front ends (the REPL and the Jupyter
kernel reach these through `Session.complete` and `Session.inspect`).

Offsets are character offsets into the code. An expression before `.` or `[` is only
followed through names and attribute lookups, never calls or subscripts, so completing
`f().x` or `d[k].y` cannot run `f` or index `d` (a property's getter does run, as it
does for IPython's completer).
"""

import builtins
import keyword
import os
import re
import sys

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_NAME_BEFORE = re.compile(r"[^\W\d]\w*\Z|\Z")
_DOTTED_BEFORE = re.compile(r"((?:[^\W\d]\w*\.)*[^\W\d]\w*)\.(\w*)\Z")
_KEY_BEFORE = re.compile(r"((?:[^\W\d]\w*\.)*[^\W\d]\w*)\[\s*(['\"]?)([^'\"\]]*)\Z")
_IMPORT = re.compile(r"^\s*import\s+(?:[\w.]+\s*(?:as\s+\w+\s*)?,\s*)*([\w.]*)\Z")
_FROM = re.compile(r"^\s*from\s+([\w.]*)\Z")
_FROM_IMPORT = re.compile(r"^\s*from\s+([\w.]+)\s+import\s+(?:\w+\s*(?:as\s+\w+\s*)?,\s*)*(\w*)\Z")


def complete(code, cursor, namespace):
    """(matches, start, end) for the text before `cursor` in `code`."""
    before = code[:cursor]
    line = before.rsplit("\n", 1)[-1]
    found = (
        _complete_import(line, cursor)
        or _complete_key(line, cursor, namespace)
        or _complete_path(line, cursor)
        or _complete_attribute(line, cursor, namespace)
    )
    if found is not None:
        return found
    if _open_quote(line) is not None:
        return [], cursor, cursor
    word = _NAME_BEFORE.search(line).group()
    magic = re.match(r"(%%?)(\w*)\Z", line.lstrip())
    if magic:
        import _kiln_magics

        prefix, word = magic.groups()
        names = _kiln_magics.cell_magics() if prefix == "%%" else _kiln_magics.line_magics()
        start = cursor - len(word) - len(prefix)
        return [prefix + n for n in names if n.startswith(word)], start, cursor
    if not word:
        return [], cursor, cursor
    names = set(keyword.kwlist) | set(keyword.softkwlist) | set(dir(builtins))
    names |= set(namespace)
    return _filter(names, word), cursor - len(word), cursor


def _filter(names, prefix):
    """Names starting with `prefix`, private ones only when the prefix asks for them."""
    matches = {n for n in names if isinstance(n, str) and n.startswith(prefix)}
    if not prefix.startswith("_"):
        matches = {n for n in matches if not n.startswith("_")}
    return sorted(matches, key=lambda n: (n.lower(), n))


def _lookup(dotted, namespace):
    """The object a dotted name refers to, by name and attribute lookups only."""
    first, *rest = dotted.split(".")
    if first in namespace:
        obj = namespace[first]
    elif hasattr(builtins, first):
        obj = getattr(builtins, first)
    else:
        raise LookupError(dotted)
    for name in rest:
        obj = getattr(obj, name)
    return obj


def _complete_attribute(line, cursor, namespace):
    match = _DOTTED_BEFORE.search(line)
    if not match or _open_quote(line) is not None:
        return None
    base, prefix = match.groups()
    # A number before the dot (`1.5`) is no attribute access.
    if base[0].isdigit():
        return None
    try:
        obj = _lookup(base, namespace)
        names = set(dir(obj))
    except Exception:
        return [], cursor - len(prefix), cursor
    return _filter(names, prefix), cursor - len(prefix), cursor


def _complete_key(line, cursor, namespace):
    match = _KEY_BEFORE.search(line)
    if not match:
        return None
    base, quote, prefix = match.groups()
    try:
        obj = _lookup(base, namespace)
        keys = list(obj.keys()) if hasattr(obj, "keys") else None
    except Exception:
        keys = None
    if keys is None:
        return None
    matches = []
    for key in keys:
        if isinstance(key, str):
            text = repr(key)
            if quote:
                text = quote + text[1:-1] + quote
        elif isinstance(key, (int, bytes)) and not quote:
            text = repr(key)
        else:
            continue
        if text.startswith(quote + prefix):
            matches.append(text)
    start = cursor - len(prefix) - len(quote)
    return sorted(set(matches)), start, cursor


def _open_quote(line):
    """The index of the quote opening a string still open at the end of `line`."""
    quote = None
    at = None
    i = 0
    while i < len(line):
        c = line[i]
        if quote is None:
            if c == "#":
                return None
            if c in "'\"":
                quote, at = c, i
        elif c == "\\":
            i += 1
        elif c == quote:
            quote = None
        i += 1
    return at if quote is not None else None


_PATH_MAGIC = re.compile(r"^\s*%(?:run|cd)\s+(?:.*\s)?(\S*)\Z")


def _complete_path(line, cursor):
    opened = _open_quote(line)
    magic = _PATH_MAGIC.match(line) if opened is None else None
    if magic:
        typed = magic.group(1)
    elif opened is not None:
        typed = line[opened + 1 :]
    else:
        return None
    directory, _, prefix = typed.rpartition("/")
    if typed.startswith("/") and not directory:
        directory = "/"
    shown = os.path.expanduser(directory) if directory else "."
    try:
        entries = os.listdir(shown)
    except OSError:
        return [], cursor - len(prefix), cursor
    matches = []
    for entry in entries:
        if not entry.startswith(prefix) or (entry.startswith(".") and not prefix.startswith(".")):
            continue
        if os.path.isdir(os.path.join(shown, entry)):
            entry += "/"
        matches.append(entry)
    return sorted(matches), cursor - len(prefix), cursor


def _module_names(package):
    """Top-level module names (or the submodules of `package`)."""
    import pkgutil

    names = set()
    if package:
        try:
            module = __import__(package, fromlist=["_"])
            paths = getattr(module, "__path__", None)
        except Exception:
            return names
        if paths:
            names |= {m.name for m in pkgutil.iter_modules(paths)}
        prefix = package + "."
        candidates = list(sys.modules)
        try:
            import _imp

            candidates += _imp._frozen_module_names()
        except Exception:
            pass
        for name in candidates:
            if name.startswith(prefix):
                names.add(name[len(prefix) :].split(".")[0])
        return names
    names |= set(sys.builtin_module_names)
    names |= {m.name for m in pkgutil.iter_modules()}
    try:
        import _imp

        names |= {n.split(".")[0] for n in _imp._frozen_module_names()}
    except Exception:
        pass
    names |= {n.split(".")[0] for n in sys.modules}
    return names


def _complete_import(line, cursor):
    match = _IMPORT.match(line) or _FROM.match(line)
    if match:
        dotted = match.group(1)
        package, _, prefix = dotted.rpartition(".")
        names = _module_names(package)
        return _filter(names, prefix), cursor - len(prefix), cursor
    match = _FROM_IMPORT.match(line)
    if match:
        package, prefix = match.groups()
        names = _module_names(package)
        try:
            names |= set(dir(__import__(package, fromlist=["_"])))
        except Exception:
            pass
        return _filter(names, prefix), cursor - len(prefix), cursor
    return None


# --- help ---------------------------------------------------------------------------


def _name_at(code, cursor):
    """The dotted name the cursor is on or just after (`np.su|m` -> `np.sum`), or the
    function whose call the cursor is inside (`print(x, |` -> `print`)."""
    line_start = code.rfind("\n", 0, cursor) + 1
    line_end = code.find("\n", cursor)
    line = code[line_start : len(code) if line_end < 0 else line_end]
    at = cursor - line_start
    for match in re.finditer(r"(?:[^\W\d]\w*\.)*[^\W\d]\w*", line):
        if match.start() <= at <= match.end():
            return match.group()
    # Inside a call's parentheses: the callee.
    depth = 0
    for i in range(at - 1, -1, -1):
        c = line[i]
        if c == ")":
            depth += 1
        elif c == "(":
            if depth == 0:
                match = re.search(r"(?:[^\W\d]\w*\.)*[^\W\d]\w*\Z", line[:i])
                return match.group() if match else None
            depth -= 1
    return None


def inspect_at(code, cursor, namespace, detail_level=0):
    name = _name_at(code, cursor)
    if not name:
        return None
    try:
        obj = _lookup(name, namespace)
    except Exception:
        return None
    return describe(obj, name, detail_level)


def _text_signature(obj):
    """A builtin's signature and docstring from its `__doc__`, which RustPython writes
    as `name($module, a, b)\n--\n\ndocstring` (the form `__text_signature__` uses)."""
    doc = getattr(obj, "__doc__", None)
    if not isinstance(doc, str) or "\n--\n" not in doc:
        return None, None
    signature, _, rest = doc.partition("\n--\n")
    signature = re.sub(r"\$\w+(, )?", "", signature.strip())
    return signature, rest.strip("\n") or None


def _signature(obj, name):
    import inspect

    try:
        return name.rsplit(".", 1)[-1] + str(inspect.signature(obj))
    except Exception:
        signature, _ = _text_signature(obj)
        return signature


def describe(obj, name, detail_level=0):
    """IPython's `obj?` text: signature, docstring, file, type (and the source with
    `detail_level` 1)."""
    import inspect

    fields = []
    kind = type(obj).__name__
    is_callable_def = inspect.isfunction(obj) or inspect.ismethod(obj) or inspect.isclass(obj)
    if callable(obj):
        signature = _signature(obj, name)
        if signature:
            fields.append(("Signature", signature))
    if not (is_callable_def or inspect.ismodule(obj) or inspect.isbuiltin(obj)):
        try:
            text = str(obj)
        except Exception:
            text = None
        if text is not None:
            if len(text) > 200:
                text = text[:100] + " ... " + text[-95:]
            fields.append(("String form", text))
        if hasattr(obj, "__len__") and not isinstance(obj, type):
            try:
                fields.append(("Length", str(len(obj))))
            except Exception:
                pass
    source = None
    if detail_level >= 1:
        try:
            source = inspect.getsource(obj)
        except Exception:
            source = None
    if source is not None:
        fields.append(("Source", "\n" + source.rstrip("\n")))
    else:
        doc = inspect.getdoc(obj)
        if doc and "\n--\n" in doc:
            doc = _text_signature(obj)[1]
        if doc and (is_callable_def or inspect.ismodule(obj) or inspect.isbuiltin(obj)
                    or type(obj).__doc__ != doc):
            fields.append(("Docstring", doc))
        elif doc:
            fields.append(("Class docstring", doc))
        else:
            fields.append(("Docstring", "<no docstring>"))
    try:
        path = inspect.getsourcefile(obj) or inspect.getfile(obj)
    except Exception:
        path = None
    if path:
        fields.append(("File", path))
    fields.append(("Type", kind))
    width = max(len(label) for label, _ in fields) + 2
    lines = []
    for label, value in fields:
        value = value.replace("\n", "\n" + " " * width) if label != "Source" else value
        lines.append((label + ":").ljust(width) + value)
    return "\n".join(lines)
