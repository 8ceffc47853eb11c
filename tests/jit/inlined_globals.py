# A function inlined into a loop reads module globals as the constants they were when
# the loop compiled (guarded on entry). A global the loop itself assigns changes while
# it runs: the loop variable of a loop at module level, a running total, a constant
# rebound half way. Such a call stays interpreted; one reading a global the loop does
# not assign still compiles.
K = 2
SCALE = 3.0


def times_k(x):
    return x * K


def square_of_i():
    return i * i


def running():
    return total


def scaled(x):
    return x * SCALE


tot = 0
for i in range(300):
    tot += times_k(i)
    if i == 150:
        K = 10
print("rebound constant", tot)

tot = 0
for i in range(300):
    tot += square_of_i()
print("module loop variable", tot)

total = 0
acc = 0
for j in range(300):
    total += j
    acc += running()
print("running total", acc)

def current_step():
    return step


pos = 0
step = 3
while pos < 1000:
    pos += current_step()
    if pos > 500:
        step = 7
print("while", pos)


def in_function(n):
    global K
    s = 0
    for t in range(n):
        s += times_k(t)
        K = t % 5
    return s


print("global in a function", in_function(300), K)


def untouched(n):
    s = 0.0
    for t in range(n):  # jit: compiled
        s += scaled(t)
    return s


print("unassigned global", untouched(300))
