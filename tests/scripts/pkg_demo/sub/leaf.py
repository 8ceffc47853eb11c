from ..core_constants import FACTOR


def leaf_value():
    return 7 * FACTOR
