# py_bank_queue: a discrete-time bank simulation: customers arrive on a deterministic schedule, wait in a FIFO index queue, and are served by tellers with int busy-until times; accounts get deposits, withdrawals with an overdraft check, and monthly interest in integer cents.
# Exercises: classes Teller / Account with int attributes, for a, rate in zip(accounts, rates), for i in range(len(tellers)): tel = tellers[i], a head index into a list used as a queue, integer // and % on cents, bool flag frozen on accounts, running max of waits.


class Teller:
    def __init__(self, speed):
        self.speed = speed
        self.busy_until = 0
        self.served = 0
        self.idle = 0


class Account:
    def __init__(self, number, cents):
        self.number = number
        self.cents = cents
        self.frozen = False
        self.rejected = 0


def simulate(tellers, minutes):
    arrivals = []
    queue_head = 0
    total_wait = 0
    max_wait = 0
    served = 0
    for t in range(minutes):  # hot
        if t % 3 == 0 or t % 5 == 0 or t % 7 == 0:
            arrivals.append(t)
        for i in range(len(tellers)):  # hot
            tel = tellers[i]
            if tel.busy_until <= t:
                if queue_head < len(arrivals):
                    wait = t - arrivals[queue_head]
                    queue_head += 1
                    total_wait += wait
                    if wait > max_wait:
                        max_wait = wait
                    tel.busy_until = t + tel.speed + (t % 4)
                    tel.served += 1
                    served += 1
                else:
                    tel.idle += 1
    return served, len(arrivals) - queue_head, total_wait, max_wait


def run_accounts(accounts, rates, months):
    for m in range(months):  # hot
        for a, rate in zip(accounts, rates):  # hot
            if a.frozen:
                continue
            a.cents += 150000 + (a.number * 977) % 40000
            spend = (a.number * 31337 + m * 7919) % 260000
            if spend > a.cents:
                a.rejected += 1
                if a.rejected >= 3:
                    a.frozen = True
            else:
                a.cents -= spend
            # interest in hundredths of a percent a month, rounded down to whole cents
            a.cents += a.cents * rate // 10000


def main():
    tellers = [Teller(s) for s in (5, 6, 8, 11)]
    served, left, total_wait, max_wait = simulate(tellers, 600)
    print(served, left, total_wait, max_wait, total_wait // max(served, 1))
    loads = [0.0] * len(tellers)
    for tel, k in zip(tellers, range(len(tellers))):
        loads[k] = tel.served / (tel.served + tel.idle)
    print([(t.served, t.idle) for t in tellers], [round(x, 6) for x in loads])
    accounts = [Account(i, 10000 * (i % 9)) for i in range(60)]
    rates = [10 + 5 * (i % 4) for i in range(60)]
    run_accounts(accounts, rates, 60)
    frozen = 0
    total = 0
    for a in accounts:  # hot
        total += a.cents
        if a.frozen:
            frozen += 1
    print(frozen, total, total // 100, total % 100)
    print([a.cents for a in accounts[:6]], max(a.rejected for a in accounts))


main()
