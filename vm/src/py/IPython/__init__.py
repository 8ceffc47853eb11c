"""kiln's `IPython` package: only `IPython.display`, so notebooks written for ipykernel
that import their display classes from it run unmodified. kiln is not IPython."""

from . import display  # noqa: F401
