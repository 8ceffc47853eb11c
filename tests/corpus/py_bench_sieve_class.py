# py_bench_sieve_class: a class-based number-theory benchmark: a sieve of Eratosthenes over self.n stored as a list of bools, prime counting and twin primes from it, a smallest-prime-factor table, and Euler's totient for every k up to self.m.
# Exercises: self.n / self.m as loop bounds and strides (range(p * p, self.n + 1, p)), self.flags list of bools and self.spf list of ints as attributes written in methods, a while p * p <= self.n loop, factorising k through the spf table in a while loop, int // and * in the totient update.


class Sieve:
    def __init__(self, n, m):
        self.n = n
        self.m = m
        self.flags = [True] * (n + 1)
        self.spf = [0] * (m + 1)
        self.primes = []

    def run(self):
        self.flags[0] = False
        self.flags[1] = False
        p = 2
        while p * p <= self.n:  # hot
            if self.flags[p]:
                for q in range(p * p, self.n + 1, p):  # hot
                    self.flags[q] = False
            p += 1
        for k in range(self.n + 1):  # hot, interpreted: a call of `self.primes.append()` stays interpreted
            if self.flags[k]:
                self.primes.append(k)

    def twins(self):
        count = 0
        for i in range(1, len(self.primes)):  # hot
            if self.primes[i] - self.primes[i - 1] == 2:
                count += 1
        return count

    def build_spf(self):
        for k in range(2, self.m + 1):  # hot
            if self.spf[k] == 0:
                for q in range(k, self.m + 1, k):  # hot
                    if self.spf[q] == 0:
                        self.spf[q] = k

    def totient(self, k):
        result = k
        while k > 1:  # hot
            p = self.spf[k]
            result = result // p * (p - 1)
            while k % p == 0:  # hot
                k //= p
        return result

    def totient_sum(self):
        s = 0
        for k in range(1, self.m + 1):  # hot
            s += self.totient(k)
        return s


def main():
    sv = Sieve(20000, 3000)
    sv.run()
    print(len(sv.primes), sv.primes[-5:], sv.twins())
    sv.build_spf()
    print(sv.spf[2999], sv.spf[2991], sv.totient(2310), sv.totient(2999))
    print(sv.totient_sum())


main()
