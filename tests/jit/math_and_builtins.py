import math
import numpy as np

def calc(n):
    out = []
    for i in range(1, n):  # jit: compiled, deopts
        x = i * 0.37 - 4.0
        a = math.sqrt(i) + math.exp(-x * x) + math.log(i) + math.log10(i) + math.log2(i)
        b = math.sin(x) * math.cos(x) + math.tan(x / 10) + math.atan2(x, 3.0) + math.hypot(x, 2.0)
        c = math.asin(x / 10) + math.acos(x / 10) + math.atan(x) + math.sinh(x / 4) + math.cosh(x / 4) + math.tanh(x)
        d = math.erf(x) + math.erfc(x) + math.fabs(x) + math.copysign(2.0, x) + math.pow(1.5, x)
        d += math.log1p(i * 0.25) + math.expm1(x / 4)
        e = math.floor(x) + math.ceil(x) + abs(i - 20) + min(i, 7, 30 - i) + max(x, 0.5) + int(x) + round(x)
        f = (i - 25) // 4 + (i - 25) % 4 + (-i) // 3 + (-i) % 3 + x // 1.5 + x % 1.5 + (-x) % 0.75
        g = i ** 2 + 2 ** (i % 10) + x ** 2 + float(i) + bool(i % 2) + (1 if 3 < i <= 20 else -1)
        h = (i > 5 and i < 30) or i == 33
        k = (not (i % 3 == 0)) + ((i & 5) | (i ^ 3)) + (i << 2) + (i >> 1) + ~i
        acc = a + b + c + d + e + f + g + h + k
        if math.isnan(acc) or math.isinf(acc):
            acc = 0.0
    return acc, a, b, c, d, e, f, g, h, k

print(calc(38))
print(calc(39))
