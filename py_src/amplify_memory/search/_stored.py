"""The stored documents of a database, as rows: a tuple of values each (issue 14).

A document was kept as the dict it was given (its vectors taken out): 464 bytes of
dict for a project store's 11 keys, 46 MB at 100,000 entries, before any value. A row
keeps only the values (128 bytes for 11), and the keys once for every document of the
same *shape* (its keys in their order). Reading a document builds its dict: a new one
each time, whose values are the stored ones (not copied: the stored document is never
changed in place; an update stores a new row). A removed document leaves a hole (None)
until the next snapshot renumbers, as the document numbers do.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Mapping
from itertools import compress, repeat
from operator import is_not, itemgetter
from typing import Any, Final, cast

from amplify_memory.search._schema import JSON_SCALARS, copy_json

__all__ = ["StoredDocs"]


#: The one empty list every row holds for an empty list value (a project entry's
#: ``files`` and ``tags``: 112 bytes a document, 11 MB at 100,000). A stored value is
#: never changed in place (an update stores a new row; readers get copies), as the
#: documents of a loaded snapshot share one already (its columns' dictionary).
_EMPTY_LIST: Final[list[Any]] = []


def _row(doc: Mapping[str, Any]) -> tuple[Any, ...]:
    """``doc``'s values, an empty list as :data:`_EMPTY_LIST`."""
    values = tuple(doc.values())
    if [] not in values:
        return values
    return tuple(_EMPTY_LIST if type(v) is list and not v else v for v in values)


class StoredDocs:
    """Documents by number: ``docs[d]`` is a new dict (None for a removed one)."""

    __slots__ = ("_positions", "_rows", "_shape_ids", "_shape_of", "_shapes")

    def __init__(self) -> None:
        self._rows: list[tuple[Any, ...] | None] = []
        self._shape_of: array[int] = array("i")  # document -> its shape's number
        self._shapes: list[tuple[str, ...]] = []  # shape number -> its keys
        self._shape_ids: dict[tuple[str, ...], int] = {}
        self._positions: list[dict[str, int]] = []  # shape number -> key -> position

    @classmethod
    def of(cls, docs: Iterable[Mapping[str, Any] | None]) -> StoredDocs:
        """The rows of ``docs`` (a list of dicts is emptied as it is read: each dict
        goes once its row is made, never all of them beside all the rows)."""
        out = cls()
        if isinstance(docs, list):
            for d in range(len(docs)):
                out.append(docs[d])
                docs[d] = None
        else:
            for doc in docs:
                out.append(doc)
        return out

    @classmethod
    def of_columns(cls, columns: dict[str, list[Any]]) -> StoredDocs:
        """Documents of one shape given as their ``columns`` (in the shape's order, all of
        one length), without a dict for any of them."""
        out = cls()
        if columns:
            out._shape(tuple(columns))
            out._rows = list(zip(*columns.values()))  # noqa: B905 (one length)
            out._shape_of = array("i", bytes(4 * len(out._rows)))
        return out

    def _shape(self, keys: tuple[str, ...]) -> int:
        code = self._shape_ids.get(keys)
        if code is None:
            code = self._shape_ids[keys] = len(self._shapes)
            self._shapes.append(keys)
            self._positions.append({key: i for i, key in enumerate(keys)})
        return code

    def append(self, doc: Mapping[str, Any] | None) -> None:
        if doc is None:
            self._rows.append(None)
            self._shape_of.append(0)
            return
        self._shape_of.append(self._shape(tuple(doc)))
        self._rows.append(_row(doc))

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, d: int) -> dict[str, Any] | None:
        row = self._rows[d]
        if row is None:
            return None
        return dict(zip(self._shapes[self._shape_of[d]], row))  # noqa: B905 (same length)

    def copy(self, d: int) -> dict[str, Any] | None:
        """Document ``d`` with its nested values copied (``copy_json`` of ``self[d]``,
        made once)."""
        row = self._rows[d]
        if row is None:
            return None
        scalars = JSON_SCALARS
        return {
            key: value if type(value) in scalars else copy_json(value)
            for key, value in zip(self._shapes[self._shape_of[d]], row)  # noqa: B905
        }

    def pick(self, d: int, keys: Iterable[str]) -> dict[str, Any]:
        """The ``keys`` that document ``d`` has, with their values copied."""
        row = self._rows[d]
        if row is None:
            return {}
        positions = self._positions[self._shape_of[d]]
        scalars = JSON_SCALARS
        return {
            key: value if type(value) in scalars else copy_json(value)
            for key in keys
            if (at := positions.get(key)) is not None
            for value in (row[at],)
        }

    def __setitem__(self, d: int, doc: Mapping[str, Any] | None) -> None:
        if doc is None:
            self._rows[d] = None
            return
        self._shape_of[d] = self._shape(tuple(doc))
        self._rows[d] = _row(doc)

    def __iter__(self) -> Iterator[dict[str, Any] | None]:
        return map(self.__getitem__, range(len(self._rows)))

    def present(self, d: int) -> bool:
        """Whether document ``d`` is stored (not removed)."""
        return self._rows[d] is not None

    def live(self) -> list[int]:
        """The numbers of the stored documents, in order."""
        rows = self._rows
        return list(compress(range(len(rows)), map(is_not, rows, repeat(None))))

    def value(self, d: int, key: str) -> Any:
        """Document ``d``'s top-level value ``key`` (None when absent or removed)."""
        row = self._rows[d]
        if row is None:
            return None
        at = self._positions[self._shape_of[d]].get(key)
        return None if at is None else row[at]

    def values(self, live: list[int], key: str) -> Iterable[Any]:
        """The top-level values ``key`` of the documents ``live`` (None where absent)."""
        if len(self._shapes) == 1:
            at = self._positions[0].get(key)
            if at is None:
                return [None] * len(live)
            rows = cast("list[tuple[Any, ...]]", self._rows)  # (live: no hole)
            if len(live) == len(rows):
                return map(itemgetter(at), rows)
            return map(itemgetter(at), map(rows.__getitem__, live))
        ats = [positions.get(key) for positions in self._positions]  # (by shape)
        rows, shape_of = cast("list[tuple[Any, ...]]", self._rows), self._shape_of
        return [None if (at := ats[shape_of[d]]) is None else rows[d][at] for d in live]

    def columns(
        self, live: list[int]
    ) -> tuple[list[tuple[str, ...]], list[int], dict[str, list[Any]]]:
        """The documents ``live`` as columns: their shapes (in the order of first use),
        each document's shape code in that list, and the values of each key (of the
        documents that have it, in order), without making any document's dict."""
        rows = cast("list[tuple[Any, ...]]", self._rows)  # (live: no hole)
        shape_of, shapes = self._shape_of, self._shapes
        codes_of: dict[int, int] = {}
        codes = [codes_of.setdefault(shape_of[d], len(codes_of)) for d in live]
        used = [shapes[s] for s in codes_of]
        keys = list(dict.fromkeys(key for shape in used for key in shape))
        picked = rows if len(live) == len(rows) else list(map(rows.__getitem__, live))
        if len(used) == 1:
            columns = {key: list(map(itemgetter(i), picked)) for i, key in enumerate(used[0])}
            return used, codes, columns
        positions = [self._positions[s] for s in codes_of]
        columns = {}
        for key in keys:
            at = [p.get(key) for p in positions]
            columns[key] = [
                row[at[code]]  # type: ignore[index]
                for row, code in zip(picked, codes, strict=True)
                if at[code] is not None
            ]
        return used, codes, columns
