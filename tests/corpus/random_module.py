# random_module: the standard library's random module on kiln's own _random generator, as CPython draws.
# Exercises: seed of ints (negative, huge), str, bytes, float; random, randint, uniform, gauss, getrandbits (0, 5, 70 bits), choice, sample, shuffle, getstate/setstate, Random instances and subclasses.
import random, _random
print(_random.Random)
random.seed(12345)
print([random.random() for _ in range(3)])
print(random.randint(1, 100), random.uniform(-1, 1), random.gauss(0, 1), random.getrandbits(70), random.getrandbits(5), random.getrandbits(0))
random.seed(-987654321987654321987)
print(random.random(), random.choice([1,2,3]), random.sample(range(100), 5))
st = random.getstate()
a = random.random()
random.setstate(st)
print(a == random.random())
r = random.Random(42)
print(r.random(), r.randrange(10))
random.seed("hello")
print(random.random())
random.seed(3.5)
print(random.random())
random.seed(b"abc")
print(random.random())
class R(random.Random):
    pass
print(R(7).random())
random.shuffle(l := list(range(10))); print(l)
try:
    random.getrandbits(-1)
except ValueError as e:
    print("ValueError", e)
random.seed()
x = random.random(); print(0 <= x < 1)
