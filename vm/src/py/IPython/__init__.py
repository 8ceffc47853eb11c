"""kiln's `IPython` package: `IPython.display` and `get_ipython`, so notebooks written for
ipykernel that import them run unmodified. kiln is not IPython."""

from . import display  # noqa: F401


def get_ipython():
    """The running REPL's or kernel's shell (see `_kiln_magics.Shell`); None in a
    script."""
    import _kiln_magics

    return _kiln_magics.get_ipython()
