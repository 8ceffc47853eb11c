# py_floyd_warshall: all-pairs shortest paths on a weighted directed graph stored as a list of lists with float('inf') for missing edges, with a next-hop table for path recovery.
# Exercises: INF = float('inf') comparisons and additions, rows Dk = D[k] / Di = D[i] hoisted, dik = Di[k] skipped when infinite, a parallel int list-of-lists nxt updated alongside, a while loop reconstructing a path.

INF = float("inf")


def build_graph(n):
    D = [[INF] * n for _ in range(n)]
    for i in range(n):  # hot, interpreted: iterates over something other than range() or arrays
        D[i][i] = 0.0
        for step in (1, 3, 7):  # hot, interpreted: iterates over something other than range() or arrays
            j = (i * step + step * step) % n
            if j != i:
                D[i][j] = float(1 + (i * 5 + j * 3) % 9) * 0.5
    return D


def floyd_warshall(D):
    n = len(D)
    nxt = [[j if D[i][j] < INF else -1 for j in range(n)] for i in range(n)]
    for k in range(n):  # hot
        Dk = D[k]
        for i in range(n):  # hot
            Di = D[i]
            dik = Di[k]
            if dik == INF:
                continue
            Ni = nxt[i]
            nik = Ni[k]
            for j in range(n):  # hot
                cand = dik + Dk[j]
                if cand < Di[j]:
                    Di[j] = cand
                    Ni[j] = nik
    return nxt


def path(nxt, u, v):
    if nxt[u][v] == -1:
        return []
    p = [u]
    while u != v:
        u = nxt[u][v]
        p.append(u)
    return p


def main():
    n = 64
    D = build_graph(n)
    nxt = floyd_warshall(D)
    reachable = 0
    total = 0.0
    longest = 0.0
    for i in range(n):  # hot
        for j in range(n):  # hot
            d = D[i][j]
            if d < INF:
                reachable += 1
                total += d
                if d > longest:
                    longest = d
    print(reachable, total, longest)
    print(D[0][:8])
    for u, v in ((0, 63), (5, 40), (17, 2)):
        p = path(nxt, u, v)
        print(u, v, D[u][v], p)


main()
