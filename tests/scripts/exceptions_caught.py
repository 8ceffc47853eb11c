def attempt(f):
    try:
        f()
    except Exception as exc:
        print(type(exc).__name__ + ':', exc)


attempt(lambda: [1, 2][5])
attempt(lambda: {'a': 1}['b'])
attempt(lambda: int('x1'))
attempt(lambda: 1 / 0)
attempt(lambda: None.attr)
attempt(lambda: undefined_name)
attempt(lambda: [].pop())
attempt(lambda: iter(5))
attempt(lambda: int.from_bytes)
attempt(lambda: float('nope'))
attempt(lambda: tuple()[0])
attempt(lambda: 'abc'.index('z'))


class AppError(Exception):
    def __init__(self, code):
        super().__init__(f'app failed with {code}')
        self.code = code


try:
    try:
        raise AppError(7)
    finally:
        print('inner finally')
except AppError as exc:
    print('caught', exc, exc.code, exc.args)
else:
    print('no else')
for value in [1, 0]:
    try:
        r = 1 / value
    except ZeroDivisionError:
        print('zero')
    else:
        print('else', r)
    finally:
        print('finally', value)
try:
    raise ExceptionGroup('many', [ValueError(1), TypeError(2)])
except* ValueError as eg:
    print('except* value', eg.exceptions)
except* TypeError as eg:
    print('except* type', eg.exceptions)
