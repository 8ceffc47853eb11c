# expected-from: kiln
# Outside a Jupyter kernel, display() prints each object's text/plain form, as IPython's
# terminal does; the MIME bundle still holds the rich forms a notebook would show.
import _kiln_display
import numpy as np
from IPython.display import HTML, JSON, Image, Latex, Markdown, SVG, clear_output, display


class Rich:
    def _repr_html_(self):
        return "<b>rich</b>"

    def _repr_latex_(self):
        return r"$x^2$", {"note": "metadata"}

    def __repr__(self):
        return "Rich()"


display(1, "two", Rich())
display(HTML("<p>x</p>"), Markdown("*m*"))
handle = display(Latex("$y$"), display_id=True)
print(type(handle).__name__)
display({"text/plain": "raw text", "text/html": "<i>raw</i>"}, raw=True)

data, metadata = _kiln_display.format(Rich())
print(sorted(data), metadata)
data, _ = _kiln_display.format(np.arange(6).reshape(2, 3))
print(sorted(data))
print(data["text/plain"])
print(data["text/html"].count("<td>"))
data, _ = _kiln_display.format(np.arange(3))
print(sorted(data))

png = b"\x89PNG\r\n\x1a\n" + b"\0" * 8
data, metadata = _kiln_display.format(Image(data=png, width=10))
print(sorted(data), data["image/png"], metadata)
data, metadata = _kiln_display.format(JSON({"a": [1, 2]}))
print(data["application/json"], metadata)
data, _ = _kiln_display.format(SVG("<svg></svg>"))
print(data["image/svg+xml"])
# A class is not displayed through its instances' methods.
print(sorted(_kiln_display.format(Rich)[0]))


class Broken:
    def _repr_html_(self):
        raise ValueError("no html today")


import sys

sys.stderr = sys.stdout
print(sorted(_kiln_display.format(Broken())[0]))

# Long containers are broken over lines of 79 columns, as IPython's pretty printer does.
display(list(range(40)))
print(_kiln_display.format({"key %d" % i: i for i in range(3)})[0]["text/plain"])
