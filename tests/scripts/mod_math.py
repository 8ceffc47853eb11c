import math
print(math.pi, math.e, math.tau, math.inf, math.nan)
print(math.sqrt(2), math.exp(1.5), math.log(10), math.log(8, 2), math.log10(1000), math.log2(1024))
print(math.sin(1), math.cos(1), math.tan(1), math.atan2(1, -1), math.hypot(3, 4))
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.5), math.fabs(-3))
print(math.factorial(20), math.comb(10, 3), math.perm(5, 2), math.gcd(12, 18), math.lcm(4, 6))
print(math.isclose(0.1 + 0.2, 0.3), math.isnan(float('nan')), math.isinf(-math.inf), math.isfinite(1e308))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.prod([1, 2, 3, 4]))
print(math.erf(0.5), math.erfc(0.5), math.gamma(5.5), math.lgamma(10))
print(math.copysign(3, -0.0), math.fmod(-7, 3), -7 % 3, math.modf(3.25), math.frexp(8.0), math.ldexp(0.5, 4))
print(math.degrees(math.pi), math.radians(180), math.isqrt(10**20 + 1), math.dist((0, 0), (3, 4)))
try:
    math.sqrt(-1)
except ValueError as exc:
    print('ValueError raised')
