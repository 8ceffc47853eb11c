"""list.append in a loop, then a sum over the list."""


def build(n):
    items = []
    for i in range(n):
        items.append(i)
    return items


def main():
    total = 0
    for _ in range(12):
        total += sum(build(600_000))
    print("checksum:", total)


main()
