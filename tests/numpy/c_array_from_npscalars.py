import numpy as np
print(repr(np.array([np.int8(1), np.int8(2)])), repr(np.array([np.float32(1.5), np.float32(2)])))
print(repr(np.array([np.float32(1), 2.0])), repr(np.array([np.int8(1), 1000])), repr(np.array([np.uint8(1), np.int8(-1)])))
print(repr(np.array([np.arange(2), np.arange(2, 4)])), repr(np.array([np.array(1.5), 2])), repr(np.array(np.float32(3))))
print(repr(np.array([np.True_, 1])), repr(np.array([np.int64(2), 1.5])), repr(np.array((np.arange(2.0), [5, 6]))))
print(repr(np.array(np.arange(3, dtype=np.int16), dtype=np.float32)), repr(np.array([[np.int16(1)], [np.int16(2)]])))
