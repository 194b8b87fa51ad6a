"""Vector arithmetic for cosine search: pure Python (``math.sumprod`` when available),
and an optional batch kernel that scores a whole column at once.

A :class:`VectorKernel` is a function that writes into ``out[i]`` the dot product of
``query`` with row ``i`` of ``matrix`` divided by ``norms[i]`` (so the cosine, for a
unit-length query), or ``-inf`` where ``norms[i]`` is 0 (no vector). All four are
``array("d")``; ``matrix`` holds ``dimension`` numbers per row, one row per document
number. The engine stays pure Python: without a kernel it scores vector by vector with
``math.sumprod``. The browser boundary (:mod:`amplify_memory.browser`) installs one that
runs the loop in JavaScript over the arrays' memory, ~15x faster than ``math.sumprod`` in
Pyodide's WebAssembly (see docs/memory-stores.md).

>>> cosine([1.0, 0.0], [1.0, 1.0])  # doctest: +ELLIPSIS
0.7071...
"""

from __future__ import annotations

import math
import operator
import warnings
from array import array
from collections.abc import Callable, Sequence
from typing import Protocol

from amplify_memory.errors import ArgumentTypeError, describe

__all__ = [
    "VectorKernel",
    "VectorMatrix",
    "cosine",
    "disable_vector_kernel",
    "dot",
    "norm",
    "python_kernel",
    "set_vector_kernel",
    "vector_kernel",
]


def _dot_fallback(a: Sequence[float], b: Sequence[float]) -> float:
    return float(sum(map(operator.mul, a, b)))


#: Dot product of two equal-length vectors (``math.sumprod`` on Python >= 3.12).
dot: Callable[[Sequence[float], Sequence[float]], float] = getattr(math, "sumprod", _dot_fallback)


def norm(v: Sequence[float]) -> float:
    """Euclidean length of ``v``."""
    return math.sqrt(dot(v, v))


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity of ``a`` and ``b`` (0.0 when either has length 0)."""
    na, nb = norm(a), norm(b)
    if na == 0.0 or nb == 0.0:
        return 0.0
    return dot(a, b) / (na * nb)


class VectorKernel(Protocol):
    """Scores every row of a matrix against a query (see the module docstring)."""

    def __call__(
        self,
        matrix: array[float],
        norms: array[float],
        query: array[float],
        out: array[float],
        dimension: int,
    ) -> None: ...


def python_kernel(
    matrix: array[float],
    norms: array[float],
    query: array[float],
    out: array[float],
    dimension: int,
) -> None:
    """The kernel contract in Python: the reference the others are tested against."""
    view = memoryview(matrix)
    for i, row_norm in enumerate(norms):
        if row_norm == 0.0:
            out[i] = -math.inf
        else:
            out[i] = dot(query, view[i * dimension : (i + 1) * dimension]) / row_norm


_kernel: list[VectorKernel | None] = [None]


def set_vector_kernel(kernel: VectorKernel | None) -> VectorKernel | None:
    """Use ``kernel`` for vector scoring in every database of this process (``None``:
    pure Python again); returns the previous one."""
    if kernel is not None and not callable(kernel):
        raise ArgumentTypeError(f"a vector kernel must be callable, got {describe(kernel)}")
    previous, _kernel[0] = _kernel[0], kernel
    return previous


def vector_kernel() -> VectorKernel | None:
    """The installed kernel, or None (pure Python)."""
    return _kernel[0]


def disable_vector_kernel(kernel: VectorKernel, error: Exception) -> None:
    """``kernel`` failed: go back to pure Python (if it is still the installed one) and
    say so with a :class:`RuntimeWarning` (the browser console shows it)."""
    if _kernel[0] is kernel:
        _kernel[0] = None
        warnings.warn(
            f"the vector kernel {describe(kernel)} failed ({type(error).__name__}: {error}); "
            "vector search continues in pure Python",
            RuntimeWarning,
            stacklevel=3,
        )


class VectorMatrix:
    """One vector property's vectors as a contiguous ``array("d")``, a row per document
    number, for a :class:`VectorKernel`. Built on the first kernel search; afterwards
    :meth:`sync` copies only the rows changed (:attr:`stale`) or added since."""

    __slots__ = ("data", "dimension", "norms", "out", "stale")

    def __init__(self, dimension: int) -> None:
        self.dimension = dimension
        self.data: array[float] = array("d")
        self.norms: array[float] = array("d")
        self.out: array[float] = array("d")
        self.stale: set[int] = set()

    def sync(self, column: Sequence[tuple[list[float], float] | None]) -> None:
        """Bring the rows up to date with ``column`` (``(vector, norm)`` or None per row)."""
        dim, data, norms = self.dimension, self.data, self.norms
        rows = len(norms)
        for d in self.stale:
            if d < rows:
                entry = column[d]
                if entry is None:
                    norms[d] = 0.0
                else:
                    data[d * dim : (d + 1) * dim] = array("d", entry[0])
                    norms[d] = entry[1]
        self.stale.clear()
        zeros = [0.0] * dim
        for d in range(rows, len(column)):
            entry = column[d]
            data.extend(zeros if entry is None else entry[0])
            norms.append(0.0 if entry is None else entry[1])
        if len(self.out) != len(norms):
            self.out = array("d", bytes(8 * len(norms)))

    def cosines(self, kernel: VectorKernel, unit_query: Sequence[float]) -> array[float]:
        """Every row's cosine with ``unit_query`` (a unit vector), -inf for no vector."""
        if len(self.norms):
            kernel(self.data, self.norms, array("d", unit_query), self.out, self.dimension)
        return self.out
