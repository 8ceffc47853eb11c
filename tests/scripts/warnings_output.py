import warnings


def old():
    warnings.warn('old() is deprecated', DeprecationWarning, stacklevel=2)
    return 1


warnings.simplefilter('always')
old()
warnings.warn('plain user warning')
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    old()
print(len(caught), caught[0].category.__name__, str(caught[0].message))
