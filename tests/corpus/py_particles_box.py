# py_particles_box: particles with float positions and velocities bouncing in a box under gravity with damping, as a Particle class kept in a list; counts bounces and tracks energy.
# Exercises: class Particle with float, int and bool attributes set in __init__, for p in ps: p.x += p.vx * dt, attribute compare-and-reflect branches, p.bounces += 1 int attribute updates, p.resting bool flag, sums of attributes over the list.


class Particle:
    def __init__(self, x, y, vx, vy):
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy
        self.bounces = 0
        self.resting = False


def make_particles(n):
    ps = []
    for i in range(n):  # hot, interpreted: a call of `Particle()` stays interpreted
        x = 0.5 + (i * 37 % 100) * 0.09
        y = 1.0 + (i * 53 % 100) * 0.08
        vx = ((i * 7) % 11 - 5) * 0.3
        vy = ((i * 3) % 13 - 6) * 0.25
        ps.append(Particle(x, y, vx, vy))
    return ps


def step(ps, dt, g, width, damping):
    for p in ps:  # hot
        if p.resting:
            continue
        p.vy -= g * dt
        p.x += p.vx * dt
        p.y += p.vy * dt
        if p.x < 0.0:
            p.x = -p.x
            p.vx = -p.vx * damping
            p.bounces += 1
        elif p.x > width:
            p.x = 2.0 * width - p.x
            p.vx = -p.vx * damping
            p.bounces += 1
        if p.y < 0.0:
            p.y = -p.y
            p.vy = -p.vy * damping
            p.bounces += 1
            if abs(p.vy) < 0.6:
                p.resting = True
                p.y = 0.0
                p.vy = 0.0


def energy(ps, g):
    e = 0.0
    for p in ps:  # hot
        e += 0.5 * (p.vx * p.vx + p.vy * p.vy) + g * p.y
    return e


def main():
    ps = make_particles(80)
    g, dt = 9.81, 0.01
    print(round(energy(ps, g), 10))
    for t in range(400):  # hot
        step(ps, dt, g, 10.0, 0.7)
    print(round(energy(ps, g), 10))
    total = 0
    resting = 0
    for p in ps:  # hot
        total += p.bounces
        if p.resting:
            resting += 1
    print(total, resting)
    q = ps[17]
    print(q.x, q.y, q.vx, q.vy, q.bounces, q.resting)


main()
