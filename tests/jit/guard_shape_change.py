import numpy as np

def first_column_sum(a):
    s = 0.0
    for i in range(a.shape[0]):  # jit: compiled
        s = s + a[i, 0]
    return s

print(first_column_sum(np.ones((500, 3))))
print(first_column_sum(np.ones((500, 3, 2))[:, :, 0]))
try:
    print(first_column_sum(np.ones(500)))
except IndexError as e:
    print("IndexError:", e)
print(first_column_sum(np.ones((200, 2, 2))))

def rows(a):
    t = 0.0
    for i in range(len(a)):  # jit: compiled
        t += a[i]
    return t

print(rows(np.arange(400.0)))
print(rows(np.ones((400, 2))))
