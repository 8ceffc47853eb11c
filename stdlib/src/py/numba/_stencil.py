"""numba's `@stencil`: a kernel written with relative indices (`a[-1, 0]`, `a[0, 1]`)
applied at every point whose neighbourhood lies inside the array; the border is `cval`
(0 by default).

The extent of the neighbourhood comes from `neighborhood=` or from running the kernel
once on probes that record the offsets it reads. The kernel is then applied by a loop
nest made from its own source: each relative subscript `a[e0, e1]` becomes
`a[i0 + e0, i1 + e1]` and the returned value is stored into the output, so kiln's JIT
compiles the stencil as it compiles any loop (the nest's file is `<stencil NAME>`,
and Numba compiles stencils at once, so it is compiled on its first run). A kernel
whose source cannot be had or rewritten (a lambda, a closure, a `return` before the
end, an array used other than by subscripting) is applied point by point instead;
so is a call with `out=`, where numba's order of reads and writes matters."""

import ast as _ast
import inspect as _inspect
import itertools as _itertools
import textwrap as _textwrap

import numpy as _np

_INDEX = "__kiln_i%d"
_BOUNDS = ("__kiln_b%d", "__kiln_e%d")
_OUT = "__kiln_out"


class _Probe:
    """Records the relative indices a stencil kernel reads."""

    def __init__(self, ndim, seen):
        self.ndim = ndim
        self.seen = seen

    def __getitem__(self, index):
        if not isinstance(index, tuple):
            index = (index,)
        if len(index) != self.ndim or not all(isinstance(i, int) for i in index):
            raise ValueError("stencil kernels index their arrays with %d integer "
                             "offsets, as a[0, -1]" % self.ndim)
        self.seen.append(index)
        return 1.0


class _Relative:
    """An array seen from the stencil's centre."""

    def __init__(self, array, centre):
        self.array = array
        self.centre = centre

    def __getitem__(self, index):
        if not isinstance(index, tuple):
            index = (index,)
        return self.array[tuple(c + i for c, i in zip(self.centre, index))]


class _Absolute(_ast.NodeTransformer):
    """Rewrites the relative subscripts of the arrays named `relative` to absolute
    ones; `ok` turns false on anything the nest cannot take."""

    def __init__(self, relative, ndim):
        self.relative = relative
        self.ndim = ndim
        self.ok = True

    def visit_Subscript(self, node):
        if isinstance(node.value, _ast.Name) and node.value.id in self.relative:
            index = node.slice.elts if isinstance(node.slice, _ast.Tuple) else [node.slice]
            if len(index) != self.ndim or any(
                    isinstance(e, (_ast.Slice, _ast.Starred)) for e in index):
                self.ok = False
                return node
            index = [self.visit(e) for e in index]
            absolute = [_ast.BinOp(_ast.Name(_INDEX % d, _ast.Load()), _ast.Add(), e)
                        for d, e in enumerate(index)]
            node.slice = (_ast.Tuple(absolute, _ast.Load()) if self.ndim > 1
                          else absolute[0])
            return node
        return self.generic_visit(node)

    def visit_Name(self, node):
        # An array used other than through a subscript (`a.shape`, `f(a)`).
        if node.id in self.relative:
            self.ok = False
        return node

    def visit_Return(self, node):
        self.ok = False
        return node

    def _nested(self, node):
        self.ok = False
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = _nested
    visit_Yield = visit_YieldFrom = visit_Global = visit_Nonlocal = _nested


def _nest_source(kernel, relative, ndim):
    """The source of the loop nest that applies `kernel` (see the module doc), or
    None where the kernel cannot be rewritten."""
    code = kernel.__code__
    if code.co_freevars or code.co_flags & (0x04 | 0x08):  # closures, *args, **kwargs
        return None
    try:
        tree = _ast.parse(_textwrap.dedent(_inspect.getsource(kernel)))
    except (OSError, TypeError, SyntaxError, IndentationError):
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], _ast.FunctionDef):
        return None
    func = tree.body[0]
    if not func.body or not isinstance(func.body[-1], _ast.Return) or func.body[-1].value is None:
        return None
    params = [a.arg for a in func.args.args]
    if func.args.posonlyargs or func.args.kwonlyargs or len(params) != code.co_argcount:
        return None
    absolute = _Absolute({p for p, r in zip(params, relative) if r}, ndim)
    body = [absolute.visit(s) for s in func.body[:-1]]
    value = absolute.visit(func.body[-1].value)
    if not absolute.ok:
        return None
    at = [_ast.Name(_INDEX % d, _ast.Load()) for d in range(ndim)]
    target = _ast.Subscript(_ast.Name(_OUT, _ast.Load()),
                            _ast.Tuple(at, _ast.Load()) if ndim > 1 else at[0], _ast.Store())
    loop = body + [_ast.Assign([target], value)]
    for d in reversed(range(ndim)):
        bounds = [_ast.Name(b % d, _ast.Load()) for b in _BOUNDS]
        loop = [_ast.For(_ast.Name(_INDEX % d, _ast.Store()),
                         _ast.Call(_ast.Name("range", _ast.Load()), bounds, []), loop, [])]
    args = params + [_OUT] + [b % d for d in range(ndim) for b in _BOUNDS]
    apply = _ast.FunctionDef(
        name="apply",
        args=_ast.arguments(posonlyargs=[], args=[_ast.arg(a) for a in args],
                            kwonlyargs=[], kw_defaults=[], defaults=[]),
        body=loop, decorator_list=[], returns=None, type_params=[])
    module = _ast.fix_missing_locations(_ast.Module([apply], []))
    return _ast.unparse(module) + "\n"


def _compile_nest(kernel, relative, ndim):
    source = _nest_source(kernel, relative, ndim)
    if source is None:
        return None
    name = "<stencil %s>" % kernel.__name__
    try:
        import _kiln
        code = _kiln.compile_file(source.encode(), name)
    except ImportError:
        code = compile(source, name, "exec")
    made = {}
    exec(code, made)
    apply = made["apply"]
    # The kernel's own globals: the nest reads the module constants the kernel reads.
    return type(apply)(apply.__code__, kernel.__globals__, kernel.__name__)


class Stencil:
    """numba's `@stencil` (see the module doc)."""

    def __init__(self, func, neighborhood=None, cval=None, standard_indexing=()):
        self.kernel = func
        self.neighborhood = neighborhood
        self.cval = cval
        self.standard_indexing = tuple(standard_indexing)
        self.__name__ = func.__name__
        self._nests = {}

    def _nest(self, relative, ndim):
        key = (relative, ndim)
        if key not in self._nests:
            self._nests[key] = _compile_nest(self.kernel, relative, ndim)
        return self._nests[key]

    def __call__(self, *args, out=None, neighborhood=None):
        names = self.kernel.__code__.co_varnames[:len(args)]
        relative = tuple(isinstance(a, _np.ndarray) and name not in self.standard_indexing
                         for a, name in zip(args, names))
        arrays = [a for a, r in zip(args, relative) if r]
        if not arrays:
            raise TypeError("a stencil needs an array argument")
        shape = arrays[0].shape
        ndim = len(shape)
        if neighborhood is not None:
            extent = [tuple(r) for r in neighborhood]
        elif self.neighborhood is not None:
            extent = [tuple(r) for r in self.neighborhood]
        else:
            seen = []
            self.kernel(*[_Probe(a.ndim, seen) if r else a for a, r in zip(args, relative)])
            extent = [(min([0] + [s[d] for s in seen]), max([0] + [s[d] for s in seen]))
                      for d in range(ndim)]
        ranges = [range(-lo, n - hi) for (lo, hi), n in zip(extent, shape)]
        nest = None
        if out is None and all(ranges) and all(a.ndim == ndim for a in arrays):
            nest = self._nest(relative, ndim)
        if nest is not None:
            first = tuple(r[0] for r in ranges)
            value = self.kernel(*[_Relative(a, first) if r else a
                                  for a, r in zip(args, relative)])
            out = _np.full(shape, 0 if self.cval is None else self.cval,
                           dtype=_np.asarray(value).dtype)
            nest(*args, out, *[b for r in ranges for b in (r.start, r.stop)])
            return out
        values = []
        for centre in _itertools.product(*ranges):
            call = [_Relative(a, centre) if r else a for a, r in zip(args, relative)]
            values.append((centre, self.kernel(*call)))
        if out is None:
            dtype = _np.asarray(values[0][1]).dtype if values else arrays[0].dtype
            out = _np.full(shape, 0 if self.cval is None else self.cval, dtype=dtype)
        for centre, v in values:
            out[centre] = v
        return out


def stencil(func_or_mode="constant", **options):
    """`@stencil`, `@stencil(neighborhood=((-1, 1),), cval=0.0)`."""
    if callable(func_or_mode):
        return Stencil(func_or_mode)
    if func_or_mode != "constant":
        raise ValueError("unsupported stencil mode %r" % (func_or_mode,))
    return lambda f: Stencil(f, options.get("neighborhood"), options.get("cval"),
                             options.get("standard_indexing", ()))
