"""list_paths: dynamic programming over a list of lists of Python ints (lattice paths
with blocked cells, `t[i][j] = t[i - 1][j] + t[i][j - 1]`); compiled, each item is
read and stored through the VM's helpers (Python ints are not read in place).
"""

import sys
import time

TINY_N = 8
TABLE_N = 300
LARGE_N = 600


def inputs(n):
    blocked = [[(i * 7 + j * 3) % 11 == 0 and i > 0 and j > 0 for j in range(n)] for i in range(n)]
    return blocked, n


def list_paths(blocked, n):
    t = [[0] * n for _ in range(n)]
    for i in range(n):
        t[i][0] = 1
    for j in range(n):
        t[0][j] = 1
    for i in range(1, n):
        for j in range(1, n):
            if blocked[i][j]:
                t[i][j] = 0
            else:
                t[i][j] = (t[i - 1][j] + t[i][j - 1]) % 1000003
    return t


def checksum(result):
    return float(sum(row[-1] for row in result) % 1000003 + result[-1][-1])


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else TABLE_N
    args = inputs(n)
    start = time.perf_counter()
    result = list_paths(*args)
    seconds = time.perf_counter() - start
    print(f"checksum: {checksum(result):.12g}")
    print(f"seconds: {seconds:.6f}")
