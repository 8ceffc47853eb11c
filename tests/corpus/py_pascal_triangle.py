# py_pascal_triangle: Pascal's triangle built row by row (entries outgrow 64-bit ints past row 67), rows reduced mod a prime and mod 2 (Sierpinski count), and binomial sums checked against powers of two.
# Exercises: row = [1] * (r + 1) with row[k] = prev[k - 1] + prev[k] from the previous row, Python ints growing past 2**63 inside a hot loop, % on big ints, an in-place rolling row updated right to left, counting odd entries with & 1.


def triangle(n):
    rows = [[1]]
    for r in range(1, n):  # hot, interpreted: a list stays interpreted
        prev = rows[-1]
        row = [1] * (r + 1)
        for k in range(1, r):  # hot
            row[k] = prev[k - 1] + prev[k]
        rows.append(row)
    return rows


def row_mod(n, p):
    # row n of the triangle mod p, updated in place from the right
    row = [0] * (n + 1)
    row[0] = 1
    for r in range(1, n + 1):  # hot
        for k in range(r, 0, -1):  # hot
            row[k] = (row[k] + row[k - 1]) % p
    return row


def odd_entries(rows):
    count = 0
    for row in rows:  # hot
        for v in row:  # hot
            count += v & 1
    return count


def main():
    rows = triangle(90)
    print(rows[10])
    print(rows[67][33], rows[68][34], rows[89][44])
    ok = True
    for r in range(len(rows)):  # hot
        s = 0
        for v in rows[r]:  # hot
            s += v
        if s != 2 ** r:
            ok = False
    print(ok)
    print(odd_entries(rows[:64]), odd_entries(rows))
    m = row_mod(120, 1000003)
    print(m[:6], m[60], rows[89][44] % 1000003, row_mod(89, 1000003)[44])
    big = rows[89]
    print(max(big), big.index(max(big)), sum(big) == 2 ** 89)


main()
