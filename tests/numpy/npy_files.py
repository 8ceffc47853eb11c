import os
import tempfile

import numpy as np

d = tempfile.mkdtemp()
a = np.arange(12.0).reshape(3, 4) / 3.0
b = np.array([[1, -2], [3, 4]], dtype=np.int64)
c = np.array([True, False, True])
f = os.path.join(d, "a")
np.save(f, a)
print(sorted(os.listdir(d)))
with open(f + ".npy", "rb") as fh:
    raw = fh.read()
print(len(raw), raw[:10], raw[10:80])
r = np.load(f + ".npy")
print(repr(r), r.dtype, r.flags.writeable if hasattr(r, "flags") else True)
np.save(os.path.join(d, "b.npy"), b)
np.save(os.path.join(d, "c.npy"), c)
np.save(os.path.join(d, "s.npy"), np.float64(2.5))
print(repr(np.load(os.path.join(d, "b.npy"))), repr(np.load(os.path.join(d, "c.npy"))), repr(np.load(os.path.join(d, "s.npy"))))
np.save(os.path.join(d, "t.npy"), a.T)
print(repr(np.load(os.path.join(d, "t.npy"))))
np.savez(os.path.join(d, "many"), a, b, labels=c)
with np.load(os.path.join(d, "many.npz")) as z:
    print(sorted(z.files), repr(z["arr_0"][1]), repr(z["arr_1"]), repr(z["labels"]), "labels" in z)
np.savez_compressed(os.path.join(d, "small.npz"), x=np.linspace(0.0, 1.0, 5))
z = np.load(os.path.join(d, "small.npz"))
print(z.files, repr(z["x"]))
try:
    z["missing"]
except KeyError as e:
    print("KeyError", e)
z.close()

t = os.path.join(d, "t.txt")
np.savetxt(t, a)
with open(t) as fh:
    print(fh.read())
print(repr(np.loadtxt(t)))
np.savetxt(t, b, fmt="%d", delimiter=",", header="x,y", footer="end")
with open(t) as fh:
    print(fh.read())
print(repr(np.loadtxt(t, delimiter=",", dtype=int)), repr(np.loadtxt(t, delimiter=",", usecols=1)))
print(repr(np.loadtxt(t, delimiter=",", unpack=True)), repr(np.loadtxt(t, delimiter=",", ndmin=2, skiprows=1, max_rows=1)))
np.savetxt(t, np.array([1.5, 2.5, 3.5]), fmt="%.3f")
with open(t) as fh:
    print(repr(fh.read()))
print(repr(np.loadtxt(t)), repr(np.loadtxt(t, ndmin=2)))
print(repr(np.loadtxt(["1 2 3", "# note", "", "4 5 6  # trailing"])))
print(repr(np.loadtxt(["1,2", "3,4"], delimiter=",", skiprows=1)))
print(repr(np.genfromtxt(["1,2,3", "4,,6", "7,8,9"], delimiter=",")))
print(repr(np.genfromtxt(["a b", "1 2", "3 4"], skip_header=1)))
print(repr(np.genfromtxt(["1,N/A", "3,4"], delimiter=",", missing_values="N/A", filling_values=0.0)))
try:
    np.loadtxt(["1 2", "3"])
except ValueError as e:
    print("ValueError", e)
