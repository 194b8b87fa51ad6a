"""The context selector: which stored messages go into the model's context window."""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from amplify_memory.agent._tokens import TokenCounter, estimate_message_tokens
from amplify_memory.agent._types import Message
from amplify_memory.errors import ConfigurationError, describe

__all__ = ["ContextSelector", "Selection"]


@dataclass(frozen=True)
class Selection:
    """The chosen messages in chronological order and the tokens they take (estimated)."""

    messages: list[Message]
    tokens: int


def _positive(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ConfigurationError(f"{name} expected an int >= 0, got {describe(value)}")
    return value


def _chronological(messages: Sequence[Message], chosen: set[str]) -> list[Message]:
    picked = [(m.created_at, i, m) for i, m in enumerate(messages) if m.id in chosen]
    return [m for _, _, m in sorted(picked, key=lambda t: (t[0], t[1]))]


class ContextSelector:
    """Picks messages for a context window under a token budget.

    Two modes, both returning messages in chronological order (by ``created_at``,
    then by their order in the input):

    - :meth:`select_messages` (recency, the design's selector): the messages whose id
      is in ``required_ids`` always, then the most recent others while they fit the
      token budget and ``max_messages``. With ``contiguous=True`` (default) it stops at
      the first message that does not fit, so the chosen history has no holes; with
      False it skips that message and goes on with older, smaller ones.
    - :meth:`select_relevant` (relevance): the required messages, then the others by
      similarity to the current query (scores from a vector search), optionally
      multiplied by ``0.5 ** (age / half_life)`` so that older messages weigh less.

    ``max_messages`` counts the messages chosen besides the required ones. Required
    messages are kept even when they alone exceed the budget. ``count_tokens`` counts
    one message (default :func:`estimate_message_tokens`).

    >>> sel = ContextSelector(max_messages=2)
    >>> msgs = [Message(str(i), "user", "hi", created_at=i) for i in range(5)]
    >>> [m.id for m in sel.select_messages(msgs, required_ids=["0"])]
    ['0', '3', '4']
    """

    def __init__(
        self,
        *,
        max_tokens: int = 4000,
        max_messages: int = 10,
        count_tokens: TokenCounter = estimate_message_tokens,
    ) -> None:
        self.max_tokens = _positive("max_tokens", max_tokens)
        self.max_messages = _positive("max_messages", max_messages)
        self.count_tokens = count_tokens

    def select_messages(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int | None = None,
        max_messages: int | None = None,
        required_ids: Collection[str] = (),
        contiguous: bool = True,
    ) -> list[Message]:
        """Required messages, then the most recent that fit; chronological order."""
        return self.select(
            messages, max_tokens=max_tokens, max_messages=max_messages,
            required_ids=required_ids, contiguous=contiguous,
        ).messages  # fmt: skip

    def select(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int | None = None,
        max_messages: int | None = None,
        required_ids: Collection[str] = (),
        contiguous: bool = True,
    ) -> Selection:
        """:meth:`select_messages` with the token total."""
        budget, room, chosen, used = self._start(messages, max_tokens, max_messages, required_ids)
        order = sorted(
            ((m.created_at, i, m) for i, m in enumerate(messages) if m.id not in chosen),
            key=lambda t: (t[0], t[1]),
            reverse=True,
        )
        for _, _, message in order:
            if room == 0:
                break
            cost = self.count_tokens(message)
            if used + cost > budget:
                if contiguous:
                    break
                continue
            chosen.add(message.id)
            used += cost
            room -= 1
        return Selection(_chronological(messages, chosen), used)

    def select_relevant(
        self,
        messages: Sequence[Message],
        scores: Mapping[str, float],
        *,
        max_tokens: int | None = None,
        max_messages: int | None = None,
        required_ids: Collection[str] = (),
        half_life: float | None = None,
        now: float | None = None,
        min_score: float = 0.0,
    ) -> list[Message]:
        """Required messages, then the best-scored that fit; chronological order.

        ``scores`` maps message ids to their similarity with the query (messages without
        a score are not candidates). ``half_life`` (seconds) weights a message created
        ``age`` seconds before ``now`` (default: the current time) by
        ``0.5 ** (age / half_life)``; messages whose weighted score is below
        ``min_score`` are left out. Ties go to the more recent message.
        """
        if half_life is not None and (
            isinstance(half_life, bool) or not isinstance(half_life, int | float) or half_life <= 0
        ):
            raise ConfigurationError(f"half_life expected seconds > 0, got {describe(half_life)}")
        budget, room, chosen, used = self._start(messages, max_tokens, max_messages, required_ids)
        at = time.time() if now is None else now
        ranked: list[tuple[float, float, int, Message]] = []
        for i, m in enumerate(messages):
            if m.id in chosen or m.id not in scores:
                continue
            score = float(scores[m.id])
            if half_life is not None:
                score *= 0.5 ** (max(0.0, at - m.created_at) / half_life)
            if score >= min_score:
                ranked.append((score, m.created_at, i, m))
        ranked.sort(key=lambda t: (t[0], t[1], t[2]), reverse=True)
        for _, _, _, message in ranked:
            if room == 0:
                break
            cost = self.count_tokens(message)
            if used + cost > budget:
                continue
            chosen.add(message.id)
            used += cost
            room -= 1
        return _chronological(messages, chosen)

    def _start(
        self,
        messages: Sequence[Message],
        max_tokens: int | None,
        max_messages: int | None,
        required_ids: Collection[str],
    ) -> tuple[int, int, set[str], int]:
        budget = self.max_tokens if max_tokens is None else _positive("max_tokens", max_tokens)
        room = (
            self.max_messages if max_messages is None else _positive("max_messages", max_messages)
        )
        if isinstance(required_ids, str):
            raise ConfigurationError("required_ids expected a collection of ids, not a string")
        required = set(required_ids)
        chosen: set[str] = set()
        used = 0
        for m in messages:
            if m.id in required and m.id not in chosen:
                chosen.add(m.id)
                used += self.count_tokens(m)
        return budget, room, chosen, used
