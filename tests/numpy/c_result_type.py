import numpy as np
print(np.result_type(np.int8, np.uint8), np.result_type(np.int64, np.uint64), np.result_type(np.float32, np.int16))
print(np.result_type(np.int8, 1), np.result_type(np.int8, 1.0), np.result_type(np.float32, 1.0), np.result_type(np.uint8, 1j))
print(np.promote_types("i1", "u1"), np.promote_types("f4", "i4"), np.promote_types("bool", "u2"), np.promote_types("c16", "f4"))
print(np.result_type(np.array([1], np.int16), np.array([1], np.int32)), np.result_type(np.bool_, np.bool_))
print(np.can_cast(np.int8, np.int16), np.can_cast(np.int16, np.int8), np.can_cast(np.float64, np.float32), np.can_cast(np.uint8, np.int8))
print(np.can_cast(np.float32, np.float64), np.can_cast(np.int64, np.float64), np.can_cast(np.int64, np.float64, casting="safe"))
