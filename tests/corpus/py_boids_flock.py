# py_boids_flock: a boids flock (cohesion, alignment, separation within a radius, speed clamp, wrap-around world) with Boid objects, plus flock statistics per step.
# Exercises: for i, b in enumerate(boids) with an inner for j in range(len(boids)) and other = boids[j], neighbour counts as ints, squared-distance radius tests, math.sqrt for the speed clamp, % to wrap positions, a second pass committing new velocities from per-boid attributes.
import math


class Boid:
    def __init__(self, x, y, vx, vy):
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy
        self.nvx = vx
        self.nvy = vy
        self.neighbours = 0


def make_flock(n):
    flock = []
    for i in range(n):  # hot, interpreted: a call of `Boid()` stays interpreted
        a = 0.7 * i
        flock.append(Boid(50.0 + 30.0 * math.cos(a) * (i % 7) / 7.0,
                          50.0 + 30.0 * math.sin(a) * (i % 5) / 5.0,
                          math.cos(1.3 * i), math.sin(1.3 * i)))
    return flock


def update(boids, radius, sep_dist, world, max_speed):
    r2 = radius * radius
    s2 = sep_dist * sep_dist
    for i, b in enumerate(boids):  # hot
        cx = cy = 0.0
        ax = ay = 0.0
        sx = sy = 0.0
        count = 0
        for j in range(len(boids)):  # hot
            if j == i:
                continue
            other = boids[j]
            dx = other.x - b.x
            dy = other.y - b.y
            d2 = dx * dx + dy * dy
            if d2 < r2:
                count += 1
                cx += other.x
                cy += other.y
                ax += other.vx
                ay += other.vy
                if d2 < s2:
                    sx -= dx
                    sy -= dy
        vx = b.vx
        vy = b.vy
        if count > 0:
            vx += 0.01 * (cx / count - b.x) + 0.05 * (ax / count - b.vx) + 0.1 * sx
            vy += 0.01 * (cy / count - b.y) + 0.05 * (ay / count - b.vy) + 0.1 * sy
        speed = math.sqrt(vx * vx + vy * vy)
        if speed > max_speed:
            vx = vx / speed * max_speed
            vy = vy / speed * max_speed
        b.nvx = vx
        b.nvy = vy
        b.neighbours = count
    for b in boids:  # hot
        b.vx = b.nvx
        b.vy = b.nvy
        b.x = (b.x + b.vx) % world
        b.y = (b.y + b.vy) % world


def stats(boids):
    mx = my = 0.0
    links = 0
    for b in boids:  # hot
        mx += b.vx
        my += b.vy
        links += b.neighbours
    n = len(boids)
    return math.sqrt(mx * mx + my * my) / n, links


def main():
    boids = make_flock(60)
    for t in range(40):
        update(boids, 12.0, 3.0, 100.0, 2.0)
        if t % 10 == 9:
            order, links = stats(boids)
            print(t + 1, round(order, 12), links)
    b = boids[7]
    print(b.x, b.y, b.vx, b.vy)


main()
