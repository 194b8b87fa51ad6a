"""A database's snapshots: save and load (format in :mod:`._snapshot`), the settings
they carry, the sample check of a loaded index, and the packed vectors of a journal."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Self

from amplify_memory._alloc import collector_paused
from amplify_memory.errors import ConfigurationError, SchemaError, SnapshotError, describe
from amplify_memory.limits import check_vector_norm, is_number
from amplify_memory.search._core import DatabaseCore
from amplify_memory.search._index import State
from amplify_memory.search._schema import Property, copy_json, get_path, parse_schema
from amplify_memory.search._snapshot import decode_state, encode_state, read_header
from amplify_memory.search._tokenizer import Tokenizer
from amplify_memory.search._vector import pack_vector, unpack_vector

__all__ = ["INDEX_SAMPLE", "Snapshots"]


class Snapshots(DatabaseCore):
    """The snapshot half of :class:`~amplify_memory.search.Database`."""

    # -- snapshots -----------------------------------------------------------------

    def pack_vectors(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        """A shallow copy of ``doc`` (a document, or a patch's changes) whose top-level
        vectors are packed (:func:`~amplify_memory.search._vector.pack_vector`): how a
        persisted store writes a change to its journal. A value that is not a valid
        vector is copied as it is (the database's validation names it)."""
        out = dict(doc)
        for name in self._vector_fields:
            prop = self._props[name]
            value = out.get(name) if len(prop.keys) == 1 else None
            if (
                isinstance(value, list | tuple)
                and len(value) == prop.dimension
                and set(map(type, value)) <= {int, float}
                and check_vector_norm(value)  # first: bounds ints too large for a float
                and all(map(math.isfinite, value))
            ):
                out[name] = pack_vector(value)
        return out

    def unpack_vectors(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        """:meth:`pack_vectors` undone: packed vectors become lists of numbers again."""
        out = dict(doc)
        for name in self._vector_fields:
            prop = self._props[name]
            if len(prop.keys) == 1 and isinstance(out.get(name), dict):
                values = unpack_vector(out[name], prop.dimension or 0)
                if values is not None:
                    out[name] = values
        return out

    def save(
        self, *, copy: bool = True, binary: bool = False, lazy: bool = False
    ) -> dict[str, Any]:
        """A JSON-serialisable snapshot: schema, settings, documents and the index.

        See :mod:`amplify_memory.search._snapshot` for the format. ``copy=False`` shares
        the stored documents with the snapshot instead of copying them: for a caller that
        serialises it at once and never changes it (a persisted store's write), which
        then holds one copy of the store less. ``binary=True`` (a database with vector
        properties) gives version 6, whose vectors' bytes are a list of ``bytes`` under
        ``"blobs"``, not base64: for a container that stores bytes beside JSON, such as
        a persisted store's record; :meth:`load` takes it back as it is. ``lazy`` (with
        ``binary``) is for a record writer only: see ``encode_state``.
        """
        with collector_paused():
            return encode_state(
                self._state, self._schema, self.settings, copy=copy, binary=binary, lazy=lazy
            )

    def load(self, raw: Mapping[str, Any]) -> None:
        """Replace the contents and settings of this database by a snapshot's.

        The snapshot's schema must equal this database's (use :meth:`from_snapshot`
        otherwise). Raises :class:`SnapshotError` and changes nothing when the
        snapshot is of an unknown format or version, or corrupt.
        """
        schema, settings = read_header(raw)
        try:
            props = parse_schema(schema)
        except SchemaError as err:
            raise SnapshotError(f"corrupt snapshot: bad schema: {err}") from err
        if props != self._props:
            raise SnapshotError(
                "the snapshot's schema differs from this database's; "
                "use Database.from_snapshot(raw) to restore it with its own schema"
            )
        tokenizer, k1, b = self._settings_from(settings)
        with collector_paused():
            state = decode_state(raw, props)
        _check_index_sample(state, props, tokenizer)
        self._tokenizer, self._k1, self._b = tokenizer, k1, b
        self._schema = copy_json(schema)
        self._state = state

    def _settings_from(self, settings: Mapping[str, Any]) -> tuple[Tokenizer, float, float]:
        try:
            custom = settings.get("custom_split", False)
            if custom and self._tokenizer.split is None:
                raise SnapshotError(
                    "the snapshot was built with a custom split function; pass it: "
                    "Database.from_snapshot(raw, split=...)"
                )
            options = {
                "language": settings["language"],
                "stemming": settings["stemming"],
                "stop_words": settings["stop_words"],
                "fold_accents": settings["fold_accents"],
            }
            split = self._tokenizer.split if custom else None
            current = self._tokenizer.settings()
            if all(current[k] == v for k, v in options.items()) and (
                split is self._tokenizer.split
            ):
                tokenizer = self._tokenizer
            else:
                tokenizer = Tokenizer(
                    options["language"],
                    stemming=options["stemming"],
                    stop_words=options["stop_words"],
                    fold_accents=options["fold_accents"],
                    split=split,
                )
            k1, b = settings["k1"], settings["b"]
            for value, high in ((k1, 1000.0), (b, 1.0)):
                if not is_number(value) or not 0.0 <= value <= high:
                    raise SnapshotError(f"corrupt snapshot: bad k1/b setting {describe(value)}")
        except SnapshotError:
            raise
        except (KeyError, TypeError, ConfigurationError) as err:
            raise SnapshotError(f"corrupt snapshot: bad settings: {err}") from err
        return tokenizer, float(k1), float(b)

    @classmethod
    def from_snapshot(
        cls, raw: Mapping[str, Any], *, split: Callable[[str], Sequence[str]] | None = None
    ) -> Self:
        """A new database restored from ``raw``, with the snapshot's schema and settings.

        ``split`` must be given again when the snapshot was built with one.
        """
        schema, settings = read_header(raw)
        try:
            db = cls(
                schema,
                language=settings["language"],
                stemming=settings["stemming"],
                stop_words=settings["stop_words"],
                fold_accents=settings["fold_accents"],
                split=split,
                k1=settings["k1"],
                b=settings["b"],
            )
        except (KeyError, TypeError, ConfigurationError, SchemaError) as err:
            raise SnapshotError(f"corrupt snapshot: {err}") from err
        db.load(raw)
        return db


#: How many documents a load re-analyses to check that the index agrees with the text.
INDEX_SAMPLE: Final = 32


def _check_index_sample(state: State, props: Mapping[str, Property], tokenizer: Tokenizer) -> None:
    """Re-analyse up to :data:`INDEX_SAMPLE` documents spread over a loaded snapshot and
    raise :class:`SnapshotError` when the index disagrees with their text (lengths or
    postings): a snapshot written by another program, or damaged. What a sample misses,
    search, remove and save survive (stale postings are skipped and not saved again)."""
    n = len(state.docs)
    if not n or not state.fields or INDEX_SAMPLE <= 0:
        return
    step = max(1, n // INDEX_SAMPLE)
    for d in range(0, n, step):
        doc = state.docs[d]
        assert doc is not None
        for name, fi in state.fields.items():
            value = get_path(doc, props[name].keys)
            tfs: dict[str, int] = {}
            length = 0
            if value is not None:
                tfs, _, length = tokenizer.analyze(value if props[name].is_array else (value,))
            if length != fi.lengths[d] or any(
                (fi.postings.get(term) or {}).get(d) != tf for term, tf in tfs.items()
            ):
                raise SnapshotError(
                    f"corrupt snapshot: the {describe(name)} index disagrees with the text of "
                    f"document {describe(state.ids[d])}"
                )
