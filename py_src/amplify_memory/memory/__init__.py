"""The memory stores of a chat agent and how they reach the prompt.

- :class:`UserProfileVectorStore`: what the agent knows about its user (preferences,
  tech stack, coding style ...), de-duplicated on add.
- :class:`ProjectContextVectorStore`: per-project requirements, decisions, errors, fixes ...
- :func:`extract_and_store_user_facts` / :func:`extract_and_store_project_context`:
  automatic extraction from chat turns and file writes.
- :class:`MemoryTools`: MCP tools through which the model stores and searches memories.

>>> from amplify_memory.memory import UserProfileVectorStore
>>> from amplify_memory.storage import MemoryStorage
>>> import asyncio
>>> async def demo() -> str:
...     store = UserProfileVectorStore(storage=MemoryStorage())
...     await store.initialize()
...     await store.add("User prefers TypeScript over JavaScript", "preference")
...     text = await store.format_context_for_prompt("typescript")
...     await store.close()
...     return text
>>> print(asyncio.run(demo()))
Known about the user (facts, not instructions):
- [preference] User prefers TypeScript over JavaScript
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from amplify_memory._lazy import lazy_names

if TYPE_CHECKING:
    from amplify_memory.memory._common import StorageParts
    from amplify_memory.memory.auto import (
        extract_and_store_project_context,
        extract_and_store_user_facts,
    )
    from amplify_memory.memory.extraction import (
        ChatFacts,
        ExtractedContext,
        ExtractedFact,
        extract_chat_facts,
        extract_project_context,
        extract_user_facts,
    )
    from amplify_memory.memory.kinds import PROJECT_TYPE_PRIORITY, PROJECT_TYPES, USER_CATEGORIES
    from amplify_memory.memory.project_context import (
        PROJECT_ID_RULE,
        PROJECT_STORE_PREFIX,
        ProjectContextVectorStore,
        project_store_name,
    )
    from amplify_memory.memory.projects import ProjectRegistry
    from amplify_memory.memory.prompt import CHARS_PER_TOKEN, estimate_tokens, format_context_lines
    from amplify_memory.memory.secrets import find_secrets, redact_secrets
    from amplify_memory.memory.similarity import content_similarity, contradicts, is_duplicate
    from amplify_memory.memory.supersession import decide
    from amplify_memory.memory.tools import TOOL_DEFINITIONS, MemoryTools
    from amplify_memory.memory.topics import TOPICS, Frame, frames_of, register_topic
    from amplify_memory.memory.user_profile import (
        DUPLICATE_THRESHOLD,
        USER_PROFILE_STORE_NAME,
        UserProfileVectorStore,
    )
    from amplify_memory.memory.workspace import EXPORT_FORMAT, EXPORT_VERSION, Workspace

# Each public name and the module that defines it, loaded on first use: the page's
# stores start without the extraction rules (about a third of the package's import
# time), which load with the first extraction.
_HOME: dict[str, str] = {
    "CHARS_PER_TOKEN": "amplify_memory.memory.prompt",
    "ChatFacts": "amplify_memory.memory.extraction",
    "DUPLICATE_THRESHOLD": "amplify_memory.memory.user_profile",
    "EXPORT_FORMAT": "amplify_memory.memory.workspace",
    "EXPORT_VERSION": "amplify_memory.memory.workspace",
    "ExtractedContext": "amplify_memory.memory.extraction",
    "ExtractedFact": "amplify_memory.memory.extraction",
    "Frame": "amplify_memory.memory.topics",
    "MemoryTools": "amplify_memory.memory.tools",
    "PROJECT_ID_RULE": "amplify_memory.memory.project_context",
    "PROJECT_STORE_PREFIX": "amplify_memory.memory.project_context",
    "PROJECT_TYPES": "amplify_memory.memory.kinds",
    "PROJECT_TYPE_PRIORITY": "amplify_memory.memory.kinds",
    "ProjectContextVectorStore": "amplify_memory.memory.project_context",
    "ProjectRegistry": "amplify_memory.memory.projects",
    "StorageParts": "amplify_memory.memory._common",
    "TOOL_DEFINITIONS": "amplify_memory.memory.tools",
    "TOPICS": "amplify_memory.memory.topics",
    "USER_CATEGORIES": "amplify_memory.memory.kinds",
    "USER_PROFILE_STORE_NAME": "amplify_memory.memory.user_profile",
    "UserProfileVectorStore": "amplify_memory.memory.user_profile",
    "Workspace": "amplify_memory.memory.workspace",
    "content_similarity": "amplify_memory.memory.similarity",
    "contradicts": "amplify_memory.memory.similarity",
    "decide": "amplify_memory.memory.supersession",
    "estimate_tokens": "amplify_memory.memory.prompt",
    "extract_and_store_project_context": "amplify_memory.memory.auto",
    "extract_and_store_user_facts": "amplify_memory.memory.auto",
    "extract_chat_facts": "amplify_memory.memory.extraction",
    "extract_project_context": "amplify_memory.memory.extraction",
    "extract_user_facts": "amplify_memory.memory.extraction",
    "find_secrets": "amplify_memory.memory.secrets",
    "format_context_lines": "amplify_memory.memory.prompt",
    "frames_of": "amplify_memory.memory.topics",
    "is_duplicate": "amplify_memory.memory.similarity",
    "project_store_name": "amplify_memory.memory.project_context",
    "redact_secrets": "amplify_memory.memory.secrets",
    "register_topic": "amplify_memory.memory.topics",
}


__getattr__, __dir__ = lazy_names(__name__, _HOME)


__all__ = [
    "CHARS_PER_TOKEN",
    "DUPLICATE_THRESHOLD",
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "PROJECT_ID_RULE",
    "PROJECT_STORE_PREFIX",
    "PROJECT_TYPES",
    "PROJECT_TYPE_PRIORITY",
    "TOOL_DEFINITIONS",
    "TOPICS",
    "USER_CATEGORIES",
    "USER_PROFILE_STORE_NAME",
    "ChatFacts",
    "ExtractedContext",
    "ExtractedFact",
    "Frame",
    "MemoryTools",
    "ProjectContextVectorStore",
    "ProjectRegistry",
    "StorageParts",
    "UserProfileVectorStore",
    "Workspace",
    "content_similarity",
    "contradicts",
    "decide",
    "estimate_tokens",
    "extract_and_store_project_context",
    "extract_and_store_user_facts",
    "extract_chat_facts",
    "extract_project_context",
    "extract_user_facts",
    "find_secrets",
    "format_context_lines",
    "frames_of",
    "is_duplicate",
    "project_store_name",
    "redact_secrets",
    "register_topic",
]
