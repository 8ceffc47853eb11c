import sys
from pkg_demo import greet
print('package main:', __name__, __package__)
print(greet('main'))
print(sys.argv[1:])
