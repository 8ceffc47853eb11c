try:
    {}['missing']
except KeyError:
    raise TypeError('while handling')
