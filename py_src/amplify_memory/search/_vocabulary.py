"""The surface vocabulary: every distinct (folded, unstemmed) word with a document count.

It answers the two look-ups that exact term matching cannot: words starting with a
prefix (search-as-you-type) and words within an edit distance (typo tolerance). The
words live in a plain dict plus a lazily sorted list; the sorted list serves as an
implicit trie: prefix look-ups are a bisection, and the fuzzy look-up walks it in
order, reusing the Levenshtein rows of the prefix shared with the previous word and
skipping every word under a prefix that is already too far away.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Iterable, Mapping

__all__ = ["Vocabulary", "levenshtein"]

_MAX_CHAR = "\U0010ffff"


def levenshtein(a: str, b: str, max_distance: int | None = None) -> int:
    """Edit distance (insertions, deletions, substitutions) between ``a`` and ``b``.

    With ``max_distance``, any result above it is reported as ``max_distance + 1``.

    >>> levenshtein("kitten", "sitting"), levenshtein("kitten", "sitting", 1)
    (3, 2)
    """
    if max_distance is not None and abs(len(a) - len(b)) > max_distance:
        return max_distance + 1
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row = row, [i]
        for j, cb in enumerate(b, 1):
            row.append(min(row[j - 1] + 1, prev[j] + 1, prev[j - 1] + (ca != cb)))
        if max_distance is not None and min(row) > max_distance:
            return max_distance + 1
    dist = row[-1]
    if max_distance is not None and dist > max_distance:
        return max_distance + 1
    return dist


class Vocabulary:
    """Word -> number of documents containing it, with prefix and fuzzy look-ups.

    >>> v = Vocabulary(); v.add("migration"); v.add("migrate"); v.add("mitigate")
    >>> v.prefix("migr"), v.fuzzy("migrste", 1)
    (['migrate', 'migration'], [('migrate', 1)])
    """

    __slots__ = ("_pending", "_sorted", "_stale", "counts")

    def __init__(self, counts: Mapping[str, int] | None = None) -> None:
        self.counts: Counter[str] = Counter(counts) if counts is not None else Counter()
        self._sorted: list[str] | None = None  # may hold removed words ("stale")
        self._pending: list[str] = []  # words added since the last sort
        self._stale = 0

    def __len__(self) -> int:
        return len(self.counts)

    def __contains__(self, word: object) -> bool:
        return word in self.counts

    def add(self, word: str) -> None:
        """Count one more document containing ``word``."""
        counts = self.counts
        n = counts.get(word, 0)
        counts[word] = n + 1
        if n == 0 and self._sorted is not None:
            self._pending.append(word)

    def add_many(self, words: Iterable[str]) -> None:
        """Count one more document for each of ``words`` (distinct words)."""
        counts = self.counts
        if self._sorted is not None:
            words = list(words)
            self._pending.extend(w for w in words if w not in counts)
        counts.update(words)

    def discard(self, word: str) -> None:
        """Count one document fewer containing ``word`` (forget it at zero)."""
        counts = self.counts
        n = counts.get(word, 0)
        if n > 1:
            counts[word] = n - 1
        elif n == 1:
            del counts[word]
            self._stale += 1

    def _words(self) -> list[str]:
        words = self._sorted
        if words is None or self._stale > len(words) // 2 or len(self._pending) > 256:
            words = self._sorted = sorted(self.counts)
            self._pending = []
            self._stale = 0
            return words
        for word in self._pending:
            i = bisect_left(words, word)
            if i == len(words) or words[i] != word:
                insort(words, word)
        self._pending = []
        return words

    def prefix(self, prefix: str) -> list[str]:
        """Words that start with ``prefix``, in sorted order."""
        words = self._words()
        counts = self.counts
        start = bisect_left(words, prefix)
        end = bisect_left(words, prefix + _MAX_CHAR, start)
        return [w for w in words[start:end] if w in counts]

    def fuzzy(self, query: str, max_distance: int) -> list[tuple[str, int]]:
        """``(word, distance)`` for every word within ``max_distance`` edits of ``query``."""
        words = self._words()
        counts = self.counts
        found: list[tuple[str, int]] = []
        k = max_distance
        m = len(query)
        far = k + 1  # every distance above k is the same "too far"
        # Only the cells within k of the diagonal can be within reach: a band of 2k + 1
        # cells per row instead of len(query) + 1, the rest stay "too far".
        first_row = [min(j, far) for j in range(m + 1)]
        rows: list[list[int]] = [first_row]
        prev = ""
        i, n = 0, len(words)
        while i < n:
            word = words[i]
            # reuse the rows of the prefix shared with the previous word
            shared = 0
            limit = min(len(prev), len(word), len(rows) - 1)
            while shared < limit and prev[shared] == word[shared]:
                shared += 1
            del rows[shared + 1 :]
            pruned_at = -1
            for pos in range(shared, len(word)):
                above = rows[-1]
                ch = word[pos]
                depth = pos + 1
                row = [far] * (m + 1)
                row[0] = min(depth, far)
                lo, hi = max(1, depth - k), min(m, depth + k)
                best = row[0]
                for j in range(lo, hi + 1):
                    v = above[j - 1] + (query[j - 1] != ch)
                    if above[j] + 1 < v:
                        v = above[j] + 1
                    if row[j - 1] + 1 < v:
                        v = row[j - 1] + 1
                    if v > far:
                        v = far
                    row[j] = v
                    if v < best:
                        best = v
                rows.append(row)
                if best > max_distance:
                    pruned_at = pos
                    break
            if pruned_at >= 0:
                # no word under this prefix can come back within reach
                stem = word[: pruned_at + 1]
                prev = stem
                i = bisect_left(words, stem + _MAX_CHAR, i + 1)
                continue
            dist = rows[-1][-1]
            if dist <= max_distance and word in counts:
                found.append((word, dist))
            prev = word
            i += 1
        return found
