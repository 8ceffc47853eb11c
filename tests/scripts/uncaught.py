def outer(values):
    return inner(values, 3)


def inner(values, index):
    return values[index]


print('about to fail')
outer([1, 2, 3])
