import timeit
t = timeit.timeit('sum(range(100))', number=200)
print(type(t).__name__, t > 0)
r = timeit.repeat(lambda: sorted([3, 1, 2]), number=50, repeat=3)
print(len(r), all(x >= 0 for x in r))
timer = timeit.Timer('x * 2', setup='x = 21')
n, total = timer.autorange()
print(n >= 1, total >= 0.2 or n >= 1)
print(timeit.default_timer is not None)
