import numpy as np
print(repr(np.array([1 + 2j, 3 - 4j])), str(np.array([1 + 2j, 3 - 4j])), repr(np.array([0j])))
print(repr(np.array([1.5 + 0.25j, -1j, 2])), repr(np.array([[1j, 2], [3, 4 + 0.5j]])))
print(repr(np.array([1e10 + 1j])), repr(np.array([complex(np.nan, 1), complex(1, np.inf)])), repr(np.array(1 + 1j)))
print(repr(np.array([1 / 3 + 2j / 3])), repr(np.zeros(2, np.complex128)), repr(np.array([-0.5 - 0.5j, 10 + 100j])))
print(repr(np.array([1 + 1j])[0]), str(np.array([2 - 3.5j])[0]), repr(np.complex128(-1j)), repr(np.complex128(3)))
