"""`IPython.display` for kiln: `display`, `update_display`, `clear_output` and the display
classes (HTML, Markdown, Latex, Math, SVG, JSON, Javascript, Image, Pretty), with
IPython's names and behaviour. The machinery is `_kiln_display`."""

import base64 as _base64
import json as _json

from _kiln_display import DisplayHandle, clear_output, display, update_display  # noqa: F401

__all__ = [
    "display", "update_display", "clear_output", "DisplayHandle", "DisplayObject",
    "HTML", "Markdown", "Latex", "Math", "SVG", "JSON", "Javascript", "Image", "Pretty",
    "display_html", "display_markdown", "display_latex", "display_svg", "display_json",
    "display_png", "display_jpeg", "display_javascript", "display_pretty",
]


class DisplayObject:
    """Data to show, given inline (`data`), read from `filename`, or linked by `url`."""

    _read_flags = "r"

    def __init__(self, data=None, url=None, filename=None, metadata=None):
        if data is not None and isinstance(data, str):
            if data.startswith(("http://", "https://")) and url is None:
                url, data = data, None
            elif filename is None and _looks_like_path(data, self):
                filename, data = data, None
        self.data = data
        self.url = url
        self.filename = filename
        self.metadata = dict(metadata or {})
        self.reload()

    def reload(self):
        if self.filename is not None:
            with open(self.filename, self._read_flags) as f:
                self.data = f.read()

    def __repr__(self):
        # IPython's text, without an address, so outputs are stable.
        return f"<IPython.core.display.{type(self).__name__} object>"

    def _data_and_metadata(self):
        if self.metadata:
            return self.data, dict(self.metadata)
        return self.data


def _looks_like_path(data, obj):
    import os

    return (
        isinstance(obj, (Image, SVG, JSON))
        and "\n" not in data
        and len(data) < 4096
        and os.path.exists(data)
    )


class TextDisplayObject(DisplayObject):
    pass


class Pretty(TextDisplayObject):
    def __repr__(self):
        return str(self.data)


class HTML(TextDisplayObject):
    def _repr_html_(self):
        return self._data_and_metadata()


class Markdown(TextDisplayObject):
    def _repr_markdown_(self):
        return self._data_and_metadata()


class Latex(TextDisplayObject):
    def _repr_latex_(self):
        return self._data_and_metadata()


class Math(TextDisplayObject):
    def _repr_latex_(self):
        text = self.data.strip("$")
        return f"$\\displaystyle {text}$"


class SVG(DisplayObject):
    def _repr_svg_(self):
        return self._data_and_metadata()


class Javascript(TextDisplayObject):
    def _repr_javascript_(self):
        return self._data_and_metadata()


class JSON(DisplayObject):
    """JSON data (a dict or list, or a JSON string), shown as a tree by front ends."""

    def __init__(self, data=None, url=None, filename=None, expanded=False, metadata=None,
                 root="root", **kwargs):
        self.metadata = {"expanded": expanded, "root": root}
        if metadata:
            self.metadata.update(metadata)
        if kwargs:
            self.metadata.update(kwargs)
        super().__init__(data=data, url=url, filename=filename, metadata=self.metadata)
        if isinstance(self.data, str):
            self.data = _json.loads(self.data)

    def _repr_json_(self):
        return self.data, self.metadata


_MAGIC = {b"\x89PNG\r\n\x1a\n": "png", b"\xff\xd8": "jpeg"}


class Image(DisplayObject):
    """A PNG or JPEG image from bytes, a file, or a URL (embedded unless a URL is given
    without `embed=True`), optionally with a width and height in pixels."""

    _read_flags = "rb"

    def __init__(self, data=None, url=None, filename=None, format=None, embed=None,
                 width=None, height=None, metadata=None, alt=None):
        if isinstance(data, (bytes, bytearray)):
            data = bytes(data)
        source = filename or url or (data if isinstance(data, str) else None)
        if format is None and isinstance(source, str):
            ext = source.rsplit(".", 1)[-1].lower()
            format = {"jpg": "jpeg", "jpeg": "jpeg", "png": "png"}.get(ext)
        if format is None and isinstance(data, bytes):
            format = next((f for magic, f in _MAGIC.items() if data.startswith(magic)), None)
        if embed is None:
            embed = not (url is not None or (isinstance(data, str)
                                             and data.startswith(("http://", "https://"))))
        self.format = (format or "png").lower()
        self.embed = embed
        self.width = width
        self.height = height
        self.alt = alt
        super().__init__(data=data, url=url, filename=filename, metadata=metadata)
        if isinstance(self.data, str) and self.embed:
            self.data = _base64.b64decode(self.data)

    def reload(self):
        if self.filename is not None and self.embed:
            super().reload()

    def _metadata(self):
        md = dict(self.metadata)
        if self.width:
            md["width"] = self.width
        if self.height:
            md["height"] = self.height
        if self.alt:
            md["alt"] = self.alt
        return md

    def _repr_html_(self):
        if self.embed:
            return None
        size = "".join(f' {k}="{v}"' for k, v in (("width", self.width), ("height", self.height)) if v)
        return f'<img src="{self.url}"{size}/>'

    def _image(self, fmt):
        if not self.embed or self.format != fmt:
            return None
        md = self._metadata()
        return (self.data, md) if md else self.data

    def _repr_png_(self):
        return self._image("png")

    def _repr_jpeg_(self):
        return self._image("jpeg")


def _display_as(mime):
    def show(*objs, raw=False, metadata=None):
        if raw:
            for obj in objs:
                display({mime: obj}, raw=True, metadata=metadata)
        else:
            display(*objs, include=[mime, "text/plain"], metadata=metadata)

    show.__name__ = "display_" + mime.split("/")[1].split("+")[0]
    return show


display_html = _display_as("text/html")
display_markdown = _display_as("text/markdown")
display_latex = _display_as("text/latex")
display_svg = _display_as("image/svg+xml")
display_json = _display_as("application/json")
display_png = _display_as("image/png")
display_jpeg = _display_as("image/jpeg")
display_javascript = _display_as("application/javascript")
display_pretty = _display_as("text/plain")
