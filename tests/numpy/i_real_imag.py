import numpy as np
c = np.array([1 + 2j, 3 - 4j, -5j])
print(repr(c.real), repr(c.imag), c.real.strides, c.imag.dtype)
r = c.real
r[0] = 10
c.imag[1] = 0.5
print(repr(c))
c.real[:] = 0
print(repr(c))
c.imag[:] = [1, 2, 3]
print(repr(c))
c.real[c.imag > 1] = 9
c.imag[::2] *= -1
print(repr(c))
f = np.array([1.5, 2.5])
print(repr(f.real), repr(f.imag), np.shares_memory(f, f.real))
print(repr(np.real(c)), repr(np.imag(c)), repr(np.real(f)))
m = np.arange(4).reshape(2, 2) * (1 + 1j)
print(repr(m.real.T), m.imag.strides, m.real[1, 0], m.imag[::-1, 0].strides)
