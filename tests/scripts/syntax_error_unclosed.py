values = [1, 2, 3]


def later():
    return {'a': (1,
                  2,
