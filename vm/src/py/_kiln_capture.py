"""Text streams that hand what is written to the embedding application (the REPL, the
Jupyter kernel) as it is written."""

import io
import _kiln


class SinkStream(io.TextIOBase):
    def __init__(self, fd, name):
        self._fd = fd
        self._name = name

    @property
    def name(self):
        return self._name

    @property
    def encoding(self):
        return "utf-8"

    @property
    def errors(self):
        return "strict"

    def writable(self):
        return True

    def isatty(self):
        return False

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        if s:
            _kiln.write(self._fd, s)
        return len(s)

    def flush(self):
        pass


def install():
    import sys

    sys.stdout = SinkStream(1, "<stdout>")
    sys.stderr = SinkStream(2, "<stderr>")


def uninstall():
    import sys

    sys.stdout = sys.__stdout__
    sys.stderr = sys.__stderr__
