import numpy as np
a = np.array([1, 2, 3])
print(repr(a == None), repr(a != None), repr(None == a), repr(None != a))
m = np.zeros((2, 3))
print(repr(m == None), repr(m != None))
print(repr(np.array(5.0) == None), repr(np.array(5.0) != None), repr(np.float64(2.0) == None))
print(repr(np.array([], dtype=np.float32) == None))
print((a == None).dtype, (a != None).shape, a is not None)
try:
    a < None
except TypeError as e:
    print(type(e).__name__)
print(repr(np.int64(3) != None), repr(np.float32(1) == None), repr(np.bool_(True) == None))
