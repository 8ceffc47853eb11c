import numpy as np
b = np.arange(12).reshape(3, 4)
print(np.s_[1:3], np.s_[::2, ::-1], np.index_exp[2], np.index_exp[1:, 0])
print(repr(b[np.s_[::2, ::-1]]), repr(b[np.index_exp[1:]]))
print(repr(b[np.s_[..., 1]]), np.s_[...], np.s_[:, None])
