import _sibling
from _sibling import double, VALUE
print(VALUE, double(21), _sibling.double('ab'))
print(_sibling.__file__.endswith('_sibling.py'))
import sys
print('_sibling' in sys.modules)
