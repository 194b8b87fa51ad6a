"""The :class:`Database`: documents, their BM25 and vector indexes, search and snapshots,
one part per module (see :mod:`._core`)."""

from __future__ import annotations

from amplify_memory.search._documents import Documents
from amplify_memory.search._persistence import Snapshots
from amplify_memory.search._searching import Searching

__all__ = ["Database"]


class Database(Documents, Searching, Snapshots):
    """An in-memory full-text (BM25) and vector search database over JSON documents.

    >>> db = Database({"id": "string", "content": "string", "confidence": "number"})
    >>> db.insert({"id": "m1", "content": "Prefers TypeScript over JavaScript"})
    'm1'
    >>> db.insert({"id": "m2", "content": "Uses tabs, not spaces", "confidence": 0.4})
    'm2'
    >>> [hit.id for hit in db.search("typescript preference").hits]
    ['m1']

    Settings (all stored in snapshots):

    - ``language``: a Snowball language (:data:`SUPPORTED_LANGUAGES`), default English.
    - ``stemming``: stem words (default on); ``stop_words``: ``None`` = the language
      default (English list for English), a bool, or a list of words.
    - ``fold_accents``: fold "é" to "e" (default on); ``split``: a custom word splitter
      ``str -> list[str]`` (not serialisable: pass it again to :meth:`from_snapshot`).
    - ``k1``, ``b``: BM25 parameters (see :mod:`amplify_memory.search._scoring`).

    Documents are kept in insertion order, which breaks score ties. :meth:`update`
    keeps a document's position; :meth:`remove` then :meth:`insert` moves it to the end.
    """
