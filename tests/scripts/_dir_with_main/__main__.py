import sys, os
import helper
print('dir main', __name__, helper.NAME)
print(os.path.basename(sys.argv[0]), sys.argv[1:])
