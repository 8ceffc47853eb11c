"""A builtin call in a loop: abs(i)."""


def sum_abs(n):
    s = 0
    for i in range(-n, n):
        s += abs(i)
    return s


def main():
    print("checksum:", sum_abs(3_000_000))


main()
