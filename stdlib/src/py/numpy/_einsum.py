"""numpy.einsum for explicit and implicit subscripts (`ij,jk->ik`, `ii`, `i,i`,
`ij->ji`, `bij,bjk->bik`): each operand's repeated letters taken as a diagonal, its
axes laid out in one order of all letters (broadcast where a letter is not its own),
the product summed over the letters the output lacks. Sums are numpy's pairwise sums,
so results agree with numpy's to rounding, not always to the bit."""

import builtins as _b


def _np():
    import numpy

    return numpy


def _parse(subscripts, nops):
    s = subscripts.replace(" ", "")
    if "." in s:
        raise NotImplementedError("kiln's numpy.einsum has no ellipsis ('...') subscripts")
    if "->" in s:
        inputs, output = s.split("->")
        explicit = True
    else:
        inputs, output = s, None
        explicit = False
    terms = inputs.split(",")
    if len(terms) != nops:
        raise ValueError("more operands provided to einstein sum function than specified in the subscripts string" if nops > len(terms) else "fewer operands provided to einstein sum function than specified in the subscripts string")
    for t in terms + ([output] if explicit else []):
        for c in t:
            if not c.isalpha():
                raise ValueError("invalid subscript '%s' in einstein sum subscripts string, subscripts must be letters" % c)
    if not explicit:
        counts = {}
        for t in terms:
            for c in t:
                counts[c] = counts.get(c, 0) + 1
        output = "".join(sorted(c for c, n in counts.items() if n == 1))
    else:
        for c in output:
            if output.count(c) > 1:
                raise ValueError("einstein sum subscripts string includes output subscript '%s' multiple times" % c)
            if not any(c in t for t in terms):
                raise ValueError("einstein sum subscripts string included output subscript '%s' which never appeared in an input" % c)
    return terms, output


def _diagonal(np, a, term):
    """`a` with each letter repeated in `term` taken once (a diagonal), and the
    letters left."""
    while True:
        seen = {}
        pair = None
        for k, c in enumerate(term):
            if c in seen:
                pair = (seen[c], k)
                break
            seen[c] = k
        if pair is None:
            return a, term
        i, j = pair
        if a.shape[i] != a.shape[j]:
            raise ValueError(
                "dimensions in operand for collapsing index '%s' don't match (%d != %d)"
                % (term[i], a.shape[i], a.shape[j])
            )
        n = a.shape[i]
        # Move i and j last, index both with one range: the diagonal last.
        order = [k for k in range(a.ndim) if k not in (i, j)] + [i, j]
        moved = a.transpose(order)
        idx = np.arange(n)
        a = moved[(Ellipsis, idx, idx)]
        term = "".join(term[k] for k in order[:-2]) + term[i]


def einsum(subscripts, *operands, out=None, dtype=None, order="K", casting="safe", optimize=False):
    np = _np()
    if not isinstance(subscripts, str):
        raise NotImplementedError("kiln's numpy.einsum takes its subscripts as a string")
    ops = [np.asarray(o) for o in operands]
    terms, output = _parse(subscripts, len(ops))
    sizes = {}
    prepared = []
    for a, term in zip(ops, terms):
        if len(term) != a.ndim:
            raise ValueError(
                "operand has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to broadcast the extra dimensions."
                if a.ndim > len(term)
                else "einstein sum subscripts string contains too many subscripts for operand %d" % len(prepared)
            )
        a, term = _diagonal(np, a, term)
        for c, n in zip(term, a.shape):
            if c in sizes and sizes[c] != n and 1 not in (sizes[c], n):
                raise ValueError(
                    "operands could not be broadcast together with remapped shapes [original->remapped]"
                )
            sizes[c] = _b.max(sizes.get(c, n), n)
        prepared.append((a, term))
    summed = []
    for a, term in prepared:
        for c in term:
            if c not in output and c not in summed:
                summed.append(c)
    letters = list(output) + summed
    product = None
    for a, term in prepared:
        order = sorted(range(len(term)), key=lambda k: letters.index(term[k]))
        a = a.transpose(order) if a.ndim else a
        placed = "".join(term[k] for k in order)
        shape = [a.shape[placed.index(c)] if c in placed else 1 for c in letters]
        a = a.reshape(shape)
        product = a if product is None else product * a
    if product is None:
        raise ValueError("No input operands")
    result = product
    if summed:
        result = result.sum(axis=tuple(range(len(output), len(letters))))
    full = tuple(sizes[c] for c in output)
    if tuple(np.shape(result)) != full:
        result = np.broadcast_to(result, full).copy()
    if dtype is not None:
        result = np.asarray(result).astype(dtype)
    if out is not None:
        out[...] = result
        return out
    if isinstance(result, np.ndarray) and result.ndim == 0:
        return result[()]
    return result
