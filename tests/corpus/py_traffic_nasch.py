# py_traffic_nasch: the Nagel-Schreckenberg traffic cellular automaton on a ring road with Car objects kept in a list in road order: accelerate, brake to the gap ahead, random slowdown, move; flow, mean speed and jam counts at a few densities, plus a road occupancy list.
# Exercises: class Car with int attributes (pos, v, vmax, moved, stops), ahead = cars[(i + 1) % n] to read the next car's position, gaps with % length wrap, min() of ints, random.seed() then random.random() < p per car per step, a second pass moving every car, per-cell occupancy counts in a list of ints, a harness class keeping self.length / self.cars / self.p, cars[(i + 1) % n].pos read straight off an indexed item.
import random


class Car:
    def __init__(self, pos, vmax):
        self.pos = pos
        self.v = 0
        self.vmax = vmax
        self.moved = 0
        self.stops = 0


class Road:
    def __init__(self, length, ncars, p, seed):
        self.length = length
        self.p = p
        self.cars = []
        random.seed(seed)
        spacing = length / ncars
        for i in range(ncars):  # hot, interpreted: a call of `self.cars.append()` stays interpreted
            self.cars.append(Car(int(i * spacing), 5 if i % 7 else 3))
        self.occupancy = [0] * length
        self.steps = 0

    def step(self):
        cars = self.cars
        n = len(cars)
        length = self.length
        p = self.p
        for i in range(n):  # hot
            car = cars[i]
            ahead = cars[(i + 1) % n]
            gap = (ahead.pos - car.pos - 1) % length
            v = car.v
            if v < car.vmax:
                v += 1
            v = min(v, gap)
            if v > 0 and random.random() < p:
                v -= 1
            car.v = v
        for car in cars:  # hot
            car.pos = (car.pos + car.v) % length
            car.moved += car.v
            if car.v == 0:
                car.stops += 1
            self.occupancy[car.pos] += 1
        self.steps += 1

    def run(self, steps):
        for t in range(steps):  # hot, interpreted: `self.step()` is not inlined
            self.step()

    def mean_speed(self):
        total = 0
        for car in self.cars:  # hot
            total += car.v
        return total / len(self.cars)

    def jammed(self):
        count = 0
        for car in self.cars:  # hot
            if car.v == 0:
                count += 1
        return count


def main():
    length = 200
    for density, p in ((0.08, 0.2), (0.15, 0.2), (0.3, 0.1), (0.3, 0.5)):
        ncars = int(density * length)
        road = Road(length, ncars, p, 17)
        road.run(60)
        warm = sum(c.moved for c in road.cars)
        road.run(90)
        moved = sum(c.moved for c in road.cars) - warm
        flow = moved / (90 * length)
        stops = sum(c.stops for c in road.cars)
        print(ncars, p, road.steps, moved, f"{flow:.12g}", f"{road.mean_speed():.12g}", road.jammed(), stops)
        busiest = max(range(length), key=lambda k: road.occupancy[k])
        print("  ", busiest, road.occupancy[busiest], sum(road.occupancy), road.occupancy[:12])
        print("  ", [c.pos for c in road.cars[:8]], [c.v for c in road.cars[:8]])
    # the cars never overtake: order along the ring is preserved
    cars = road.cars
    n = len(cars)
    wraps = 0
    for i in range(n):  # hot
        if cars[(i + 1) % n].pos < cars[i].pos:
            wraps += 1
    print(n, wraps)


main()
