"""The library parts of the design's "putting it all together" agent loop.

:func:`run_turn` does one turn: load the initial context, select what fits, append the
user's message, call the model, store its reply. :class:`ScriptedModel` stands in for
a language model in examples and tests.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from amplify_memory.agent._selector import ContextSelector
from amplify_memory.agent._store import VectorMemoryStore
from amplify_memory.agent._types import Message

__all__ = ["ChatModel", "ScriptedModel", "Turn", "run_turn"]


class ChatModel(Protocol):
    """What the loop needs of a model: a reply to a list of messages."""

    async def complete(self, messages: Sequence[Message]) -> str: ...


@dataclass
class ScriptedModel:
    """A stand-in model: answers with ``replies`` in turn and records what it was sent.

    A reply may contain ``{context}``, replaced by the ids of the messages it got.
    """

    replies: list[str]
    received: list[list[Message]] = field(default_factory=list)

    async def complete(self, messages: Sequence[Message]) -> str:
        self.received.append(list(messages))
        reply = self.replies[(len(self.received) - 1) % len(self.replies)]
        return reply.replace("{context}", ",".join(m.id for m in messages))


@dataclass(frozen=True)
class Turn:
    """What one turn did: the messages sent to the model, the user message, the reply."""

    context: list[Message]
    user: Message
    reply: Message


async def run_turn(
    store: VectorMemoryStore,
    selector: ContextSelector,
    model: ChatModel,
    query: str,
    *,
    system_prompt: str = "You are a helpful assistant with memory of past conversations.",
    max_tokens: int = 4000,
    recall: int = 0,
    clock: Callable[[], float] = time.time,
) -> Turn:
    """One turn of the agent loop.

    1. ``load_initial_context(system_prompt)``: the system message and recent history;
    2. with ``recall > 0``, the ``recall`` messages most similar to ``query`` join the
       candidates (older ones the recent window left out);
    3. the selector keeps the system message and what fits in ``max_tokens``;
    4. the user's message is stored, the model called with the selection + the message;
    5. the reply is stored.
    """
    history = await store.load_initial_context(system_prompt)
    candidates = {m.id: m for m in history}
    if recall > 0:
        for m in await store.search_similar(query, recall):
            candidates.setdefault(m.id, m)
    required = [m.id for m in history if m.role == "system"]
    selected = selector.select_messages(
        list(candidates.values()), max_tokens=max_tokens, required_ids=required
    )
    user = Message(f"user-{uuid.uuid4().hex}", "user", query, created_at=clock())
    await store.append_message(user)
    context = [*selected, user]
    answer = await model.complete(context)
    reply = Message(f"assistant-{uuid.uuid4().hex}", "assistant", answer, created_at=clock())
    await store.append_message(reply)
    return Turn(context, user, reply)
