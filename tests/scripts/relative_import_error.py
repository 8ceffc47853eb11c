try:
    from . import _sibling
except ImportError as exc:
    print(type(exc).__name__, exc)
