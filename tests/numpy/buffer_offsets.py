# Exports that start inside their buffer: RustPython 0.6 describes them by an offset
# into the exporter's whole memory (as Py_buffer.buf does), not by suboffsets.
import numpy as np, struct
a = np.arange(12, dtype=np.float64).reshape(3, 4)
print(bytes(a[::-1, ::2]) == a[::-1, ::2].tobytes())
m = memoryview(a[:, ::-1])
print(m.shape, m.strides, m.tolist(), m.c_contiguous)
m2 = memoryview(a[1:, 1:3])
print(m2.tolist(), m2.contiguous, m2.nbytes, m2.tobytes() == a[1:, 1:3].tobytes())
print(memoryview(np.arange(5)[::-1]).tolist(), memoryview(np.arange(10)[7:2:-2]).tolist())
print(struct.unpack_from("2d", a[1]), struct.unpack_from("d", a[2, 1:], 8))
m3 = memoryview(a[2, 1:])
m3[0] = -1.0
print(a[2])
ba = bytearray(b"\x00" * 16 + bytes(range(16)))
f = np.frombuffer(memoryview(ba)[8:], dtype=np.uint8)
print(f.tolist())
f[8] = 99
print(ba[16])
print(np.frombuffer(memoryview(bytearray(range(8)))[2:6], dtype=np.uint8).tolist())
print(np.frombuffer(memoryview(bytearray(range(16)))[4:], dtype=np.uint8, count=3, offset=2))
e = np.zeros((0, 3))[:, ::-1]
print(memoryview(e).tolist(), bytes(e))
print(bytearray(np.array([1, 2, 3], dtype=np.int16)[1:]))
