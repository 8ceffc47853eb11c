import time
t0 = time.time()
p0 = time.perf_counter()
m0 = time.monotonic()
time.sleep(0.05)
elapsed = time.perf_counter() - p0
print(0.04 < elapsed < 5, time.monotonic() >= m0, time.time() >= t0)
print(time.gmtime(0).tm_year, time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(86400 * 365)))
print(time.mktime(time.localtime(1000000)) == 1000000.0)
print(isinstance(time.time_ns(), int), time.struct_time((2020, 1, 2, 3, 4, 5, 3, 2, 0)).tm_mday)
print(time.strptime('2024-02-29', '%Y-%m-%d')[:3])
