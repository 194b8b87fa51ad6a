"""The product's promises (tests/engines/promises.py) in Chromium."""

from __future__ import annotations

from tests.engines.promises import (
    test_a_second_visit_restores_the_memory_snapshot,
    test_closing_a_tab_mid_write_keeps_every_awaited_add,
    test_hostile_memory_text_is_shown_as_text_and_runs_nothing,
    test_memories_problems_and_prompt_blocks_survive_reloads,
    test_ten_keystrokes_50ms_apart_make_one_lookup_300ms_after_the_last,
    test_the_guard_sees_requests_to_other_hosts,
    test_the_page_boots_and_says_ready,
    test_the_page_says_whether_the_browser_keeps_the_memory,
    test_two_tabs_writing_interleaved_keep_all_100,
)

#: The engine these tests run in (tests/engines/conftest.py).
ENGINE = "chromium"

__all__ = [
    "test_a_second_visit_restores_the_memory_snapshot",
    "test_closing_a_tab_mid_write_keeps_every_awaited_add",
    "test_hostile_memory_text_is_shown_as_text_and_runs_nothing",
    "test_memories_problems_and_prompt_blocks_survive_reloads",
    "test_ten_keystrokes_50ms_apart_make_one_lookup_300ms_after_the_last",
    "test_the_guard_sees_requests_to_other_hosts",
    "test_the_page_boots_and_says_ready",
    "test_the_page_says_whether_the_browser_keeps_the_memory",
    "test_two_tabs_writing_interleaved_keep_all_100",
]
