import sys
print(sys.argv[0], type(sys.path), sys.byteorder, sys.maxsize)
print(sys.version_info[0], sys.version_info >= (3, 11), sys.platform)
print(sys.getrecursionlimit() >= 1000, 'sys' in sys.modules, type(sys.implementation.name))
sys.stdout.write('written directly\n')
sys.stderr.write('to stderr\n')
print(sys.stdin is sys.__stdin__, sys.stdout.encoding.lower().replace('-', ''))
print(sys.float_info.max, sys.float_info.epsilon, sys.int_info.bits_per_digit > 0)
print(sys.exc_info())
try:
    raise ValueError('x')
except ValueError:
    print(sys.exc_info()[0].__name__)
print(sys.intern('abc') == 'abc', sys.getsizeof(1) > 0, callable(sys.exit))
print(sys.flags.optimize, sys.dont_write_bytecode)
