"""The memory stores in the real page: IndexedDB by default, same context after a reload."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.conftest import wait_for_boot
from tests.browser.helpers import RunPython

ADD = """
from amplify_memory.memory import (
    ProjectContextVectorStore, UserProfileVectorStore, extract_and_store_user_facts)
user = UserProfileVectorStore.get_instance()
await user.initialize()
await user.add("User prefers TypeScript over JavaScript", "preference", confidence=0.9)
await user.add("User uses 2-space indentation", "coding_style")
await extract_and_store_user_facts("I'm building the shop with React and Supabase.")
project = ProjectContextVectorStore.get_instance()
await project.add("shop", "Must support OAuth login with Google", "requirement")
await project.add("shop", "Decided to keep sessions in httpOnly cookies", "decision",
                  files=["src/auth.ts"])
await user.flush()
await project.flush()
"""

CONTEXT = """
from amplify_memory.memory import ProjectContextVectorStore, UserProfileVectorStore
user = UserProfileVectorStore.get_instance()
await user.initialize()
project = ProjectContextVectorStore.get_instance()
[await user.format_context_for_prompt("typescript react indentation"),
 await project.format_context_for_prompt("shop", "login cookies oauth"),
 await user.count(), await project.list_projects()]
"""


def test_the_stores_persist_in_indexeddb_and_give_the_same_context_after_reload(
    python_page: Page, run_python: RunPython
) -> None:
    run_python(python_page, ADD)
    before = run_python(python_page, CONTEXT)
    assert "- [preference] User prefers TypeScript over JavaScript" in before[0]
    assert "React" in before[0]
    assert before[1].splitlines()[1] == "- [requirement] Must support OAuth login with Google"
    names = python_page.evaluate(
        "async () => (await import(new URL('js/idb.mjs', location.href).href)).listOramaDatabases()"
    )
    assert "vector_store_user_profile" in names
    assert "vector_store_project_shop" in names

    python_page.reload()
    wait_for_boot(python_page)
    after = run_python(python_page, CONTEXT)
    # accessCount changed, the text did not
    assert after[0] == before[0]
    assert after[1] == before[1]
    assert after[2] == before[2] >= 4
    assert after[3] == ["shop"]
