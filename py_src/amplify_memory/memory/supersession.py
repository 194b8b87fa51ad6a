"""What a new user fact does to a stored one: merge, supersede, or keep both.

The user-profile store calls :func:`decide` for each stored candidate when a fact is
added (or edited). The rule, in order:

1. Both facts have a known topic (:mod:`amplify_memory.memory.topics`):

   * same topic, value and polarity: ``"merge"`` (one entry, refreshed);
   * any frame of the new fact supersedes the old fact's own frame (same value and
     the other polarity; another value, both positive; an explicit correction such as
     "switched from npm to pnpm"): ``"supersede"``;
   * otherwise ``"keep"``: another topic, or compatible values ("does not use Yarn" /
     "uses pnpm"). Different topics never merge, however alike the words.

2. Otherwise (one of them has no known topic): the similarity rule of
   :func:`~amplify_memory.memory.similarity.is_duplicate` decides ``"merge"`` or
   ``"keep"``; two such facts that contradict are kept, and the prompt shows the newer.

>>> decide("User likes 2-space indentation", "User uses 2-space indentation")
'merge'
>>> decide("User uses 4-space indentation", "User uses 2-space indentation")
'supersede'
>>> decide("User switched from npm to pnpm", "User uses npm")
'supersede'
>>> decide("User uses Vue", "User uses React")
'keep'
"""

from __future__ import annotations

from typing import Final, Literal

from amplify_memory.memory.similarity import DEFAULT_DUPLICATE_THRESHOLD, is_duplicate
from amplify_memory.memory.topics import frames_of, relation

__all__ = ["ACTIONS", "Action", "decide"]

Action = Literal["merge", "supersede", "keep"]
ACTIONS: Final[tuple[str, ...]] = ("merge", "supersede", "keep")


def decide(new: str, old: str, threshold: float = DEFAULT_DUPLICATE_THRESHOLD) -> Action:
    """What storing ``new`` does to the stored ``old`` (see the module docstring)."""
    new_frames, old_frames = frames_of(new), frames_of(old)
    if new_frames and old_frames:
        own, theirs = new_frames[0], old_frames[0]
        if relation(own, theirs) == "same":
            return "merge"
        if any(relation(frame, theirs) == "supersedes" for frame in new_frames):
            return "supersede"
        return "keep"
    return "merge" if is_duplicate(new, old, threshold) else "keep"
