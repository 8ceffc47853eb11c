import os, sys
print(__file__)
print(os.path.basename(__file__))
print(os.path.isabs(__file__))
print(sys.path[0])
print(__spec__)
print(__cached__ if '__cached__' in globals() else 'no __cached__')
