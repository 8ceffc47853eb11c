import numpy as np

a = np.arange(6.0).reshape(2, 3)
b = np.arange(12.0).reshape(3, 4) / 4.0
v = np.array([1.0, 2.0, 3.0])
m = np.arange(9).reshape(3, 3)
print(repr(np.einsum("ij,jk->ik", a, b)), repr(np.einsum("ij,jk", a, b)))
print(repr(np.einsum("ij->ji", a)), repr(np.einsum("ij", a)), repr(np.einsum("ji", a)))
print(repr(np.einsum("ii", m)), repr(np.einsum("ii->i", m)), repr(np.einsum("ij->", a)), repr(np.einsum("ij->j", a)))
print(repr(np.einsum("i,i", v, v)), repr(np.einsum("i,j->ij", v, v[:2])), repr(np.einsum("ij,j->i", a, v)))
t = np.arange(24.0).reshape(2, 3, 4)
u = np.arange(24.0).reshape(2, 4, 3) % 5
print(repr(np.einsum("bij,bjk->bik", t, u)), repr(np.einsum("bij->b", t)))
print(repr(np.einsum("ijk,ikj->i", t, u)), repr(np.einsum("i,i,i", v, v, v)))
print(repr(np.einsum("ij,ij->ij", a, a)), repr(np.einsum("ba", a)))
for bad in ("ij,jk->ikk", "ij,jk->iz", "ij->i,j"):
    try:
        np.einsum(bad, a, b)
    except ValueError as e:
        print("ValueError")
try:
    np.einsum("ij,jk->ik", a, a)
except ValueError as e:
    print("ValueError")
