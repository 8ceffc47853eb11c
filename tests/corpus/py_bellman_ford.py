# py_bellman_ford: single-source shortest paths by Bellman-Ford over an edge list with negative weights (early exit when a pass relaxes nothing), negative-cycle detection, path recovery from a predecessor list, and the same relaxation on parallel lists run from every fourth source and checked against the tuple version.
# Exercises: edges as a list of (u, v, w) tuples unpacked in for u, v, w in edges, parallel lists src / dst / wt indexed by k, INF = float('inf') distances with a skip when dist[u] is infinite, a changed flag breaking the pass loop, pred[v] = u int updates, a while loop walking predecessors back, a count of passes.

INF = float("inf")


def make_graph(n, m):
    # weights base + h[u] - h[v] with base >= 0: some edges are negative, but every
    # cycle has a non-negative total (the potentials h cancel around it)
    h = [float((i * 17) % 11) for i in range(n)]
    edges = []
    for k in range(m):  # hot, interpreted: a tuple as a value stays interpreted
        u = (k * 7 + 3) % n
        v = (u + 1 + (k * 5) % 3 + 9 * (k % 11 == 0)) % n
        if u == v:
            v = (v + 1) % n
        w = 0.5 * ((k * 29) % 23) + h[u] - h[v]
        edges.append((u, v, w))
    return edges


def bellman_ford(n, edges, source):
    dist = [INF] * n
    pred = [-1] * n
    dist[source] = 0.0
    passes = 0
    for it in range(n - 1):  # hot
        changed = False
        for u, v, w in edges:  # hot
            du = dist[u]
            if du == INF:
                continue
            if du + w < dist[v]:
                dist[v] = du + w
                pred[v] = u
                changed = True
        passes += 1
        if not changed:
            break
    cycle = False
    for u, v, w in edges:  # hot
        if dist[u] != INF and dist[u] + w < dist[v]:
            cycle = True
            break
    return dist, pred, passes, cycle


def bellman_ford_lists(n, src, dst, wt, source):
    dist = [INF] * n
    dist[source] = 0.0
    m = len(src)
    for it in range(n - 1):  # hot
        changed = 0
        for k in range(m):  # hot
            du = dist[src[k]]
            if du != INF:
                nd = du + wt[k]
                v = dst[k]
                if nd < dist[v]:
                    dist[v] = nd
                    changed += 1
        if changed == 0:
            break
    return dist


def path_to(pred, source, target):
    path = [target]
    v = target
    while v != source and v != -1:
        v = pred[v]
        path.append(v)
    path.reverse()
    return path


def main():
    n = 40
    edges = make_graph(n, 220)
    print(len(edges), sum(w for _, _, w in edges))
    dist, pred, passes, cycle = bellman_ford(n, edges, 0)
    reach = [d for d in dist if d != INF]
    print(passes, cycle, len(reach), min(reach), max(reach), sum(reach))
    print(dist[:10])
    far = max(range(n), key=lambda i: (dist[i] if dist[i] != INF else -INF, -i))
    p = path_to(pred, 0, far)
    print(far, dist[far], p)
    total = 0.0
    for a, b in zip(p, p[1:]):
        best = INF
        for u, v, w in edges:  # hot
            if u == a and v == b and w < best:
                best = w
        total += best
    print(total == dist[far])

    src = [e[0] for e in edges]
    dst = [e[1] for e in edges]
    wt = [e[2] for e in edges]
    checksum = 0.0
    unreachable = 0
    for s in range(0, n, 4):
        d2 = bellman_ford_lists(n, src, dst, wt, s)
        for x in d2:  # hot
            if x == INF:
                unreachable += 1
            else:
                checksum += x
    print(checksum, unreachable)
    d0 = bellman_ford_lists(n, src, dst, wt, 0)
    print(d0 == dist)
    for s in (7, 13, 27):
        ds, ps, passes_s, cycle_s = bellman_ford(n, edges, s)
        print(s, passes_s, cycle_s, sum(ds), ps[:8], ds == bellman_ford_lists(n, src, dst, wt, s))

    # a graph with a negative cycle 5 -> 6 -> 7 -> 5
    bad = edges + [(5, 6, -30.0), (6, 7, -20.0), (7, 5, -10.0)]
    _, _, passes2, cycle2 = bellman_ford(n, bad, 0)
    print(passes2, cycle2)


main()
