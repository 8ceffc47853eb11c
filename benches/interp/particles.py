"""Particles as objects: gravity, drag and bounces off the walls of a box, 300 steps."""

WIDTH = 100.0
HEIGHT = 60.0
GRAVITY = -9.81
DRAG = 0.999
DT = 0.01
STEPS = 300
COUNT = 3000


class Particle:
    def __init__(self, x, y, vx, vy):
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy

    def move(self, dt):
        self.vy += GRAVITY * dt
        self.vx *= DRAG
        self.vy *= DRAG
        self.x += self.vx * dt
        self.y += self.vy * dt

    def bounce(self):
        if self.x < 0.0:
            self.x = -self.x
            self.vx = -self.vx
        elif self.x > WIDTH:
            self.x = 2.0 * WIDTH - self.x
            self.vx = -self.vx
        if self.y < 0.0:
            self.y = -self.y
            self.vy = -0.9 * self.vy
        elif self.y > HEIGHT:
            self.y = 2.0 * HEIGHT - self.y
            self.vy = -self.vy

    def energy(self):
        return 0.5 * (self.vx * self.vx + self.vy * self.vy) - GRAVITY * self.y


def make_particles(n):
    particles = []
    for i in range(n):
        x = (i * 37 % 1000) / 10.0
        y = (i * 53 % 600) / 10.0
        vx = ((i * 7) % 41 - 20) * 1.5
        vy = ((i * 11) % 31 - 15) * 2.0
        particles.append(Particle(x, y, vx, vy))
    return particles


def simulate(particles, steps):
    for _ in range(steps):
        for p in particles:
            p.move(DT)
            p.bounce()


def main():
    particles = make_particles(COUNT)
    simulate(particles, STEPS)
    total = sum(p.energy() for p in particles)
    cx = sum(p.x for p in particles) / len(particles)
    cy = sum(p.y for p in particles) / len(particles)
    print(f"checksum: {total:.6e} {cx:.6f} {cy:.6f}")


main()
