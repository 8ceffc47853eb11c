# py_inventory_policy: an (s, S) inventory simulation: a grid of Store objects, each with its own reorder point and order-up-to level, faces the same random daily demand (weekend surge) and a Gaussian price; orders arrive after a random lead time; stores are ranked by profit and the best policy is replicated over seeds.
# Exercises: a class harness keeping self.days / self.seed / self.stores / self.demand_hist, random.seed(self.seed) then demand = random.randint(0, 9) + weekend, lead = random.randint(1, 4) and random.gauss(4.0, 0.25) in the day loop, for st in self.stores with int attributes (stock, on_order, arrive_day, lost, orders) and float ones (cost, revenue), min() of ints, a demand histogram indexed by the draw, ranking by a running max over the list that keeps the best object (best_store = st), a mean and standard deviation over replications.
import math
import random


class Store:
    def __init__(self, s, big_s):
        self.s = s
        self.big_s = big_s
        self.stock = big_s
        self.on_order = 0
        self.arrive_day = -1
        self.lost = 0
        self.orders = 0
        self.sold = 0
        self.cost = 0.0
        self.revenue = 0.0


class InventorySim:
    def __init__(self, policies, days, seed):
        self.days = days
        self.seed = seed
        self.stores = [Store(s, big_s) for s, big_s in policies]
        self.demand_hist = [0] * 13
        self.price_sum = 0.0

    def run(self):
        random.seed(self.seed)
        for day in range(self.days):  # hot, interpreted: `+` of int after a draw from `random`
            price = random.gauss(4.0, 0.25)
            self.price_sum += price
            weekend = 3 if day % 7 >= 5 else 0
            demand = random.randint(0, 9) + weekend
            self.demand_hist[demand] += 1
            for st in self.stores:  # hot
                if st.arrive_day == day:
                    st.stock += st.on_order
                    st.on_order = 0
                    st.arrive_day = -1
                sold = min(demand, st.stock)
                st.stock -= sold
                st.sold += sold
                st.lost += demand - sold
                st.revenue += sold * price
                if st.stock <= st.s and st.on_order == 0:
                    st.on_order = st.big_s - st.stock
                    lead = random.randint(1, 4)
                    st.arrive_day = day + lead
                    st.orders += 1
                    st.cost += 20.0 + 1.5 * st.on_order
                st.cost += 0.05 * st.stock

    def best(self):
        best_store = self.stores[0]
        best_profit = best_store.revenue - best_store.cost
        for st in self.stores:  # hot, interpreted: `st` is used other than through its items' attributes
            profit = st.revenue - st.cost
            if profit > best_profit:
                best_profit = profit
                best_store = st
        return best_store, best_profit

    def service_levels(self):
        levels = []
        for st in self.stores:  # hot
            levels.append(st.sold / (st.sold + st.lost))
        return levels


def main():
    policies = []
    for s in range(0, 30, 3):
        for big_s in range(s + 6, s + 36, 5):  # hot, interpreted: a tuple as a value stays interpreted
            policies.append((s, big_s))
    sim = InventorySim(policies, 120, 31)
    sim.run()
    print(len(sim.stores), sim.demand_hist, sum(sim.demand_hist), f"{sim.price_sum / sim.days:.12g}")
    st, profit = sim.best()
    print(st.s, st.big_s, f"{profit:.10f}", st.orders, st.lost, st.sold, st.stock)
    levels = sim.service_levels()
    full = 0
    for lv in levels:  # hot
        if lv == 1.0:
            full += 1
    print(full, f"{min(levels):.12g}", f"{sum(levels) / len(levels):.12g}")
    worst = min(sim.stores, key=lambda x: x.revenue - x.cost)
    print(worst.s, worst.big_s, f"{worst.revenue - worst.cost:.10f}", worst.orders)

    profits = []
    for seed in range(8):
        rep = InventorySim([(st.s, st.big_s), (st.s + 3, st.big_s + 5)], 120, 100 + seed)
        rep.run()
        a = rep.stores[0]
        b = rep.stores[1]
        profits.append(a.revenue - a.cost - (b.revenue - b.cost))
    mean = sum(profits) / len(profits)
    var = 0.0
    for p in profits:
        var += (p - mean) ** 2
    sd = math.sqrt(var / (len(profits) - 1))
    print(f"{mean:.10f}", f"{sd:.10f}", sum(1 for p in profits if p > 0))


main()
