import numpy as np
a = np.arange(24, dtype=np.int64).reshape(2, 3, 4)
print(a.strides, a[0].strides, a[:, 1].strides, a[..., ::2].strides, a[::-1].strides)
print(a.T.strides, a.transpose(1, 0, 2).strides, a[:, ::-1, ::3].strides, a[None].strides[1:])
f = np.zeros((3, 5), dtype=np.float32)
print(f.strides, f[::2, ::-2].strides, f.T.strides, f[1].strides, f[:, 2].strides)
print(np.arange(5, dtype=np.int8)[::-1].strides, np.zeros(4, dtype=np.complex128).strides)
print(np.array(3).strides, np.zeros((2, 3))[0, 0:0].strides, np.zeros((3, 4))[1:1].strides)
