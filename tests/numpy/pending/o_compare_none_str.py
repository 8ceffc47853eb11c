import numpy as np
print(repr(np.array([1, 2]) == None), repr(np.array([1, 2]) != None), repr(np.array([1, 2]) == "a"))
