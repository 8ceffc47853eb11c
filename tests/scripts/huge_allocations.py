# Allocations larger than the machine can give raise MemoryError, which a program can
# catch and go on from, as CPython does (outside-tester report: kiln aborted with
# "memory allocation of ... bytes failed", exit 134). Sizes past the address space and
# sizes past any machine's memory; the last one is left uncaught: a traceback, exit 1.
requests = [
    "[0] * 10**12",
    "'a' * 10**12",
    "b'ab' * 10**12",
    "bytearray(10**12)",
    "bytes(10**12)",
    "(0,) * 10**12",
    "[None] * 2**62",
    "' ' * 2**62",
    "'ab'.ljust(10**12)",
]
for text in requests:
    try:
        eval(text)
        print(text, "allocated?")
    except MemoryError:
        print(text, "MemoryError")
kept = list(range(10))
print("still running:", sum(kept))
x = [0] * 10**12
