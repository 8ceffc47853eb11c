import atexit


@atexit.register
def first():
    print('registered first, runs last')


def second(tag):
    print('registered second, runs first', tag)


atexit.register(second, tag='x')
print('main body done')
