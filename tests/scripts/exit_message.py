import sys
print('out first')
sys.exit('fatal: giving up')
