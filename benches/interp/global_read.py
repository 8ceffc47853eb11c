"""Module globals read in a loop inside a function."""

SCALE = 3
OFFSET = 7


def scaled_sum(n):
    s = 0
    for i in range(n):
        s += SCALE + OFFSET
    return s


def main():
    print("checksum:", scaled_sum(6_000_000))


main()
