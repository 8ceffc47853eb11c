import threading
from concurrent.futures import ThreadPoolExecutor
results = [0] * 4
lock = threading.Lock()
total = [0]


def work(i):
    results[i] = sum(range(i * 1000))
    with lock:
        total[0] += 1


threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(results, total[0])
with ThreadPoolExecutor(max_workers=2) as pool:
    print(list(pool.map(lambda x: x * x, range(6))))
print(threading.current_thread().name, threading.active_count())
