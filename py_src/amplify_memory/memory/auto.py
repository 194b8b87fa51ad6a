"""Automatic memory: extract facts from chat turns and file writes, and store them.

>>> await extract_and_store_user_facts("I prefer TypeScript over JavaScript")  # doctest: +SKIP
[{'action': 'inserted', 'entry': {'content': 'User prefers TypeScript over JavaScript', ...}}]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from amplify_memory.memory.changes import Replaced, names_a_value
from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.extraction import ExtractedFact, extract_project_context
from amplify_memory.memory.project_context import ProjectContextVectorStore
from amplify_memory.memory.technologies import find_technologies, lookup_technology
from amplify_memory.memory.topics import frames_of
from amplify_memory.memory.user_profile import UserProfileVectorStore

__all__ = ["extract_and_store_project_context", "extract_and_store_user_facts"]


async def extract_and_store_user_facts(
    user_message: str,
    assistant_message: str | None = None,
    *,
    store: UserProfileVectorStore | None = None,
    facts: Sequence[ExtractedFact] | None = None,
    replaced: Sequence[Replaced] | None = None,
) -> list[dict[str, Any]]:
    """Store the facts the user stated about themselves in ``user_message``.

    The assistant's message is context only: nothing in it is stored as the user's.
    Returns one ``{"action", "entry", "superseded"}`` per fact (``action`` "updated" when
    the fact was already known), then one per stored fact the turn restated with a
    new value (``UserProfileVectorStore.restate_changes``). Stored with confidence 0.9
    and source ``user_message``.
    ``facts``: already extracted facts to store instead (a routed chat turn), with the
    technologies the turn said no longer hold (``replaced``). Stored facts that state
    those are superseded by the turn's first new fact that is not about them
    (:meth:`~amplify_memory.memory.user_profile.UserProfileVectorStore.supersede_values`)
    and listed in its ``superseded``.
    """
    store = store or UserProfileVectorStore.get_instance()
    await store.initialize()
    outcomes = []
    if facts is None:
        found = extract_chat_facts(user_message, assistant_message)
        facts, replaced = found.user, found.replaced
    async with store.atomic():  # all of the turn's facts, or none
        for fact in facts:
            outcomes.append(
                await store.add(
                    fact.content, fact.category, source=fact.source, confidence=fact.confidence
                )
            )
        carrier = _carrier(outcomes, replaced or ())
        if replaced and carrier is not None:
            turn = {str(o["entry"]["id"]) for o in outcomes}
            gone = await store.supersede_values(replaced, by=carrier["entry"]["id"], keep=turn)
            carrier["superseded"] = [*carrier.get("superseded", []), *gone]
        # what the turn changes of the stored facts, read against them: restatements
        # added, or the superseded listed in the outcome of the turn's own fact
        outcomes += await store.restate_changes(user_message, turn=outcomes)
    return outcomes


def _carrier(outcomes: list[dict[str, Any]], replaced: Sequence[Replaced]) -> dict[str, Any] | None:
    """The outcome whose fact stands for the change: the first technology fact that
    names none of the values it ends ("User uses DynamoDB" for "mongo was just for the
    prototype, production runs on DynamoDB"), else the first that says it stopped using
    one ("User no longer uses CubeIDE"). When a value is no technology ("..., not PST"),
    the first fact of any kind that does not name it ("User is based in Denver"). Else
    None: a turn with no such fact supersedes nothing ("... and I live in Berlin" is not
    the change of a technology)."""
    values = [r.value for r in replaced]
    tech = [
        o
        for o in outcomes
        if o["entry"].get("category") == "tech_stack"
        or find_technologies(str(o["entry"]["content"]))  # ("User is on Arch these days")
    ]
    for outcome in tech:
        if not names_a_value(str(outcome["entry"]["content"]), values):
            return outcome
    ended = {v.casefold() for v in values}
    for outcome in tech:  # "User prefers Polars over pandas": its chosen value is new
        frames = frames_of(str(outcome["entry"]["content"]))
        if any(f.polarity == "positive" and f.value.casefold() not in ended for f in frames):
            return outcome
    over = {r.value.casefold() for r in replaced if r.polarity == "negative"}
    for outcome in tech:  # "I was wrong about Rust, it's great": a dislike that is over
        frames = frames_of(str(outcome["entry"]["content"]))
        if any(f.polarity == "positive" and f.value.casefold() in over for f in frames):
            return outcome
    for outcome in tech:
        if re.search(r"\b(?:no longer|not)\b", str(outcome["entry"]["content"])):
            return outcome
    if all(lookup_technology(r.value) is not None for r in replaced):
        return None
    # a value that is no technology ("not PST", "left the bank"): the turn's first fact
    # that does not name it stands for the change ("User is based in Denver")
    for outcome in outcomes:
        if not names_a_value(str(outcome["entry"]["content"]), values):
            return outcome
    return None


async def extract_and_store_project_context(
    project_id: str,
    action_description: str,
    type: str | None = None,
    files: Sequence[str] = (),
    *,
    store: ProjectContextVectorStore | None = None,
    source_chat_id: str = "",
) -> list[dict[str, Any]]:
    """Store the requirements, decisions, patterns ... found in an agent's action
    description (called after it writes files), with the files; returns the entries."""
    store = store or ProjectContextVectorStore.get_instance()
    entries: list[dict[str, Any]] = []
    found = extract_project_context(action_description, type, files)
    if not found:
        return entries
    async with store.atomic(project_id):  # all of the action's entries, or none
        for item in found:
            entries.append(
                await store.add(
                    project_id,
                    item.content,
                    item.type,
                    files=list(item.files),
                    tags=list(item.tags),
                    source_chat_id=source_chat_id,
                )
            )
    return entries
