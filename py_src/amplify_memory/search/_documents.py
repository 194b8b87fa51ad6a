"""Reading and writing a database's documents: validation, ids, insert, update, patch
and remove, each keeping the index in step (:class:`~amplify_memory.search._index.State`)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from amplify_memory._alloc import collector_paused
from amplify_memory.errors import (
    DocumentNotFoundError,
    DocumentValidationError,
    DuplicateDocumentError,
    QueryError,
    describe,
)
from amplify_memory.search._core import DatabaseCore
from amplify_memory.search._index import DocAnalysis
from amplify_memory.search._schema import copy_json, get_path, validate_document

__all__ = ["Documents"]


class Documents(DatabaseCore):
    """The document half of :class:`~amplify_memory.search.Database`."""

    def find_text(self, prop: str, text: str) -> list[str]:
        """Ids of the documents whose string property ``prop`` is ``text``, white space
        and case aside, in insertion order. Only the documents holding ``text``'s rarest
        term are read (:meth:`_docs_with_all_terms`), so the cost is that term's posting
        list, not the store."""
        field = self._props.get(prop) if isinstance(prop, str) else None
        if field is None or field.base != "string" or field.is_array or prop == "id":
            raise QueryError(
                f"find_text expected a string property, got {describe(prop)}; expected one "
                "of: " + ", ".join(n for n in self._string_fields if not self._props[n].is_array)
            )
        if not isinstance(text, str):
            raise QueryError(f"find_text expected text, got {describe(text)}")
        st = self._state
        candidates: Iterable[int] = sorted(self._docs_with_all_terms(prop, text))
        if not candidates and not self._tokenizer.terms(text):
            candidates = st.live()  # (no term at all: stop words only, or nothing)
        key = " ".join(text.split()).casefold()
        found = []
        for d in candidates:
            value = self._value(d, field)
            if isinstance(value, str) and " ".join(value.split()).casefold() == key:
                found.append(st.ids[d])
        return found  # type: ignore[return-value]

    def ids(self) -> list[str]:
        """Ids of all documents, in insertion order."""
        st = self._state
        return [st.ids[d] for d in st.live()]  # type: ignore[misc]

    def get(self, doc_id: str) -> dict[str, Any] | None:
        """A copy of the document with ``doc_id``, or ``None``."""
        d = self._state.by_id.get(_check_id(doc_id))
        if d is None:
            return None
        st = self._state
        return st.document(d, st.docs.copy(d))  # type: ignore[arg-type]

    # -- writing -----------------------------------------------------------------

    def _prepare(self, doc: Any) -> tuple[str, dict[str, Any]]:
        """Validate and copy ``doc``, giving it an id when it has none."""
        validate_document(doc, self._props, whole=True)
        doc_id = doc.get("id")
        if doc_id is not None and (not isinstance(doc_id, str) or not doc_id):
            raise DocumentValidationError("id", "a non-empty string", doc_id)
        copy: dict[str, Any] = copy_json(doc)
        if doc_id is None:
            doc_id = os.urandom(16).hex()  # (uuid4's length; uuid costs 30 ms to import)
            copy["id"] = doc_id
        return doc_id, copy

    def _analyze(self, doc: Mapping[str, Any]) -> DocAnalysis:
        fields: dict[str, tuple[dict[str, int], int]] = {}
        surfaces: set[str] = set()
        vectors: dict[str, list[float]] = {}
        analyze = self._tokenizer.analyze
        for prop in self._props.values():
            value = get_path(doc, prop.keys)
            if value is None:
                continue
            if prop.base == "string":
                if prop.path == "id":
                    continue
                tfs, words, length = analyze(value if prop.is_array else (value,))
                if length:
                    fields[prop.path] = (tfs, length)
                    surfaces |= words
            elif prop.base == "vector":
                vectors[prop.path] = value
        return fields, surfaces, vectors

    def insert(self, doc: Mapping[str, Any]) -> str:
        """Add one document and return its id (generated when the document has none).

        Raises :class:`DocumentValidationError` (with the property path),
        :class:`VectorLengthError` or :class:`DuplicateDocumentError`; nothing is
        stored when it raises.
        """
        doc_id, copy = self._prepare(doc)
        if doc_id in self._state.by_id:
            raise DuplicateDocumentError(doc_id)
        self._state.add(doc_id, copy, self._analyze(copy))
        return doc_id

    def insert_multiple(self, docs: Iterable[Mapping[str, Any]]) -> list[str]:
        """Add several documents; all are validated before any is stored."""
        prepared = [self._prepare(doc) for doc in _check_many(docs, "docs")]
        seen: set[str] = set()
        for doc_id, _ in prepared:
            if doc_id in seen or doc_id in self._state.by_id:
                raise DuplicateDocumentError(doc_id)
            seen.add(doc_id)
        added: list[str] = []
        # Indexing allocates many small dicts and no cycles: the collector's scans would
        # cost ~10-15% of a bulk build.
        with collector_paused():
            try:
                for doc_id, copy in prepared:
                    self._state.add(doc_id, copy, self._analyze(copy))
                    added.append(doc_id)
            except BaseException:  # a custom split function failed: undo the batch
                for doc_id in reversed(added):
                    self.remove(doc_id)
                raise
        return added

    def update(self, doc_id: str, doc: Mapping[str, Any]) -> str:
        """Replace the document ``doc_id`` by ``doc``, keeping its position.

        ``doc`` may omit the id; if it has one, it must be ``doc_id``.
        Raises :class:`DocumentNotFoundError` for an unknown id.
        """
        st = self._state
        d = st.by_id.get(_check_id(doc_id))
        if d is None:
            raise DocumentNotFoundError(doc_id)
        if isinstance(doc, Mapping) and doc.get("id") is None:
            doc = {**doc, "id": doc_id}
        new_id, copy = self._prepare(doc)
        if new_id != doc_id:
            raise DocumentValidationError(
                "id",
                f"{describe(doc_id)} (the id being updated)",
                new_id,
                "remove the old document and insert the new one to change an id",
            )
        old = st.docs[d]
        assert old is not None
        self._replace(d, old, copy, (*self._string_fields, *self._vector_fields))
        return doc_id

    def _replace(
        self, d: int, old: dict[str, Any], new: dict[str, Any], indexed: Iterable[str]
    ) -> None:
        """Store ``new`` as document ``d`` in place of ``old``, re-indexing it unless none
        of the ``indexed`` properties changed (e.g. a counter: the index stands)."""
        st = self._state
        props, columns = self._props, st.vectors
        if all(
            columns[n].holds(d, get_path(new, props[n].keys))
            if n in columns
            else get_path(old, props[n].keys) == get_path(new, props[n].keys)
            for n in indexed
        ):
            st.docs[d] = st.strip(new)
            return
        new_analysis = self._analyze(new)  # (a vector left out of `indexed` is kept)
        st.unindex(d, self._analyze(old), [n for n in indexed if n in columns])
        st.docs[d] = st.strip(new)
        st.index(d, new_analysis)

    def patch(self, doc_id: str, changes: Mapping[str, Any]) -> str:
        """Set some top-level properties of the document ``doc_id``; the others keep
        their values (``update`` with the stored document and ``changes`` merged).

        Only the changed properties are validated and, when they are indexed,
        re-indexed, so a counter costs next to nothing. A value of ``None`` removes the
        property. Raises :class:`DocumentNotFoundError` for an unknown id, and
        :class:`DocumentValidationError` (nothing changed) for an invalid value or an
        attempt to change the id.
        """
        st = self._state
        d = st.by_id.get(_check_id(doc_id))
        if d is None:
            raise DocumentNotFoundError(doc_id)
        if not isinstance(changes, Mapping):
            raise DocumentValidationError("<changes>", "a dict of property -> value", changes)
        for key in changes:
            if not isinstance(key, str) or "." in key:
                raise DocumentValidationError(
                    str(key),
                    "a top-level property name (a string without '.')",
                    key,
                    "patch a nested property by giving its whole object",
                )
        if "id" in changes and changes["id"] != doc_id:
            raise DocumentValidationError(
                "id",
                f"{describe(doc_id)} (the id being patched)",
                changes["id"],
                "remove the old document and insert the new one to change an id",
            )
        changed = {p.path: p for p in self._props.values() if p.keys[0] in changes}
        validate_document(changes, changed, whole=True)
        old = st.docs[d]
        assert old is not None
        copy = {**old, **copy_json(dict(changes))}  # unchanged values are shared, never mutated
        for key, value in changes.items():
            if value is None:
                del copy[key]
        indexed = [n for n in (*self._string_fields, *self._vector_fields) if n in changed]
        self._replace(d, old, copy, indexed)
        return doc_id

    def remove(self, doc_id: str) -> bool:
        """Remove the document ``doc_id``; ``False`` when there is none."""
        st = self._state
        d = st.by_id.get(_check_id(doc_id))
        if d is None:
            return False
        doc = st.docs[d]
        assert doc is not None
        st.unindex(d, self._analyze(doc))
        st.drop(d)
        return True

    def remove_multiple(self, doc_ids: Iterable[str]) -> int:
        """Remove several documents; returns how many existed."""
        ids = [_check_id(doc_id) for doc_id in _check_many(doc_ids, "doc_ids")]
        return sum(self.remove(doc_id) for doc_id in ids)


def _check_many(values: object, what: str) -> list[Any]:
    """A batch argument: a list or tuple (a generator is read once, here)."""
    if isinstance(values, list | tuple):
        return list(values)
    if isinstance(values, Iterable) and not isinstance(values, str | bytes | Mapping):
        return list(values)
    raise DocumentValidationError(f"<{what}>", "a list", values)


def _check_id(doc_id: object) -> str:
    """A document id given to get/update/patch/remove: a string."""
    if not isinstance(doc_id, str):
        raise DocumentValidationError("id", "a string (a document id)", doc_id)
    return doc_id
