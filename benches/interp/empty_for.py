"""The bare loop: for i in range(N): pass, inside a function."""


def spin(n):
    for i in range(n):
        pass
    return n


def main():
    print("checksum:", spin(20_000_000))


main()
