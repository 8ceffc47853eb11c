# numpy's math functions compile (issue 16's ufuncs; `np.tanh(a[i, i])` of issue 17's
# table): on arrays inside array statements and on numbers, by the same Rust function
# the interpreter's numpy calls, so the bits are the interpreter's; a NaN or infinite
# result (numpy's warning) hands the statement to the interpreter.
import numpy as np
def arrays(x, out):
    for t in range(30):  # jit: compiled
        out[:] = np.sqrt(np.abs(x)) + np.exp(-x * t * 0.01) - np.tanh(x) * np.log1p(np.absolute(x))
        out[1:] += np.sin(x[:-1]) * np.cos(x[1:])
    return out
def scalars(a):
    s = 0.0
    for i in range(a.shape[0]):  # jit: compiled
        s += np.sqrt(a[i] * a[i]) + np.log(a[i] + 2.0) + np.arctan(i)
    return s
def warns(a):
    s = 0.0
    for i in range(a.shape[0]):  # jit: compiled, deopts
        s += np.sqrt(a[i] - 20)
    return s
def f32(x, out):
    for t in range(30):  # jit: compiled
        out[:] = np.exp(x * 0.5) + np.sqrt(x)
    return out
def cholesky(A):
    n = A.shape[0]
    for i in range(n):  # jit: compiled
        for j in range(i + 1):
            s = A[i, j] - (A[i, :j] * A[j, :j]).sum()
            if i == j:
                A[i, i] = np.sqrt(s)
            else:
                A[i, j] = s / A[j, j]
    return A
x = np.linspace(-2, 3, 50)
print(arrays(x, np.zeros(50))[:4])
print(scalars(np.linspace(0, 4, 60)))
print(warns(np.linspace(0, 30, 40)))
print(f32(np.linspace(0, 2, 20).astype(np.float32), np.zeros(20, np.float32))[:4])
rng = np.random.default_rng(2); m = rng.standard_normal((25, 25)); spd = m @ m.T + 25 * np.eye(25)
print(cholesky(spd)[-1, -3:])
print(np.sqrt(np.int16(9)), type(np.sqrt(np.int16(9))))
