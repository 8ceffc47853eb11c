import numpy as np
print(np.result_type(np.int8, np.uint8), np.result_type(np.int64, np.uint64), np.promote_types("i2", "f4"))
print(np.result_type(np.arange(3), 1.0), np.result_type(np.int8, 1), np.can_cast(np.int64, np.float64), np.can_cast(np.float64, np.int64))
