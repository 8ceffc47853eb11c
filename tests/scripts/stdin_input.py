import sys
name = input()
print('hello', name)
second = input('prompt> ')
print(repr(second))
rest = sys.stdin.read()
print(rest.splitlines())
try:
    input()
except EOFError as exc:
    print('EOFError', exc)
