# py_sir_agents: an agent-based SIR epidemic: people with an int state (0 susceptible, 1 infected, 2 recovered) meet random contacts each day, infections spread with a probability and last a fixed number of days; daily counts are tallied.
# Exercises: module constants S/I/R as ints, class Person with int attributes state / days / infected_by, random.seed() then x = random.random() and k = random.randint(0, 199) in hot loops, state transitions via if/elif on ints, a second pass committing pending infections, counts in a small list indexed by state.
import random

S, I, R = 0, 1, 2


class Person:
    def __init__(self, pid):
        self.pid = pid
        self.state = S
        self.days = 0
        self.pending = False
        self.infected_by = -1


def day(people, contacts, beta, duration):
    n = len(people)
    for p in people:  # hot
        if p.state != I:
            continue
        for c in range(contacts):  # hot
            k = random.randint(0, 199)
            other = people[k % n]
            if other.state == S and not other.pending:
                x = random.random()
                if x < beta:
                    other.pending = True
                    other.infected_by = p.pid
    for p in people:  # hot
        if p.pending:
            p.pending = False
            p.state = I
            p.days = 0
        elif p.state == I:
            p.days += 1
            if p.days >= duration:
                p.state = R


def census(people):
    counts = [0, 0, 0]
    for p in people:  # hot
        counts[p.state] += 1
    return counts


def main():
    random.seed(99)
    people = [Person(i) for i in range(200)]
    for i in (0, 50, 150):
        people[i].state = I
    history = []
    for t in range(45):
        day(people, 4, 0.09, 7)
        history.append(census(people))
    peak = max(h[1] for h in history)
    print(history[0], history[10], history[20], history[-1])
    print(peak, [h[1] for h in history].index(peak) + 1)
    spreaders = [0] * 200
    for p in people:  # hot
        if p.infected_by >= 0:
            spreaders[p.infected_by] += 1
    print(max(spreaders), sum(spreaders), random.random())


main()
