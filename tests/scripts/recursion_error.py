import sys


def down(n):
    return down(n + 1)


try:
    down(0)
except RecursionError as exc:
    print('RecursionError caught')
sys.setrecursionlimit(200)


def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)


print(depth(150))
