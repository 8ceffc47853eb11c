# expected-from: kiln
# Slicing, transposing and reshaping a 1 GiB array makes views of its buffer: kiln's
# allocation counter (bytes of array buffers ever allocated) must not move, while a
# small copy moves it by exactly its size.
import numpy as np
import _kiln_numpy

a = np.zeros((2**15, 2**12))
print(a.nbytes == 2**30)
before = _kiln_numpy.bytes_allocated()
views = {
    "a[1:-1]": a[1:-1],
    "a[::2, ::-3]": a[::2, ::-3],
    "a.T": a.T,
    "np.transpose(a)": np.transpose(a),
    "a.swapaxes(0, 1)": a.swapaxes(0, 1),
    "a[..., None]": a[..., None],
    "a[np.newaxis]": a[np.newaxis],
    "a.reshape(2**12, 2**15)": a.reshape(2**12, 2**15),
    "a.ravel()": a.ravel(),
    "a[100]": a[100],
    "a[:, 5]": a[:, 5],
    "a[::-1]": a[::-1],
    "a.T[10:20].T": a.T[10:20].T,
}
after = _kiln_numpy.bytes_allocated()
print("bytes allocated by the views:", after - before)
for name, v in views.items():
    print(f"{name}: shape {v.shape}, strides {v.strides}, shares memory: {np.shares_memory(a, v)}")
a[1, 2] = 5.0
print(views["a.T"][2, 1], views["a[1:-1]"][0, 2], views["a.ravel()"][2**12 + 2])
before = _kiln_numpy.bytes_allocated()
small = a[:2, :2].copy()
print("bytes allocated by a 2x2 copy:", _kiln_numpy.bytes_allocated() - before)
