"""The demo page in real Chromium: chat, live context, inspector, persistence state, and
memory text shown as text. Screenshots of its main states go to test-results/screenshots/."""

from __future__ import annotations

import json
import os
from pathlib import Path

from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.conftest import wait_for_boot

# test-results/ is emptied when a pytest-playwright session starts; AMPLIFY_SCREENSHOTS
# puts the screenshots elsewhere.
SHOTS = Path(
    os.environ.get("AMPLIFY_SCREENSHOTS")
    or Path(__file__).resolve().parents[2] / "test-results" / "screenshots"
)
VIEWPORT: ViewportSize = {"width": 1400, "height": 1000}


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def open_demo(page: Page, url: str) -> Page:
    page.set_viewport_size(VIEWPORT)
    page.goto(url)
    wait_for_boot(page)
    page.wait_for_selector("#context[data-ready='true']")
    return page


def wait_lookup(page: Page, before: int) -> None:
    page.wait_for_function(
        "([n]) => Number(document.getElementById('context').dataset.lookups) > n"
        " && !document.getElementById('ctx-lookup').textContent.includes('waiting')",
        arg=[before],
    )


def type_query(page: Page, text: str) -> None:
    before = int(page.get_attribute("#context", "data-lookups") or "0")
    page.fill("#message", "")
    page.locator("#message").press_sequentially(text, delay=10)
    wait_lookup(page, before)


def test_first_visit_shows_an_empty_ready_demo(page: Page, server_url: str) -> None:
    open_demo(page, server_url)
    expect(page.locator("#ctx-ready")).to_have_text("ready")
    expect(page.locator("#messages")).to_contain_text("No messages yet")
    expect(page.locator("#idb-keys")).to_have_text("(nothing stored yet)")
    shot(page, "01-first-visit")


def test_chat_extraction_context_and_chat_switching(page: Page, server_url: str) -> None:
    open_demo(page, server_url)
    page.click("#sample")
    expect(page.locator("#projects")).to_contain_text("Shop")
    page.click("[data-chat-id='shop-chat']")
    expect(page.locator("#ctx-project")).to_have_text("shop")

    page.fill("#message", "I prefer TypeScript and I use React with Vite")
    page.press("#message", "Enter")
    extraction = page.locator("#extraction")
    expect(extraction).to_be_visible()
    expect(extraction).to_contain_text("User uses React")
    expect(page.locator(".msg.user .remembered")).to_contain_text("User uses Vite")
    expect(page.locator(".msg.assistant")).to_contain_text("Noted, I will remember")
    expect(page.locator("#ctx-user")).to_contain_text("- [tech_stack] User uses React")

    type_query(page, "how should the typescript login with oauth work")
    expect(page.locator("#ctx-projectctx")).to_contain_text(
        "- [requirement] Must support OAuth login with Google"
    )
    expect(page.locator("#ctx-lookup")).to_contain_text("after the last keystroke")
    body = json.loads(page.locator("#request-body").text_content() or "{}")
    assert "OAuth" in body["projectContext"]
    assert body["userContext"]
    shot(page, "02-chat-with-context")

    # Switching chat switches the detected project.
    page.click("[data-chat-id='blog-chat']")
    expect(page.locator("#ctx-project")).to_have_text("blog")
    expect(page.locator("#chat-project")).to_have_value("blog")
    page.click("[data-chat-id='chat-1']")
    expect(page.locator("#ctx-project")).to_contain_text("(none")
    page.click("[data-chat-id='shop-chat']")
    expect(page.locator("#ctx-project")).to_have_text("shop")


def test_the_context_is_the_same_after_a_reload(page: Page, server_url: str) -> None:
    open_demo(page, server_url)
    page.click("#sample")
    expect(page.locator("#projects")).to_contain_text("Shop")
    page.click("[data-chat-id='shop-chat']")
    expect(page.locator("#ctx-project")).to_have_text("shop")
    type_query(page, "typescript oauth cookies")
    user = page.locator("#ctx-user").text_content()
    project = page.locator("#ctx-projectctx").text_content()
    assert "TypeScript" in (user or "")
    assert "httpOnly cookies" in (project or "")

    page.reload()
    wait_for_boot(page)
    page.wait_for_selector("#context[data-ready='true']")
    expect(page.locator("[data-chat-id='shop-chat']")).to_have_attribute("aria-current", "true")
    expect(page.locator("#ctx-project")).to_have_text("shop")
    type_query(page, "typescript oauth cookies")
    expect(page.locator("#ctx-user")).to_have_text(user or "")
    expect(page.locator("#ctx-projectctx")).to_have_text(project or "")


HOSTILE = [
    '<img src=x onerror="window.__xss = (window.__xss || 0) + 1">',
    "<script>window.__xss = (window.__xss || 0) + 1</script>",
]


def test_memory_text_with_html_is_shown_as_text_and_runs_nothing(
    page: Page, server_url: str
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_demo(page, server_url)
    page.evaluate(
        """async (hostile) => {
          const memory = await window.amplify.memory;
          for (const text of hostile) {
            await memory.userProfile.add(`User note ${text}`, 'other');
            await memory.projects.add('web', `Markup ${text}`, 'requirement');
          }
          await memory.projects.assignChat('chat-1', 'web');
          (await window.amplify.app).controller.refreshProject();
        }""",
        HOSTILE,
    )
    page.fill("#message", f"Remember this {HOSTILE[0]}")
    page.press("#message", "Enter")
    type_query(page, "user note markup img script onerror")
    page.wait_for_timeout(500)  # inspector refresh
    for hostile in HOSTILE:
        expect(page.locator("#ctx-user")).to_contain_text(hostile)
        expect(page.locator("#ctx-projectctx")).to_contain_text(hostile)
        expect(page.locator("#inspect-rows")).to_contain_text(hostile)
    expect(page.locator(".msg.user .text")).to_contain_text(HOSTILE[0])
    assert page.locator("#app img").count() == 0
    assert page.locator("#app script").count() == 0
    page.wait_for_timeout(300)
    assert page.evaluate("window.__xss") is None
    assert errors == []
    shot(page, "03-html-shown-as-text")


def test_the_inspector_searches_deletes_exports_and_imports(page: Page, server_url: str) -> None:
    open_demo(page, server_url)
    page.click("#sample")
    expect(page.locator("#inspect-rows tr")).to_have_count(3)
    page.fill("#inspect-query", "indentation")
    expect(page.locator("#inspect-rows tr")).to_have_count(1)
    expect(page.locator("#inspect-rows")).to_contain_text("2-space indentation")
    page.fill("#inspect-query", "")
    expect(page.locator("#inspect-rows tr")).to_have_count(3)

    page.click("#io summary")
    page.click("#export")
    expect(page.locator("#io-text")).not_to_have_value("")
    exported = json.loads(page.locator("#io-text").input_value())
    assert exported["store"] == "userProfile"
    assert len(exported["entries"]) == 3
    expect(page.locator("#download")).to_be_visible()

    row = page.locator("#inspect-rows tr", has_text="concise answers")
    row.locator("button.delete").click()
    expect(page.locator("#inspect-rows tr")).to_have_count(2)

    page.click("#import")
    expect(page.locator("#io-result")).to_contain_text("Imported 3 entries (1 new, 2 merged)")
    expect(page.locator("#inspect-rows tr")).to_have_count(3)

    page.select_option("#inspect-store", "project:shop")
    expect(page.locator("#inspect-rows tr")).to_have_count(2)
    expect(page.locator("#inspect-rows")).to_contain_text("Must support OAuth login with Google")
    shot(page, "04-inspector")


def test_facts_are_routed_corrections_replace_edits_recheck_and_forget_all(
    page: Page, server_url: str
) -> None:
    open_demo(page, server_url)
    page.click("#sample")
    page.click("[data-chat-id='shop-chat']")
    expect(page.locator("#ctx-project")).to_have_text("shop")

    # What is said about the project goes to the project, what is said about the user
    # to the profile, and the page says where each fact went.
    page.fill("#message", "I personally prefer tabs, but for this project we use PostgreSQL")
    page.press("#message", "Enter")
    extraction = page.locator("#extraction")
    expect(extraction.locator("li[data-store='project']")).to_contain_text(
        "→ project shop: [decision] Use PostgreSQL"
    )
    expect(extraction.locator("li[data-store='user']")).to_contain_text(
        "→ your profile: User prefers tabs"
    )
    # "prefers tabs" replaced the sample's "2-space indentation" (same topic)
    expect(extraction.locator("li[data-store='user']")).to_contain_text(
        "replaces: User uses 2-space indentation"
    )
    old = page.locator("#inspect-rows tr", has_text="2-space indentation")
    expect(old).to_have_attribute("data-superseded", "true")
    expect(old).to_contain_text("replaced by “User prefers tabs”")
    page.uncheck("#inspect-superseded")
    expect(page.locator("#inspect-rows tr", has_text="2-space indentation")).to_have_count(0)
    page.check("#inspect-superseded")
    shot(page, "05-replaced-and-routed")

    # Edit: the new text is checked again (topic, duplicates, secrets).
    row = page.locator("#inspect-rows tr", has_text="concise answers")
    row.locator("button.edit").click()
    editor = page.locator("#inspect-rows input.edit")
    editor.fill("User likes detailed answers with code examples")
    editor.press("Enter")
    expect(page.locator("#inspect-rows")).to_contain_text("User likes detailed answers")
    row = page.locator("#inspect-rows tr", has_text="detailed answers")
    row.locator("button.edit").click()
    editor = page.locator("#inspect-rows input.edit")
    editor.fill("User's API key is sk-proj-abcdefghijklmnopqrstuvwx")
    editor.press("Enter")
    expect(page.locator("#app-error")).to_contain_text("SecretContentError")
    expect(page.locator("#app-error")).not_to_contain_text("abcdefghijkl")
    expect(page.locator("#inspect-rows")).to_contain_text("User likes detailed answers")
    page.click("#flush") if page.locator("#flush").count() else None
    stored = page.evaluate(
        """async () => {
          const memory = await window.amplify.memory;
          await memory.flush();
          return JSON.stringify(await memory.storage.export('userProfile'));
        }"""
    )
    assert "sk-proj" not in stored

    # Forget everything, after a confirmation.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#forget-all")
    expect(page.locator("#forget-result")).to_contain_text(
        "Forgot 4 profile memories and 2 projects"
    )
    expect(page.locator("#inspect-rows tr")).to_have_count(0)
    counts = page.evaluate(
        """async () => {
          const memory = await window.amplify.memory;
          return [await memory.userProfile.count(), (await memory.projects.listProjects()).length];
        }"""
    )
    assert counts == [0, 0]


def test_persistence_state_corrupt_record_failed_write_estimate_persist(
    page: Page, server_url: str
) -> None:
    open_demo(page, server_url)
    expect(page.locator("#usage")).to_contain_text("used of")
    page.click("#persist")
    expect(page.locator("#persist-result")).not_to_be_empty()

    # An unreadable record: quarantined on the next open, shown on the page.
    page.evaluate(
        "async () => (await import(new URL('js/idb.mjs', location.href).href))"
        ".saveOramaToIDB('vector_store_user_profile', '{not json')"
    )
    page.reload()
    wait_for_boot(page)
    problems = page.locator("#problems")
    expect(problems).to_be_visible()
    expect(problems.locator(".load-error")).to_contain_text(
        "vector_store_user_profile: unreadable record set aside as "
        "vector_store_user_profile.corrupt-"
    )
    expect(problems.locator(".load-error")).to_contain_text("not valid JSON")

    # A failed write (the disk is full, inside the worker): shown, the change kept, retried.
    memory_run = "async (code) => (await window.amplify.memory).runPython(code)"
    page.evaluate(
        memory_run,
        "from pyodide.code import run_js\n"
        'run_js("self.__put = IDBObjectStore.prototype.put; IDBObjectStore.prototype.put = '
        "function () { throw new DOMException('The quota has been exceeded.', "
        "'QuotaExceededError'); }\")\nNone",
    )
    page.fill("#message", "I use Neovim")
    page.press("#message", "Enter")
    expect(problems.locator(".write-error")).to_contain_text("StorageQuotaError", timeout=10_000)
    expect(problems.locator(".write-error")).to_contain_text("kept, retried")
    shot(page, "05-persistence-problems")
    page.evaluate(
        memory_run,
        "from pyodide.code import run_js\n"
        "run_js('IDBObjectStore.prototype.put = self.__put')\n"
        "None",
    )
    page.fill("#message", "I use Git")
    page.press("#message", "Enter")
    expect(problems.locator(".write-error")).to_have_count(0, timeout=10_000)
    page.reload()
    wait_for_boot(page)
    page.wait_for_selector("#inspect-rows tr")
    expect(page.locator("#inspect-rows")).to_contain_text("User uses Neovim")


def test_a_boot_failure_is_shown_with_its_step(page: Page, server_url: str) -> None:
    page.set_viewport_size(VIEWPORT)
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="nope"))
    page.goto(server_url)
    page.wait_for_function("document.documentElement.dataset.ready === 'error'")
    expect(page.locator("#error")).to_contain_text("pre-flight: ")
    expect(page.locator("#app")).to_be_hidden()
    shot(page, "06-boot-error")
