"""kiln's own names for scripts that want to say more than plain Python says.

`prange(...)` is `range(...)` with the user's word that the loop's iterations are
independent: kiln's analysis still proves each loop it runs on several threads, and a
`prange` loop it cannot prove runs serially and the jit report says why; the word
grants reassociating the loop's reductions (`s += x` over floats), which without it
stay in order (the semantics contract). `numba.prange` is the same.
"""

prange = range

__all__ = ["prange"]
