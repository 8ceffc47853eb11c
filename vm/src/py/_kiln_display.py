"""Rich display, as IPython does it: `display()`, the `_repr_*_` methods of objects, and
the MIME bundles (``{mimetype: data}``) a Jupyter front end renders.

A front end that can show rich output (the Jupyter kernel) installs a publisher with
`set_publisher`; without one (scripts, the terminal REPL) `display()` prints the
text/plain form, as IPython's terminal does. `IPython.display` re-exports this module's
public names together with its display classes.
"""

import base64
import json
import sys

# (mimetype, method) in the order IPython's formatters run.
_MIME_METHODS = (
    ("text/plain", None),
    ("text/html", "_repr_html_"),
    ("text/markdown", "_repr_markdown_"),
    ("image/svg+xml", "_repr_svg_"),
    ("image/png", "_repr_png_"),
    ("image/jpeg", "_repr_jpeg_"),
    ("text/latex", "_repr_latex_"),
    ("application/json", "_repr_json_"),
    ("application/javascript", "_repr_javascript_"),
    ("application/pdf", "_repr_pdf_"),
)

_BINARY = {"image/png", "image/jpeg", "application/pdf"}

# Set by the kernel: publish(bundle_json, update) and clear(wait).
_publish = None
_clear = None


def set_publisher(publish, clear):
    global _publish, _clear
    _publish = publish
    _clear = clear


def _warn_formatter(mime, obj, exc):
    print(
        f"FormatterWarning: {mime} formatter of {type(obj).__name__} raised "
        f"{type(exc).__name__}: {exc}",
        file=sys.stderr,
    )


def _rich_method(obj, name):
    # Only bound methods of instances count: a class has the method unbound.
    if isinstance(obj, type):
        return None
    try:
        method = getattr(obj, name, None)
    except Exception:
        return None
    return method if callable(method) else None


def _encode(mime, data):
    if mime in _BINARY and isinstance(data, (bytes, bytearray)):
        return base64.b64encode(bytes(data)).decode("ascii")
    if mime == "application/json" and isinstance(data, str):
        return json.loads(data)
    return data


def format(obj, include=None, exclude=None):
    """The MIME bundle of `obj`: `(data, metadata)`, text/plain always present."""
    data = {}
    metadata = {}
    bundle_method = _rich_method(obj, "_repr_mimebundle_")
    if bundle_method is not None:
        try:
            bundle = bundle_method(include=include, exclude=exclude)
        except Exception as exc:
            _warn_formatter("mimebundle", obj, exc)
            bundle = None
        if isinstance(bundle, tuple):
            bundle, extra = bundle
            metadata.update(extra or {})
        for mime, value in (bundle or {}).items():
            data[mime] = _encode(mime, value)
    for mime, method_name in _MIME_METHODS:
        if mime in data:
            continue
        if include is not None and mime not in include:
            continue
        if exclude is not None and mime in exclude:
            continue
        if method_name is None:
            data[mime] = _plain(obj)
            continue
        method = _rich_method(obj, method_name)
        value = None
        if method is not None:
            try:
                value = method()
            except Exception as exc:
                _warn_formatter(mime, obj, exc)
        elif mime == "text/html":
            value = _builtin_html(obj)
        if isinstance(value, tuple) and len(value) == 2:
            value, meta = value
            if meta:
                metadata[mime] = meta
        if value is not None:
            data[mime] = _encode(mime, value)
    if "text/plain" not in data:
        data["text/plain"] = _plain(obj)
    return data, metadata


# IPython's pretty printer's line width for text/plain.
_WIDTH = 79


def _plain(obj):
    try:
        # repr, with long containers broken over lines as IPython shows them.
        import _kiln_magics

        return _kiln_magics.display_text(obj, _WIDTH)
    except Exception as exc:
        return f"<{type(obj).__name__} object (repr raised {type(exc).__name__}: {exc})>"


def _is_ndarray(obj):
    cls = type(obj)
    return cls.__name__ == "ndarray" and cls.__module__.split(".")[0] == "numpy"


def _builtin_html(obj):
    if _is_ndarray(obj) and obj.ndim == 2:
        return ndarray_html(obj)
    return None


_EDGE = 10  # rows/columns shown at each end of a large table, as pandas shows them


def _cut(n):
    """Indices to show of `n`, with None where the rest is elided."""
    if n <= 2 * _EDGE:
        return list(range(n))
    return list(range(_EDGE)) + [None] + list(range(n - _EDGE, n))


def ndarray_html(a):
    """A 2-D array as an HTML table: row and column indices, at most 20 of each."""
    import html

    rows, cols = a.shape
    out = ['<table class="kiln-ndarray">', "<thead><tr><th></th>"]
    for j in _cut(cols):
        out.append("<th>…</th>" if j is None else f"<th>{j}</th>")
    out.append("</tr></thead><tbody>")
    for i in _cut(rows):
        if i is None:
            out.append("<tr><th>⋮</th>" + "<td>⋮</td>" * len(_cut(cols)) + "</tr>")
            continue
        out.append(f"<tr><th>{i}</th>")
        for j in _cut(cols):
            cell = "…" if j is None else html.escape(str(a[i, j]))
            out.append(f"<td>{cell}</td>")
        out.append("</tr>")
    out.append("</tbody></table>")
    out.append(f"<p>{rows} rows × {cols} columns, dtype {a.dtype}</p>")
    return "".join(out)


def _send(data, metadata, transient, update):
    _publish(
        json.dumps({"data": data, "metadata": metadata, "transient": transient}),
        update,
    )


_display_ids = 0


def _new_display_id():
    global _display_ids
    import os

    _display_ids += 1
    return f"{os.getpid()}-{_display_ids}"


class DisplayHandle:
    """A display that can be replaced in place (`display(obj, display_id=True)`)."""

    def __init__(self, display_id=None):
        self.display_id = display_id if display_id is not None else _new_display_id()

    def __repr__(self):
        return f"<{type(self).__name__} display_id={self.display_id}>"

    def display(self, obj, **kwargs):
        display(obj, display_id=self.display_id, **kwargs)

    def update(self, obj, **kwargs):
        update_display(obj, display_id=self.display_id, **kwargs)


def display(
    *objs,
    include=None,
    exclude=None,
    metadata=None,
    transient=None,
    display_id=None,
    raw=False,
    clear=False,
    update=False,
    **kwargs,
):
    """Shows each object with its richest representation (IPython's `display`)."""
    if clear:
        clear_output(wait=True)
    if display_id is True:
        display_id = _new_display_id()
    transient = dict(transient or {})
    if display_id is not None:
        transient["display_id"] = display_id
    for obj in objs:
        if raw:
            data, md = dict(obj), {}
        else:
            hook = _rich_method(obj, "_ipython_display_")
            if hook is not None:
                hook()
                continue
            data, md = format(obj, include=include, exclude=exclude)
        if metadata:
            md = dict(md, **metadata)
        if _publish is None:
            if "text/plain" in data:
                print(data["text/plain"])
        else:
            _send(data, md, transient, update)
    if display_id is not None:
        return DisplayHandle(display_id)
    return None


def update_display(obj, *, display_id, **kwargs):
    """Replaces what the display with `display_id` shows."""
    kwargs["update"] = True
    display(obj, display_id=display_id, **kwargs)


def clear_output(wait=False):
    """Clears the cell's output (with `wait`, when the next output arrives)."""
    if _clear is not None:
        _clear(bool(wait))
    else:
        print("\033[2K\r", end="", flush=True)



def bundle(value):
    """The MIME bundle of `value` as JSON (a cell's result, `user_expressions`)."""
    data, metadata = format(value)
    return json.dumps({"data": data, "metadata": metadata})
