# Float and int behaviour CPython defines, which RustPython 0.5 (and so kiln) got wrong
# and 0.6 gets right (or kiln corrects): `//` and `%` of floats (the remainder takes the divisor's sign,
# the quotient is CPython's rounded one), the sign of a zero quotient, repr's
# round-half-even at 17 digits, overflow of float `**`, int/str conversion limits.
import sys

for a, b in [(-9.0, 1.0), (9.0, -1.0), (1.0, 0.1), (-1.0, 0.1), (-3.0, 1.5),
             (-0.5, 0.25), (0.0, -3.0), (-1e-300, 1e300), (-5.0, float("inf")),
             (float("inf"), 1.0), (7.5, -0.5)]:
    print(a, b, repr(a // b), repr(a % b), divmod(a, b))
print(repr(0 / -1), repr(-0.0 / 5), repr(0.0 * -1))
# The same divisions written as constants (RustPython 0.6.0 folds `6.0 // 2.0` to 0.0;
# kiln folds literal ones itself).
print(6.0 // 2.0, 10 // 2.5, 4.0 // -2, -1.25 // -1.25, 0.0 // -3.0, 1.0 // 0.1,
      -(6.0 // 2.0), 1e300 // 1e-300, -9.0 % 1.0, 9.0 % -1.0)
print((0.1 * -3) // -1.25, (2.0 * 3.0) // 2.0, 7 // 2 // 1.5, (7.5 % 2) // 0.5,
      -(3 - 5) // 0.5, 2 ** 3 // 2.0, 2.0 ** -1 // 0.25, 10 ** 20 // 3.0)
# With an int division or a bool among the constants, which the folder reduces too.
print(14 // (1 / 2), 14 // (True / 2), 6 // (4 / 2), (1 / 2) // 0.25, True // 0.5,
      (7 * 2) // (True / 2), 3 % (1 / 2), (2 ** 60 / 3) // 1.5, -True // -0.5)
print(repr(2.4860000610351562), repr(float.fromhex("0x1.3e353f8000000p+1")), repr(0.1 + 0.2))
for expr in ("10.0 ** 400", "(-10.0) ** 401", "2.0 ** 10000"):
    try:
        print(expr, eval(expr))
    except OverflowError:
        print(expr, "OverflowError")
try:
    int(float("nan"))
except ValueError as e:
    print("ValueError:", e)
try:
    int(float("inf"))
except OverflowError as e:
    print("OverflowError:", e)
print(sys.get_int_max_str_digits())
big = 2 ** (10 ** 7)
try:
    str(big)
except ValueError:
    print("str(2 ** 10 ** 7): ValueError")
try:
    int("9" * 5000)
except ValueError:
    print("int('9' * 5000): ValueError")
try:
    eval("9" * 5000)
except SyntaxError:
    print("a 5000-digit literal: SyntaxError")
print(len(str(10 ** 4299)), round(2.675, 2), round(0.125, 2), round(-2.5), round(3.5))
