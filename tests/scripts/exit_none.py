import sys
try:
    sys.exit()
finally:
    print('finally runs')
