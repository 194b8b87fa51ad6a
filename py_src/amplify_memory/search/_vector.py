"""Pure-Python vector arithmetic for cosine search (``math.sumprod`` when available)."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence

__all__ = ["cosine", "dot", "norm"]


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
