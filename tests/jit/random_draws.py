# Draws from the random module in compiled loops come from the interpreter's own
# generator: the same sequence whether a draw is compiled or interpreted, around
# reseeding, interpreted draws between calls, and hand-backs after a draw.
import random
from random import random as draw


def pi_module(n):
    hits = 0
    for i in range(n):  # jit: compiled
        x = random.random()
        y = random.random()
        if x * x + y * y < 1.0:
            hits += 1
    return 4.0 * hits / n


def pi_imported(n):
    hits = 0
    for i in range(n):  # jit: compiled
        x = 2.0 * draw() - 1.0
        y = draw() * 2 - 1
        if x * x + y * y <= 1.0:
            hits += 1
    return hits


def walk(rng, steps):
    pos = 0.0
    for t in range(steps):  # jit: compiled
        u = rng.random()
        if u < 0.5:
            pos -= 1.0
        else:
            pos += 1.0
    return pos


def hand_back(n, d):
    # The division fails at i == n // 2, after that iteration's draw: the interpreter
    # takes the next statement, and the sequence goes on unbroken.
    acc = 0.0
    for i in range(n):  # jit: compiled, deopts
        u = random.random()
        acc += u / (i - d)
    return acc


def refused(n):
    # A draw whose statement could fail after it stays interpreted.
    s = 0.0
    for i in range(n):
        s += random.random() / (i + 1)
    return s


random.seed(2024)
for rep in range(3):
    print(pi_module(400 + rep))
    print(pi_imported(300))
    print(random.random())  # an interpreted draw between compiled ones
print(walk(random.Random(7), 500), walk(random.Random(7), 500))
rng = random.Random(11)
print(walk(rng, 300), walk(rng, 300), rng.random())
try:
    print(hand_back(60, 30))
except ZeroDivisionError as e:
    print(type(e).__name__, random.random())
print(hand_back(60, 100))
print(refused(200))
random.seed(5)
a = pi_module(500)
random.seed(5)
print(a == pi_module(500))


class Fixed(random.Random):
    # A subclass's own `random` is no draw from the generator: its call is the method's.
    def random(self):
        return 0.25


print(walk(Fixed(3), 200), walk(random.Random(3), 200))
saved = random.random
random.random = lambda: 0.75  # the module's name rebound: no longer the generator
print(pi_module(100))
random.random = saved
print(pi_module(100), random.random())


def uniform_darts(n):
    # `random.uniform(a, b)` of literals is the standard library's body,
    # `a + (b - a) * random()`, on the same generator.
    hits = 0
    for i in range(n):  # jit: compiled
        x = random.uniform(-1, 1)
        y = random.uniform(-1.0, 1.0)
        if x * x + y * y < 1.0:
            hits += 1
    return hits


def uniform_instance(rng, n):
    s = 0.0
    for i in range(n):  # jit: compiled
        u = rng.uniform(0.5, 2.5)
        s += u
    return s


class Tilted(random.Random):
    # A subclass's own `uniform` is its method, not the library's.
    def uniform(self, a, b):
        return a


random.seed(31)
print(uniform_darts(500), random.random())
print(uniform_instance(random.Random(4), 300), uniform_instance(Tilted(4), 300))
random.seed(31)
print(uniform_darts(500))


def dice(n):
    # `random.randint(a, b)` of int literals: `a + _randbelow(b - a + 1)` on the same
    # generator (a width that is a power of two, one that is not, a wide one).
    counts = [0] * 7
    total = 0
    for i in range(n):  # jit: compiled
        d = random.randint(1, 6)
        counts[d] += 1
        e = random.randint(-3, 4)
        f = random.randint(0, 1000000000000)
        total += e + f % 7
    return counts, total


random.seed(77)
print(dice(600), random.random(), random.randint(1, 6))
print(dice(300))


# Compiled code draws without the generator's lock, so only while no other thread
# runs: with one alive the loop stays interpreted this time, and draws the same.
import random as _random_module
import threading


def draws_sum(n):
    s = 0.0
    for _ in range(n):  # jit: compiled
        s += _random_module.random() + _random_module.uniform(-1.0, 1.0)
        s += _random_module.randint(0, 9) + _random_module.gauss(0.0, 1.0)
    return s


_random_module.seed(5)
print("one thread", round(draws_sum(300), 9))
ready, done = threading.Event(), threading.Event()


def idle():
    ready.set()
    done.wait()


helper = threading.Thread(target=idle)
helper.start()
ready.wait()
print("two threads", round(draws_sum(300), 9))
done.set()
helper.join()
print("one again", round(draws_sum(300), 9), _random_module.random())
