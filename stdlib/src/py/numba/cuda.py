"""`numba.cuda`: no hand-written CUDA kernels in kiln. `is_available()` is False, as
on a machine without a GPU, so scripts that check it take their CPU path; everything
else raises NotImplementedError naming what was asked for (kiln's GPU tier offloads
hot loops by itself; kernels written for numba.cuda do not run)."""


def is_available():
    return False


def detect():
    print("Found 0 CUDA devices")
    return False


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise NotImplementedError(
        "numba.cuda.%s: kiln does not run kernels written for numba.cuda; "
        "write the loop in Python and kiln's GPU tier offloads it" % name)
