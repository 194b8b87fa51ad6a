"""Fuzz the two memory stores (``UserProfileVectorStore``, ``ProjectContextVectorStore``):
add, edit / update, remove, search, prompt blocks; after an error nothing changed; what a
store accepted is written and reopens equal."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from ._memory_support import (
    categories,
    confidences,
    contents,
    entry_ids,
    flags,
    parts,
    project_ids,
    project_state,
    project_store,
    queries,
    reopen_projects_equal,
    reopen_user_equal,
    resolve_id,
    seed_projects,
    seed_user,
    string_lists,
    types,
    user_state,
    user_store,
)
from ._support import acall, anything, build, fuzz, run, sizes, texts

# --------------------------------------------------------------------------- user profile

user_ops = st.one_of(
    st.tuples(
        st.just("add"),
        st.fixed_dictionaries(
            {"content": contents},
            optional={"category": categories, "source": contents, "confidence": confidences},
        ),
    ),
    st.tuples(
        st.just("edit"),
        st.fixed_dictionaries(
            {"entry_id": entry_ids, "content": contents}, optional={"category": categories}
        ),
    ),
    st.tuples(st.just("remove"), st.fixed_dictionaries({"entry_id": entry_ids})),
    st.tuples(st.just("get"), st.fixed_dictionaries({"entry_id": entry_ids})),
    st.tuples(
        st.just("list"),
        st.fixed_dictionaries({}, optional={"category": categories, "include_superseded": flags}),
    ),
    st.tuples(
        st.just("search"),
        st.fixed_dictionaries(
            {"query": queries},
            optional={"limit": sizes, "category": categories, "include_superseded": flags},
        ),
    ),
    st.tuples(
        st.just("format_context_for_prompt"),
        st.fixed_dictionaries({"query": queries}, optional={"max_tokens": sizes}),
    ),
    st.tuples(st.just("count"), st.just({})),
)


async def _user_op(store: Any, op: tuple[str, dict[str, Any]]) -> None:
    name, kwargs = op
    kwargs = build(kwargs)
    if "entry_id" in kwargs:
        ids = [e["id"] for e in await store.list()]
        kwargs["entry_id"] = resolve_id(kwargs["entry_id"], ids)
    await acall(
        f"UserProfileVectorStore.{name}",
        getattr(store, name),
        state=lambda: user_state(store),
        **kwargs,
    )


async def _user_case(ops: list[tuple[str, dict[str, Any]]]) -> None:
    storage_parts = parts()
    store = user_store(storage_parts)
    await seed_user(store)
    for op in ops:
        await _user_op(store, op)
    await reopen_user_equal(storage_parts, store)


@fuzz(2)
@given(op=user_ops.filter(lambda op: op[0] == "add"))
def test_user_add(op: tuple[str, dict[str, Any]]) -> None:
    """``add`` with any content, category, source and confidence."""
    run(_user_case([op]))


@fuzz(2)
@given(op=user_ops.filter(lambda op: op[0] in ("edit", "remove", "get")))
def test_user_edit_remove_get(op: tuple[str, dict[str, Any]]) -> None:
    """``edit`` / ``remove`` / ``get`` of stored and unknown ids with any content."""
    run(_user_case([op]))


@fuzz(2)
@given(
    op=user_ops.filter(lambda op: op[0] in ("list", "search", "format_context_for_prompt", "count"))
)
def test_user_reads(op: tuple[str, dict[str, Any]]) -> None:
    """``list`` / ``search`` / ``format_context_for_prompt`` with any arguments."""
    run(_user_case([op]))


@fuzz(2)
@given(ops=st.lists(user_ops, min_size=2, max_size=6))
def test_user_sequences(ops: list[tuple[str, dict[str, Any]]]) -> None:
    """Sequences of calls (duplicates, contradictions, edits of superseded entries ...)."""
    run(_user_case(ops))


# --------------------------------------------------------------------------- project context

_change_keys = st.sampled_from(
    [
        "content",
        "type",
        "files",
        "tags",
        "sourceChatId",
        "planPointId",
        "id",
        "projectId",
        "embedding",
        "nope",
    ]
)

project_ops = st.one_of(
    st.tuples(
        st.just("add"),
        st.fixed_dictionaries(
            {"project_id": project_ids, "content": contents, "type": types},
            optional={
                "files": string_lists,
                "tags": string_lists,
                "source_chat_id": st.one_of(texts, anything),
                "plan_point_id": st.one_of(texts, anything),
            },
        ),
    ),
    st.tuples(
        st.just("update"),
        st.fixed_dictionaries(
            {
                "project_id": project_ids,
                "entry_id": entry_ids,
                "changes": st.dictionaries(
                    _change_keys,
                    st.one_of(contents, types, string_lists),
                    max_size=3,
                ),
            }
        ),
    ),
    st.tuples(
        st.just("remove"), st.fixed_dictionaries({"project_id": project_ids, "entry_id": entry_ids})
    ),
    st.tuples(
        st.just("get"), st.fixed_dictionaries({"project_id": project_ids, "entry_id": entry_ids})
    ),
    st.tuples(
        st.just("list"),
        st.fixed_dictionaries(
            {"project_id": project_ids},
            optional={
                "types": st.one_of(st.lists(types, max_size=3), types),
                "files": string_lists,
                "tags": string_lists,
            },
        ),
    ),
    st.tuples(
        st.just("search"),
        st.fixed_dictionaries(
            {"project_id": project_ids, "query": queries},
            optional={
                "limit": sizes,
                "types": st.one_of(st.lists(types, max_size=3), types),
                "files": string_lists,
                "tags": string_lists,
            },
        ),
    ),
    st.tuples(
        st.just("format_context_for_prompt"),
        st.fixed_dictionaries(
            {"project_id": project_ids, "query": queries}, optional={"max_tokens": sizes}
        ),
    ),
    st.tuples(st.just("delete_project"), st.fixed_dictionaries({"project_id": project_ids})),
    st.tuples(st.just("clear"), st.fixed_dictionaries({"project_id": project_ids})),
    st.tuples(st.just("list_projects"), st.just({})),
)


async def _project_op(store: Any, op: tuple[str, dict[str, Any]]) -> None:
    name, kwargs = op
    kwargs = build(kwargs)
    if "entry_id" in kwargs:
        project_id = kwargs["project_id"] if kwargs["project_id"] in ("p1", "p2") else "p1"
        ids = [e["id"] for e in await store.list(project_id)]
        kwargs["entry_id"] = resolve_id(kwargs["entry_id"], ids)
    args: list[Any] = []
    if name == "update":
        changes = kwargs.pop("changes")
        args = [kwargs.pop("project_id"), kwargs.pop("entry_id")]
        kwargs = changes
    await acall(
        f"ProjectContextVectorStore.{name}",
        getattr(store, name),
        *args,
        state=lambda: project_state(store),
        **kwargs,
    )


async def _project_case(ops: list[tuple[str, dict[str, Any]]]) -> None:
    storage_parts = parts()
    store = project_store(storage_parts)
    await seed_projects(store)
    for op in ops:
        await _project_op(store, op)
    await reopen_projects_equal(storage_parts, store)


@fuzz(2)
@given(op=project_ops.filter(lambda op: op[0] == "add"))
def test_project_add(op: tuple[str, dict[str, Any]]) -> None:
    """``add`` with any project id, content, type, files and tags."""
    run(_project_case([op]))


@fuzz(2)
@given(op=project_ops.filter(lambda op: op[0] in ("update", "remove", "get")))
def test_project_update_remove_get(op: tuple[str, dict[str, Any]]) -> None:
    """``update`` (any changes) / ``remove`` / ``get`` of stored and unknown ids."""
    run(_project_case([op]))


@fuzz(2)
@given(
    op=project_ops.filter(
        lambda op: (
            op[0]
            in (
                "list",
                "search",
                "format_context_for_prompt",
                "list_projects",
                "clear",
                "delete_project",
            )
        )
    )
)
def test_project_reads_and_clears(op: tuple[str, dict[str, Any]]) -> None:
    """``list`` / ``search`` / prompt blocks / ``clear`` / ``delete_project``."""
    run(_project_case([op]))


@fuzz(2)
@given(ops=st.lists(project_ops, min_size=2, max_size=6))
def test_project_sequences(ops: list[tuple[str, dict[str, Any]]]) -> None:
    """Sequences of calls over two projects."""
    run(_project_case(ops))
