# py_predator_prey: an agent-based predator-prey model on a wrapped grid: rabbits and foxes with int energy and a bool alive flag move randomly, foxes eat rabbits on the same cell, both breed, and dead agents are filtered out each step.
# Exercises: classes with int/bool attributes (a.alive, a.energy, a.x), a seeded random.Random instance's randint(-1, 1) / random() in agent loops, nested for f in foxes / for r in rabbits with an alive test, list comprehensions filtering on a.alive, appending newborn agents to a list.
import random


class Rabbit:
    def __init__(self, x, y):
        self.x = x
        self.y = y
        self.alive = True
        self.age = 0


class Fox:
    def __init__(self, x, y, energy):
        self.x = x
        self.y = y
        self.energy = energy
        self.alive = True


def move(agents, rng, size):
    for a in agents:  # hot, interpreted: a draw from `random` other than in the value of a name
        a.x = (a.x + rng.randint(-1, 1)) % size
        a.y = (a.y + rng.randint(-1, 1)) % size


def hunt(foxes, rabbits):
    eaten = 0
    for f in foxes:  # hot
        f.energy -= 1
        for r in rabbits:  # hot
            if r.alive and r.x == f.x and r.y == f.y:
                r.alive = False
                f.energy += 6
                eaten += 1
                break
        if f.energy <= 0:
            f.alive = False
    return eaten


def breed(rabbits, foxes, rng):
    born_r = []
    for r in rabbits:  # hot, interpreted: a call of `Rabbit()` stays interpreted
        r.age += 1
        if r.alive and rng.random() < 0.1:
            born_r.append(Rabbit(r.x, r.y))
    born_f = []
    for f in foxes:  # hot, interpreted: a call of `Fox()` stays interpreted
        if f.alive and f.energy > 9:
            f.energy -= 4
            born_f.append(Fox(f.x, f.y, 3))
    return born_r, born_f


def main():
    rng = random.Random(12345)
    size = 16
    rabbits = [Rabbit(rng.randint(0, 15), rng.randint(0, 15)) for _ in range(60)]
    foxes = [Fox(rng.randint(0, 15), rng.randint(0, 15), 6) for _ in range(8)]
    total_eaten = 0
    for t in range(60):  # hot, interpreted: a list stays interpreted
        move(rabbits, rng, size)
        move(foxes, rng, size)
        total_eaten += hunt(foxes, rabbits)
        born_r, born_f = breed(rabbits, foxes, rng)
        rabbits = [r for r in rabbits if r.alive and r.age < 30] + born_r
        foxes = [f for f in foxes if f.alive] + born_f
        if len(rabbits) > 400:
            rabbits = rabbits[:400]
        if t % 10 == 9:
            print(t + 1, len(rabbits), len(foxes), total_eaten)
    energy = 0
    for f in foxes:
        energy += f.energy
    print(energy, sum(r.age for r in rabbits), rng.random())


main()
