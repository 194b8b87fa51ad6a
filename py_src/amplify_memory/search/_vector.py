"""Vector arithmetic for cosine search: pure Python (``math.sumprod`` when available),
and an optional batch kernel that scores a whole column at once.

A :class:`VectorKernel` is a function that writes into ``out[i]`` the dot product of
``query`` with row ``i`` of ``matrix`` divided by ``norms[i]`` (so the cosine, for a
unit-length query), or ``-inf`` where ``norms[i]`` is 0 (no vector). ``matrix`` is an
``array("f")`` (32-bit floats: a :class:`VectorColumn`'s packed rows, ``dimension``
numbers per document number); the other three are ``array("d")``. The engine stays
pure Python: without a kernel it scores vector by vector with
``math.sumprod``. The browser boundary (:mod:`amplify_memory.browser`) installs one that
runs the loop in JavaScript over the arrays' memory, ~15x faster than ``math.sumprod`` in
Pyodide's WebAssembly (see docs/memory-stores.md). A kernel may also have ``select`` (the
top of a score array, :func:`python_select`), ``norms`` (every row's length at once,
:func:`python_norms`: what a snapshot's load needs) and ``fuse`` (a hybrid search's
BM25 sums, fusion and top at once, :func:`python_fuse`).

>>> cosine([1.0, 0.0], [1.0, 1.0])  # doctest: +ELLIPSIS
0.7071...
"""

from __future__ import annotations

import base64
import binascii
import heapq
import math
import operator
import sys
import warnings
from array import array
from collections.abc import Callable, Sequence
from itertools import compress
from typing import Final, Protocol

from amplify_memory.errors import ArgumentTypeError, describe

__all__ = [
    "CHUNK_ROWS",
    "VectorColumn",
    "VectorKernel",
    "cosine",
    "disable_vector_kernel",
    "dot",
    "from_bfloat16_bytes",
    "norm",
    "pack_vector",
    "python_fuse",
    "python_kernel",
    "python_norms",
    "python_select",
    "row_norms",
    "set_vector_kernel",
    "spare_rows",
    "to_bfloat16",
    "unpack_vector",
    "vector_kernel",
]

#: The key of a packed vector: ``{"float32le": "<base64 of little-endian 32-bit floats>"}``.
PACKED_KEY = "float32le"
_BIG_ENDIAN = sys.byteorder == "big"


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


def python_select(
    scores: array[float], k: int, floor: float, indices: array[int], result: array[float]
) -> None:
    """The selection contract (a kernel's optional ``select``) in Python.

    ``k >= 1``. Writes ``result[0]``: how many ``scores`` are >= ``floor``; ``result[1]``:
    ``kth``, the k-th largest score (-inf when there are fewer than ``k``); ``result[2]``:
    how many scores are >= ``kth``; and the rows of those scores, in increasing order, into
    ``indices`` when they fit (when ``result[2] > len(indices)`` nothing is written there:
    the caller selects by itself). A kernel that has ``select`` does this in one pass
    over the scores where Python needs three (web/js/kernels.mjs, ``selectTop``).
    """
    result[0] = float(sum(map(floor.__le__, scores)))
    top = heapq.nlargest(k, scores)
    kth = top[-1] if len(top) == k else -math.inf
    result[1] = kth
    rows = list(compress(range(len(scores)), map(kth.__le__, scores)))
    result[2] = float(len(rows))
    if len(rows) <= len(indices):
        indices[: len(rows)] = array(indices.typecode, rows)


def python_fuse(
    docs: array[int],
    tfs: array[int],
    starts: array[int],
    weights: array[float],
    lengths: array[int],
    norms: array[float],
    cosines: array[float],
    dropped: array[int],
    params: array[float],
    rows: array[int],
    scores: array[float],
    result: array[float],
) -> None:
    """The fusion contract (a kernel's optional ``fuse``) in Python: the exact top of a
    hybrid search, every text and vector match scored and fused.

    The full-text side is BM25 over one field: posting list ``i`` is ``docs`` and
    ``tfs`` from ``starts[i]`` to ``starts[i + 1]`` (document number, term frequency),
    weighing ``weights[i]``; ``lengths[d]`` is document ``d``'s length in that field and
    ``norms[n]`` BM25's norm of length ``n``; ``params`` is ``(k1 + 1, similarity, text
    weight, vector weight)``; the documents numbered in ``dropped`` (removed: an index
    may still point at them) match nothing. A document's text score is the sum, in list order, of
    ``w * (tf * (k1 + 1) / (tf + norms[lengths[d]]))`` (the sum of
    ``FullTextScorer.scores``, bit for bit); its vector score is ``cosines[d]`` when that
    is >= similarity. Fused as ``ranking.fuse``: ``text weight x text / max text +
    vector weight x cosine / max cosine`` (a max <= 0 counts as 1).

    Writes the best ``len(rows)`` matches (by fused score, then document number) into
    ``rows`` and their scores into ``scores``; ``result[0]``: how many documents match
    (text or vector), ``result[1]``: how many rows were written. A kernel that has
    ``fuse`` does this in JavaScript (web/js/kernels.mjs, ``fuseTop``), where Python
    needs a dictionary entry per match.
    """
    k1p1, similarity, w_text, w_vec = params
    text: dict[int, float] = {}
    for i, w in enumerate(weights):
        for j in range(starts[i], starts[i + 1]):
            d, tf = docs[j], tfs[j]
            text[d] = text.get(d, 0.0) + w * (tf * k1p1 / (tf + norms[lengths[d]]))
    gone = set(dropped)
    text = {d: t for d, t in text.items() if d not in gone}
    vec = {d: c for d, c in enumerate(cosines) if c >= similarity and d not in gone}
    text_max = max(text.values(), default=0.0)
    vec_max = max(vec.values(), default=0.0)
    text_max = text_max if text_max > 0.0 else 1.0
    vec_max = vec_max if vec_max > 0.0 else 1.0
    fused = {d: w_vec * c / vec_max for d, c in vec.items()}
    for d, t in text.items():
        fused[d] = w_text * t / text_max + fused.get(d, 0.0)
    best = sorted(fused.items(), key=lambda item: (-item[1], item[0]))[: len(rows)]
    for i, (d, f) in enumerate(best):
        rows[i], scores[i] = d, f
    result[0], result[1] = float(len(fused)), float(len(best))


def python_norms(matrix: array[float], out: array[float], dimension: int) -> None:
    """The norms contract (a kernel's optional ``norms``) in Python: ``out[i]`` = the
    length of row ``i`` of ``matrix`` (``dimension`` numbers per row) for every row of
    ``out``. A kernel that has ``norms`` computes them in one call (web/js/kernels.mjs,
    ``rowNorms``)."""
    view = memoryview(matrix)
    for i in range(len(out)):
        row = view[i * dimension : (i + 1) * dimension]
        out[i] = math.sqrt(dot(row, row))


def row_norms(matrix: array[float], rows: int, dimension: int) -> array[float]:
    """The lengths of the first ``rows`` rows of ``matrix``: by the installed kernel's
    ``norms`` when it has one (a failure goes back to Python for good), else in Python."""
    out = array("d", bytes(8 * rows))
    kernel = vector_kernel()
    norms = getattr(kernel, "norms", None)
    if kernel is not None and norms is not None:
        try:
            norms(matrix, out, dimension)
            return out
        except Exception as err:
            disable_vector_kernel(kernel, err)
    python_norms(matrix, out, dimension)
    return out


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


#: Rows of a vector column in one buffer (4 MB for 128 numbers a row). A column grows a
#: buffer at a time and never copies a full one: one buffer for every row had to be
#: copied into a larger one as the store grew (at 91,000 entries, a new 53 MB buffer
#: beside the old 47 MB: the importing tab's wasm heap peak, which never shrinks).
CHUNK_ROWS: Final = 8192


class VectorColumn:
    """One vector property's vectors, packed: ``chunks`` hold ``dimension`` 32-bit floats
    per document number, :data:`CHUNK_ROWS` rows each (zeros where a document has none;
    the last buffer may hold fewer, and room to grow), ``norms`` each row's length
    computed from the stored numbers (0.0: no vector, or the zero vector) and ``present``
    a byte per row (1: the document has a vector). A :class:`VectorKernel` scores the
    rows in place, a buffer at a time; :meth:`row` gives a vector back as Python floats.

    A vector costs ``4 x dimension`` bytes here, where a list of Python floats costs
    ~``32 x dimension``. Stored numbers are the nearest bfloat16 numbers of the given ones
    (:func:`to_bfloat16`: 8 significant bits, each number moves by at most 2**-8 of itself,
    a cosine by at most about as much), so that a snapshot keeps exactly what the store
    holds in 2 bytes a number (docs/scale.md: the ranking on the relevance collections).

    >>> column = VectorColumn(2)
    >>> column.grow(); column.set(0, [3.0, 4.0]); column.norms[0]
    5.0
    >>> column.row(0)
    [3.0, 4.0]
    """

    __slots__ = ("chunks", "dimension", "norms", "out", "present")

    def __init__(self, dimension: int) -> None:
        self.dimension = dimension
        self.chunks: list[array[float]] = []
        self.norms: array[float] = array("d")
        self.present = bytearray()
        self.out: array[float] = array("d")

    def __len__(self) -> int:
        return len(self.norms)

    @property
    def data(self) -> array[float]:
        """Every row in one buffer (a copy when there are several: for tests and small
        columns, not for a large store's paths)."""
        if len(self.chunks) == 1:
            return self.chunks[0]
        out: array[float] = array("f")
        for chunk in self.chunks:
            out.extend(chunk)
        return out

    def grow(self) -> None:
        """Append an empty row (a new document number without a vector). The last buffer
        grows by :func:`spare_rows` at once (a copy once in an eighth of growth, of at most
        :data:`CHUNK_ROWS` rows); past that, a new buffer starts."""
        rows, dim = len(self.norms), self.dimension
        c, r = divmod(rows, CHUNK_ROWS)
        room = max(1, spare_rows(rows))
        if c == len(self.chunks):
            self.chunks.append(_zeros(dim) * min(CHUNK_ROWS, room))
        else:
            last = self.chunks[c]
            if len(last) < (r + 1) * dim:
                last.extend(_zeros(dim) * min(CHUNK_ROWS - len(last) // dim, room))
        self.norms.append(0.0)
        self.present.append(0)

    def _at(self, d: int) -> tuple[array[float], int]:
        """Row ``d``'s buffer and the index of its first number there."""
        c, r = divmod(d, CHUNK_ROWS)
        return self.chunks[c], r * self.dimension

    def set(self, d: int, values: Sequence[float]) -> None:
        """Store ``values`` (``dimension`` finite numbers) as row ``d``."""
        packed = to_bfloat16(array("f", values))
        chunk, at = self._at(d)
        chunk[at : at + self.dimension] = packed
        self.norms[d] = math.sqrt(dot(packed, packed))
        self.present[d] = 1

    def clear(self, d: int) -> None:
        """Row ``d`` has no vector any more."""
        if self.present[d]:
            chunk, at = self._at(d)
            chunk[at : at + self.dimension] = _zeros(self.dimension)
            self.norms[d] = 0.0
            self.present[d] = 0

    def holds(self, d: int, values: Sequence[float] | None) -> bool:
        """True when row ``d`` stores ``values`` (None: no vector) as :meth:`set` would."""
        if values is None:
            return not self.present[d]
        if not self.present[d]:
            return False
        chunk, at = self._at(d)
        row, given = chunk[at : at + self.dimension], array("f", values)
        return row == given or row == to_bfloat16(given)  # (the first: the stored numbers)

    def row(self, d: int) -> list[float] | None:
        """Row ``d`` as Python floats, or None when it has no vector."""
        if not self.present[d]:
            return None
        chunk, at = self._at(d)
        return chunk[at : at + self.dimension].tolist()

    def view(self, d: int) -> memoryview:
        """Row ``d``'s numbers without copying them (zeros when it has no vector)."""
        chunk, at = self._at(d)
        return memoryview(chunk)[at : at + self.dimension]

    def filled(self) -> list[memoryview]:
        """Views of the rows, a buffer at a time (not the room to grow after them)."""
        rows, dim = len(self.norms), self.dimension
        return [
            memoryview(chunk)[: min(CHUNK_ROWS, rows - c * CHUNK_ROWS) * dim]
            for c, chunk in enumerate(self.chunks)
            if c * CHUNK_ROWS < rows
        ]

    def load(self, rows: array[float] | None, n: int, present: bytes) -> None:
        """Take ``n`` rows (``present`` marks those with a vector): ``rows`` holds the
        present ones in order (None: the buffers are set already, see
        :meth:`from_planes`), each copied into its buffer; their norms computed."""
        dim = self.dimension
        if rows is not None:
            self.chunks = _empty_chunks(n, dim)
            source = memoryview(rows)
            targets = [memoryview(chunk) for chunk in self.chunks]
            for i, d in enumerate(compress(range(n), present)):
                c, r = divmod(d, CHUNK_ROWS)
                targets[c][r * dim : (r + 1) * dim] = source[i * dim : (i + 1) * dim]
            for target in targets:  # (a buffer viewed cannot grow)
                target.release()
        self.norms = array("d")
        for c, chunk in enumerate(self.chunks):
            self.norms.extend(row_norms(chunk, min(CHUNK_ROWS, n - c * CHUNK_ROWS), dim))
        self.present = bytearray(present)

    def from_planes(self, high: bytes, low: bytes | memoryview, n: int, present: bytes) -> None:
        """Take ``n`` rows, every one present, from their bfloat16 planes
        (:func:`bfloat16_planes`), a buffer at a time (no buffer of every row)."""
        dim, step = self.dimension, CHUNK_ROWS * self.dimension
        chunks = []
        for start in range(0, n * dim, step):
            end = min(n * dim, start + step)
            last = start + step >= n * dim
            spare = min(CHUNK_ROWS - (end - start) // dim, spare_rows(n)) if last else 0
            chunks.append(from_bfloat16_planes(high[start:end], low[start:end], spare * dim))
        self.chunks = chunks
        self.load(None, n, present)

    def cosines(self, kernel: VectorKernel, unit_query: Sequence[float]) -> array[float]:
        """Every row's cosine with ``unit_query`` (a unit vector), -inf for no vector."""
        rows = len(self.norms)
        if len(self.out) != rows:
            self.out = array("d", bytes(8 * rows))
        if not rows:
            return self.out
        query = array("d", unit_query)
        if len(self.chunks) == 1:
            kernel(self.chunks[0], self.norms, query, self.out, self.dimension)
            return self.out
        norms, out = memoryview(self.norms), memoryview(self.out)
        for c, chunk in enumerate(self.chunks):
            start = c * CHUNK_ROWS
            end = min(rows, start + CHUNK_ROWS)
            if start < end:
                part = (norms[start:end], out[start:end])  # (views: written in place)
                kernel(chunk, part[0], query, part[1], self.dimension)  # type: ignore[arg-type]
        return self.out


def _empty_chunks(n: int, dimension: int) -> list[array[float]]:
    """Zeroed buffers for ``n`` rows (the last with room to grow: :func:`spare_rows`)."""
    chunks = []
    for start in range(0, n, CHUNK_ROWS):
        rows = min(CHUNK_ROWS, n - start)
        if start + CHUNK_ROWS >= n:
            rows = min(CHUNK_ROWS, rows + spare_rows(n))
        chunks.append(array("f", bytes(4 * rows * dimension)))
    return chunks


#: Per number of words: the patterns that round every 32-bit word of a buffer at once,
#: as one integer (0x7FFF, 1, the upper half, the exponent bits, 0x100: in every word).
_ROUNDING: dict[int, tuple[int, int, int, int, int]] = {}


def _rounding(words: int) -> tuple[int, int, int, int, int]:
    patterns = _ROUNDING.get(words)
    if patterns is None:

        def every(word: int) -> int:
            return int.from_bytes(word.to_bytes(4, sys.byteorder) * words, sys.byteorder)

        patterns = (
            every(0x7FFF),
            every(1),
            every(0xFFFF0000),
            every(0x7F800000),
            every(0x100),
        )
        if words <= 4096:  # (a vector's length: kept; a bulk load's chunks are not)
            if len(_ROUNDING) > 64:
                _ROUNDING.clear()
            _ROUNDING[words] = patterns
    return patterns


def to_bfloat16(numbers: array[float]) -> array[float]:
    """``numbers`` (32-bit floats) rounded to the nearest bfloat16 (the upper half of a
    32-bit float: 8 significant bits, ties to even; a number moves by at most 2**-8 of
    itself), as 32-bit floats: what a :class:`VectorColumn` stores and a snapshot writes
    in 2 bytes a number.

    Every word is rounded at once, as one integer: adding 0x7FFF (plus the kept half's
    lowest bit) to each finite float's bits never carries into the next word (a NaN's
    could: a number that is not finite raises ValueError). A number that would round past
    the largest float is cut instead.

    >>> to_bfloat16(array("f", [1.0, 0.1, -3.14159])).tolist()
    [1.0, 0.10009765625, -3.140625]
    """
    words = len(numbers)
    if not words:
        return array("f")
    half, one, upper, exponent, carry = _rounding(words)

    def any_not_finite(bits: int) -> bool:  # a word whose exponent bits are all ones
        return bool((((bits & exponent) >> 23) + one) & carry)

    bits = int.from_bytes(numbers.tobytes(), sys.byteorder)
    if any_not_finite(bits):
        raise ValueError("to_bfloat16: a number is not finite (NaN or infinite)")
    bits = (bits + half + ((bits >> 16) & one)) & upper
    out = array("f")
    out.frombytes(bits.to_bytes(4 * words, sys.byteorder))
    if any_not_finite(bits):  # rounded past the largest float: cut those instead
        for i, x in enumerate(out):
            if math.isinf(x):
                word = int.from_bytes(numbers[i : i + 1].tobytes(), sys.byteorder) & 0xFFFF0000
                out[i : i + 1] = array("f", word.to_bytes(4, sys.byteorder))
    return out


#: Which byte of a 32-bit float (counted from its most significant) each plane holds,
#: and where that byte is in memory: ``3 - _UPPER`` on a little-endian machine.
_UPPER, _LOWER = (3, 2) if _BIG_ENDIAN else (0, 1)
#: How many numbers the planes are split or joined at a time (4 MB of 32-bit floats): no
#: step holds another copy of a whole property's vectors.
_PLANE_CHUNK: Final = 1 << 20


def bfloat16_planes(rows: array[float] | memoryview | bytes) -> tuple[bytearray, bytearray]:
    """The upper and the lower byte of each number of ``rows`` (32-bit floats that are
    bfloat16 already), apart: the upper bytes (the sign and most of the exponent, few
    distinct values) compress to less than half, the lower ones (mantissa) do not."""
    if type(rows) is bytes and len(rows) <= 4 * _PLANE_CHUNK:  # (a copy already: no other)
        return bytearray(rows[3 - _UPPER :: 4]), bytearray(rows[3 - _LOWER :: 4])
    raw = memoryview(rows).cast("B")
    count = len(raw) // 4
    high, low = bytearray(count), bytearray(count)
    for start in range(0, count, _PLANE_CHUNK):
        part = raw[4 * start : 4 * (start + _PLANE_CHUNK)].tobytes()  # (bytes slice: 3x a view's)
        end = start + len(part) // 4
        high[start:end], low[start:end] = part[3 - _UPPER :: 4], part[3 - _LOWER :: 4]
    return high, low


def spare_rows(rows: int) -> int:
    """The empty rows a column of ``rows`` rows keeps room for (an eighth)."""
    return rows // 8


def from_bfloat16_planes(high: bytes, low: bytes | memoryview, spare: int = 0) -> array[float]:
    """The 32-bit floats of :func:`bfloat16_planes` (their lowest two bytes zero), built
    in place a chunk at a time, and ``spare`` zeros after them (room to grow into)."""
    count = len(high)
    out = array("f", bytes(4)) * (count + spare)
    view = memoryview(out).cast("B")
    upper, lower = (0, 1) if _BIG_ENDIAN else (3, 2)
    for start in range(0, count, _PLANE_CHUNK):
        end = min(count, start + _PLANE_CHUNK)
        part = bytearray(4 * (end - start))
        part[upper::4], part[lower::4] = high[start:end], bytes(low[start:end])
        view[4 * start : 4 * end] = part
    return out


def from_bfloat16_bytes(data: bytes | memoryview) -> array[float]:
    """The 32-bit floats of a snapshot's ``bfloat16le`` vectors (versions 4 and 5: each
    number's two bytes together, little-endian), their lower halves zero."""
    data = bytes(data)  # (strided slices of a view copy byte by byte: 10x)
    return from_bfloat16_planes(data[1::2], data[0::2])


_ZEROS: dict[int, array[float]] = {}


def _zeros(dimension: int) -> array[float]:
    """``dimension`` 32-bit zeros (shared: never mutated)."""
    zeros = _ZEROS.get(dimension)
    if zeros is None:
        zeros = _ZEROS[dimension] = array("f", bytes(4 * dimension))
    return zeros


def pack_vector(values: Sequence[float]) -> dict[str, str]:
    """``values`` as :data:`PACKED_KEY` text: the numbers a :class:`VectorColumn` would
    store, 4 bytes each (decimal text takes 7 to 20 characters a number).

    >>> pack_vector([1.0, 0.5])
    {'float32le': 'AACAPwAAAD8='}
    """
    packed = array("f", values)
    if _BIG_ENDIAN:  # pragma: no cover (every platform Pyodide and CI run is little-endian)
        packed.byteswap()
    return {PACKED_KEY: base64.b64encode(packed.tobytes()).decode("ascii")}


def unpack_vector(value: object, dimension: int) -> list[float] | None:
    """The numbers of a :func:`pack_vector` value of ``dimension`` numbers; None when
    ``value`` is not one (it is then left to validation to name what is wrong)."""
    if not isinstance(value, dict) or len(value) != 1:
        return None
    text = value.get(PACKED_KEY)
    if not isinstance(text, str) or len(text) != 4 * ((4 * dimension + 2) // 3):
        return None
    try:
        raw = base64.b64decode(text, validate=True)
    except (ValueError, binascii.Error):
        return None
    numbers = array("f")
    numbers.frombytes(raw)
    if _BIG_ENDIAN:  # pragma: no cover
        numbers.byteswap()
    return numbers.tolist()
