"""numpy.random: the legacy RandomState (MT19937) behind np.random.seed/rand/randn/...,
and default_rng's Generator (PCG64). Every value matches numpy's for the same seed.

The draws run natively (_kiln_numpy.BitStream), one call per request so the order in
which bits are consumed is numpy's; this module turns seeds into 32-bit words, sizes
into counts and the flat results into shaped arrays or scalars.
"""

import bisect as _bisect
import math as _math
import operator as _operator
import os as _os

import _kiln_numpy as _core
import numpy as _np

__all__ = [
    "Generator", "PCG64", "RandomState", "choice", "default_rng", "normal",
    "permutation", "rand", "randint", "randn", "random", "random_sample", "ranf",
    "sample", "seed", "shuffle", "standard_normal", "uniform",
]

_U32 = 0xFFFFFFFF


def _int_words(n):
    """An integer's base-2**32 digits, least significant first (at least one)."""
    words = [n & _U32]
    n >>= 32
    while n:
        words.append(n & _U32)
        n >>= 32
    return words


def _entropy():
    raw = _os.urandom(16)
    return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, 16, 4)]


def _legacy_seed(seed):
    """What RandomState.seed hands the stream: an int, or a list of 32-bit words."""
    if seed is None:
        return _entropy()
    if isinstance(seed, int) and not isinstance(seed, bool):
        if not 0 <= seed <= _U32:
            raise ValueError("Seed must be between 0 and 2**32 - 1")
        return int(seed)
    if isinstance(seed, float):
        raise TypeError("Cannot cast scalar from dtype('float64') to dtype('int64') "
                        "according to the rule 'safe'")
    words = _np.asarray(seed)
    if words.size == 0:
        raise ValueError("Seed must be non-empty")
    if words.dtype.kind not in "biu":
        raise TypeError(f"Cannot cast array data from {words.dtype!r} to "
                        "dtype('int64') according to the rule 'safe'")
    if words.ndim != 1:
        raise ValueError("Seed array must be 1-d")
    words = [int(w) for w in words.tolist()]
    if any(not 0 <= w <= _U32 for w in words):
        raise ValueError("Seed must be between 0 and 2**32 - 1")
    return words


def _seed_words(seed):
    """SeedSequence entropy words of default_rng's seed."""
    if seed is None:
        return _entropy()
    if isinstance(seed, int) and not isinstance(seed, bool):
        if seed < 0:
            raise ValueError("expected non-negative integer")
        return _int_words(int(seed))
    words = []
    for item in _np.asarray(seed).ravel().tolist():
        if not isinstance(item, int) or isinstance(item, bool):
            raise TypeError("SeedSequence expects int or sequence of ints for entropy "
                            f"not {seed}")
        if item < 0:
            raise ValueError("expected non-negative integer")
        words.extend(_int_words(item))
    return words


def _shape(size):
    """(shape, count) of a size argument; (None, 1) for a single value."""
    if size is None:
        return None, 1
    try:
        shape = (_operator.index(size),)
    except TypeError:
        shape = tuple(_operator.index(n) for n in size)
    count = 1
    for n in shape:
        if n < 0:
            raise ValueError("negative dimensions are not allowed")
        count *= n
    return shape, count


def _finish(flat, shape, scalar):
    """The flat draws as the requested shape, or one value converted by `scalar`."""
    if shape is None:
        return scalar(flat[0])
    return flat.reshape(shape)


def _params(shape, *params):
    """Broadcast float parameters: their arrays and the output shape (None when all
    are scalars and no size was asked for)."""
    arrays = [_np.asarray(p, dtype=_np.float64) for p in params]
    if shape is None:
        out = _np.broadcast_shapes(*[a.shape for a in arrays])
        shape = out if out != () else None
    return arrays, shape


def _continuous(stream_draw, shape, combine, scalar, *params):
    """Draws `combine(params..., standard draws)` elementwise, numpy's `cont` loop: one
    draw per output element in C order."""
    arrays, shape = _params(shape, *params)
    count = 1 if shape is None else _math.prod(shape)
    flat = stream_draw(count)
    if shape is None:
        return scalar(combine(*[float(a) for a in arrays], float(flat[0])))
    return _np.asarray(combine(*arrays, flat.reshape(shape)))


def _normal(stream, loc, scale, size):
    """loc + scale * z, z standard normal (each API's own Gaussian)."""
    if _np.any(_np.asarray(scale) < 0):
        raise ValueError("scale < 0")
    return _continuous(stream.normals, _shape(size)[0], lambda m, s, z: m + s * z, float,
                       loc, scale)


def _uniform(stream, low, high, size, overflow_message):
    """low + (high - low) * u, u uniform in [0, 1)."""
    span = _np.asarray(high, dtype=_np.float64) - _np.asarray(low, dtype=_np.float64)
    if not _np.all(_np.isfinite(span)):
        raise OverflowError(overflow_message)
    return _continuous(stream.doubles, _shape(size)[0], lambda lo, hi, u: lo + (hi - lo) * u,
                       float, low, high)


def _integer_bounds(dtype, low, high):
    """Checks an inclusive [low, high] range against `dtype` as numpy does."""
    info = _np.iinfo(dtype) if dtype.kind != "b" else None
    lo, hi = (0, 1) if info is None else (info.min, info.max)
    name = "bool" if info is None else dtype.name
    if low < lo:
        raise ValueError(f"low is out of bounds for {name}")
    if high > hi:
        raise ValueError(f"high is out of bounds for {name}")


def _choice(draw_ints, draw_doubles, permutation, a, size, replace, p):
    """numpy's choice over index draws, shared by RandomState and Generator."""
    if isinstance(a, int) and not isinstance(a, bool):
        pop_size = a
        if pop_size <= 0 and _shape(size)[1] != 0:
            raise ValueError("a must be greater than 0 unless no samples are taken")
        population = None
    else:
        population = _np.asarray(a)
        if population.ndim != 1:
            raise ValueError("a must be 1-dimensional")
        pop_size = population.shape[0]
        if pop_size == 0 and _shape(size)[1] != 0:
            raise ValueError("'a' cannot be empty unless no samples are taken")
    shape, count = _shape(size)
    if p is not None:
        p = _np.asarray(p, dtype=_np.float64)
        if p.ndim != 1:
            raise ValueError("'p' must be 1-dimensional")
        if p.size != pop_size:
            raise ValueError("'a' and 'p' must have same size")
        if _np.any(p < 0):
            raise ValueError("probabilities are not non-negative")
        if abs(float(p.sum()) - 1.0) > _math.sqrt(2.220446049250313e-16):
            raise ValueError("probabilities do not sum to 1")
    if replace:
        if p is not None:
            cdf = _np.cumsum(p)
            cdf = (cdf / cdf[-1]).tolist()
            uniform = draw_doubles(count).tolist()
            idx = _np.array([_bisect.bisect_right(cdf, u) for u in uniform],
                            dtype=_np.int64)
        else:
            idx = draw_ints(count, pop_size)
    else:
        if count > pop_size:
            raise ValueError("Cannot take a larger sample than population when "
                             "'replace=False'")
        if p is not None:
            raise NotImplementedError("choice(replace=False, p=...) is not supported")
        idx = permutation(pop_size)[:count]
    if shape is None:
        index = int(idx[0])
        return index if population is None else population[index]
    idx = idx.reshape(shape)
    return idx if population is None else population[idx]


def _permutation(self, x):
    if isinstance(x, int) and not isinstance(x, bool):
        return self._stream.permutation(x)
    arr = _np.array(x)
    if arr.ndim == 0:
        raise IndexError("x must be an integer or at least 1-dimensional")
    return arr[self._stream.permutation(arr.shape[0])]


def _shuffle(self, x):
    order = self._stream.permutation(len(x))
    if isinstance(x, _np.ndarray):
        x[...] = x[order]
    else:
        items = [x[i] for i in order.tolist()]
        for i, item in enumerate(items):
            x[i] = item


class RandomState:
    """The legacy generator: MT19937 seeded as numpy seeds it."""

    def __init__(self, seed=None):
        self.seed(seed)

    def __repr__(self):
        return f"RandomState(MT19937) at 0x{id(self):X}"

    def seed(self, seed=None):
        self._stream = _core.legacy_stream(_legacy_seed(seed))

    def random_sample(self, size=None):
        shape, count = _shape(size)
        return _finish(self._stream.doubles(count), shape, float)

    random = random_sample
    sample = random_sample
    ranf = random_sample

    def rand(self, *args):
        return self.random_sample(args if args else None)

    def standard_normal(self, size=None):
        shape, count = _shape(size)
        return _finish(self._stream.normals(count), shape, float)

    def randn(self, *args):
        return self.standard_normal(args if args else None)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return _normal(self._stream, loc, scale, size)

    def uniform(self, low=0.0, high=1.0, size=None):
        return _uniform(self._stream, low, high, size, "Range exceeds valid bounds")

    def randint(self, low, high=None, size=None, dtype=int):
        if high is None:
            low, high = 0, low
        py_type = dtype if dtype in (int, bool) else None
        dt = _np.dtype(dtype)
        low, high = int(low), int(high) - 1
        if low > high:
            raise ValueError("low >= high")
        _integer_bounds(dt, low, high)
        shape, count = _shape(size)
        flat = self._stream.integers(count, low, high, dt)
        if shape is None:
            return py_type(flat[0]) if py_type else flat[0]
        return flat.reshape(shape)

    permutation = _permutation
    shuffle = _shuffle

    def choice(self, a, size=None, replace=True, p=None):
        return _choice(lambda n, pop: self._stream.integers(n, 0, pop - 1, _np.int64),
                       self._stream.doubles, self._stream.permutation,
                       a, size, replace, p)


class PCG64:
    """numpy's default bit generator, seeded through SeedSequence."""

    def __init__(self, seed=None):
        self._stream = _core.pcg_stream(_seed_words(seed))

    def __repr__(self):
        return f"PCG64 at 0x{id(self):X}"


class Generator:
    """default_rng's generator: PCG64 with numpy's ziggurat and Lemire draws."""

    def __init__(self, bit_generator):
        self.bit_generator = bit_generator
        self._stream = bit_generator._stream

    def __repr__(self):
        return f"Generator(PCG64) at 0x{id(self):X}"

    def _floating(self, name, size, dtype, double_draws, single_draws):
        """`size` draws of float64 or float32, the only dtypes numpy offers here."""
        shape, count = _shape(size)
        dt = _np.dtype(dtype)
        if dt.name == "float64":
            flat = double_draws(count)
        elif dt.name == "float32":
            flat = single_draws(count)
        else:
            raise TypeError(f"Unsupported dtype {dt!r} for {name}")
        return _finish(flat, shape, float)

    def random(self, size=None, dtype=_np.float64):
        return self._floating("random", size, dtype, self._stream.doubles,
                              self._stream.floats)

    def standard_normal(self, size=None, dtype=_np.float64):
        return self._floating("standard_normal", size, dtype, self._stream.normals,
                              self._stream.normals_f32)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return _normal(self._stream, loc, scale, size)

    def uniform(self, low=0.0, high=1.0, size=None):
        return _uniform(self._stream, low, high, size, "high - low range exceeds valid bounds")

    def integers(self, low, high=None, size=None, dtype=_np.int64, endpoint=False):
        if high is None:
            low, high = 0, low
        dt = _np.dtype(dtype)
        low, high = int(low), int(high) - (0 if endpoint else 1)
        if low > high:
            raise ValueError("low > high" if endpoint else "low >= high")
        _integer_bounds(dt, low, high)
        shape, count = _shape(size)
        return _finish(self._stream.integers(count, low, high, dt), shape, lambda v: v)

    permutation = _permutation
    shuffle = _shuffle

    def choice(self, a, size=None, replace=True, p=None):
        if not replace:
            raise NotImplementedError("Generator.choice(replace=False) is not supported")
        return _choice(lambda n, pop: self._stream.integers(n, 0, pop - 1, _np.int64),
                       self._stream.doubles, None, a, size, replace, p)


def default_rng(seed=None):
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, PCG64):
        return Generator(seed)
    return Generator(PCG64(seed))


_global = RandomState()

seed = _global.seed
random_sample = _global.random_sample
random = _global.random_sample
sample = _global.random_sample
ranf = _global.random_sample
rand = _global.rand
randn = _global.randn
standard_normal = _global.standard_normal
normal = _global.normal
uniform = _global.uniform
randint = _global.randint
permutation = _global.permutation
shuffle = _global.shuffle
choice = _global.choice
