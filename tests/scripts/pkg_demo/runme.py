import os, sys
print('runme as', __name__)
print(os.path.relpath(sys.argv[0]))
print(sys.argv[1:])
print(sys.path[0] == os.getcwd())
