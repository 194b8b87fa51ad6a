"""What the parts of :class:`~amplify_memory.search.Database` share: the schema, the
analysis settings, the documents' state (:class:`~amplify_memory.search._index.State`) and
the two reads a filter needs (:class:`~amplify_memory.search._filters.FilterContext`).

The class is assembled from one part per job: :mod:`._documents` (reading and writing
documents), :mod:`._searching` (a search's plan and its execution over the scoring modes of
:mod:`._bm25` and :mod:`._ranking`) and :mod:`._persistence` (snapshots).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from amplify_memory.errors import ConfigurationError, describe
from amplify_memory.limits import is_number
from amplify_memory.search._defaults import DEFAULT_B, DEFAULT_K1, DEFAULT_LANGUAGE
from amplify_memory.search._schema import Property, copy_json, get_path, parse_schema
from amplify_memory.search._snapshot import empty_state
from amplify_memory.search._tokenizer import Tokenizer

__all__ = ["DatabaseCore"]


class DatabaseCore:
    """The shared fields of a :class:`~amplify_memory.search.Database` and its constructor."""

    def __init__(
        self,
        schema: Mapping[str, Any],
        *,
        language: str = DEFAULT_LANGUAGE,
        stemming: bool = True,
        stop_words: bool | Iterable[str] | None = None,
        fold_accents: bool = True,
        split: Callable[[str], Sequence[str]] | None = None,
        k1: float = DEFAULT_K1,
        b: float = DEFAULT_B,
    ) -> None:
        self._props: dict[str, Property] = parse_schema(schema)
        self._schema: dict[str, Any] = copy_json(schema)
        self._tokenizer = Tokenizer(
            language,
            stemming=stemming,
            stop_words=stop_words,
            fold_accents=fold_accents,
            split=split,
        )
        for name, value, high in (("k1", k1, 1000.0), ("b", b, 1.0)):
            if not is_number(value) or not 0.0 <= value <= high:
                bounds = "between 0 and 1" if name == "b" else "between 0 and 1000"
                raise ConfigurationError(
                    f"{name} expected a number {bounds}, got {describe(value)}"
                )
        self._k1 = float(k1)
        self._b = float(b)
        # the id is a key, not text: it is not full-text indexed
        self._string_fields = [
            p.path for p in self._props.values() if p.base == "string" and p.path != "id"
        ]
        self._vector_fields = [p.path for p in self._props.values() if p.base == "vector"]
        self._state = empty_state(self._props)

    # -- introspection -----------------------------------------------------------

    @property
    def schema(self) -> dict[str, Any]:
        """A copy of the schema."""
        schema: dict[str, Any] = copy_json(self._schema)
        return schema

    @property
    def properties(self) -> Mapping[str, Property]:
        """The flattened schema: dotted path -> :class:`Property`."""
        return self._props

    @property
    def settings(self) -> dict[str, Any]:
        """Tokenizer and scoring settings, as stored in snapshots."""
        return {**self._tokenizer.settings(), "k1": self._k1, "b": self._b}

    @property
    def tokenizer(self) -> Tokenizer:
        """The analysis pipeline shared by documents and queries."""
        return self._tokenizer

    def __len__(self) -> int:
        return len(self._state.by_id)

    def __contains__(self, doc_id: object) -> bool:
        return isinstance(doc_id, str) and doc_id in self._state.by_id

    def __repr__(self) -> str:
        return f"Database({len(self)} documents, language={describe(self._tokenizer.language)})"

    # -- filter context ------------------------------------------------------------

    def _value(self, doc: int, prop: Property) -> Any:
        """The value of ``prop`` in document number ``doc`` (``None`` when absent)."""
        if len(prop.keys) == 1:
            return self._state.docs.value(doc, prop.keys[0])
        stored = self._state.docs[doc]
        if stored is None:
            return None
        return get_path(stored, prop.keys)

    def _values_of(self, live: list[int], key: str) -> Iterable[Any]:
        """The top-level values ``key`` of the live document numbers ``live`` (None where
        absent), read from the rows without making any document (in C for one shape)."""
        return self._state.docs.values(live, key)

    def _docs_with_all_terms(self, path: str, text: str) -> set[int]:
        """Document numbers whose string field ``path`` holds every term of ``text``."""
        st = self._state
        if path not in st.fields:  # the id: exact value
            d = st.by_id.get(text)
            return set() if d is None else {d}
        terms = self._tokenizer.terms(text)
        postings = st.fields[path].postings
        lists = [postings.get(t) for t in dict.fromkeys(terms)]
        if not lists or any(pl is None for pl in lists):
            return set()
        found = [pl for pl in lists if pl is not None]
        found.sort(key=len)
        result = set(found[0])
        for pl in found[1:]:
            result.intersection_update(pl)
        return result
