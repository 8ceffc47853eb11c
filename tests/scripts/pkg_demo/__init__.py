from .core import greet

__all__ = ['greet']
LOADED = True
