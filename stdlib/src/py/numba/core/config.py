"""`numba.config`: the settings scripts read. kiln compiles on its own terms, so the
JIT switches numba reads from the environment (NUMBA_DISABLE_JIT, ...) are recorded
here for scripts that print or test them, and change nothing."""

import os as _os

NUMBA_DEFAULT_NUM_THREADS = _os.cpu_count() or 1
NUMBA_NUM_THREADS = int(_os.environ.get("NUMBA_NUM_THREADS", NUMBA_DEFAULT_NUM_THREADS))
DISABLE_JIT = int(_os.environ.get("NUMBA_DISABLE_JIT", "0"))
THREADING_LAYER = _os.environ.get("NUMBA_THREADING_LAYER", "default")
BOUNDSCHECK = None
DEBUG = 0
OPT = 3
CACHE_DIR = _os.environ.get("NUMBA_CACHE_DIR", "")
