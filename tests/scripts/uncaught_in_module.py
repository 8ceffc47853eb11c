import _raiser

print('calling into a sibling module')
_raiser.explode('boom')
