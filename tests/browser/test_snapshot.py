"""Memory snapshots in real Chromium: the first visit boots normally and stores a snapshot
of the interpreter from a second worker; the next visit restores it (and everything still
works: the stores, the stemmers, the files, the environment); a damaged snapshot is
deleted and the page boots the normal way.

The tests of a first visit are marked ``cold_boot``; those of what a stored snapshot
becomes start from the one the tests' context is seeded with (tests/browser/conftest.py),
as a page restored on a second visit."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import wait_for_boot

SNAPSHOT_MADE = """async () => {
  const memory = await window.amplify.memory;
  const late = new Promise((ok) => setTimeout(() => ok({ error: 'not made within 90 s' }), 90_000));
  return { snapshot: memory.snapshot, made: await Promise.race([memory.snapshotMade, late]) };
}"""

#: This build's snapshot ledger (web/js/memory.mjs: what the origin's pages booked).
LEDGER = "() => JSON.parse(localStorage.getItem('amplify-memory.snapshot-ledger'))"

CHECK = """async () => {
  const memory = await window.amplify.memory;
  const facts = (await memory.userProfile.list()).map((e) => e.content);
  await memory.userProfile.add('User deploys with Terraform', 'tech_stack');
  const block = await memory.userProfile.formatContext('terraform deploys');
  const py = JSON.parse(await memory.runPython(`
import importlib.metadata, json, os, snowballstemmer
json.dumps({
  "version": importlib.metadata.version("amplify-memory"),
  "german": snowballstemmer.stemmer("german").stemWord("katzen"),
  "table": os.environ.get("AMPLIFY_EMBEDDING_TABLE", ""),
})`));
  return { snapshot: memory.snapshot, facts, block, py };
}"""


def first_visit(page: Page, server_url: str) -> dict[str, Any]:
    page.goto(server_url)
    wait_for_boot(page)
    page.evaluate(
        """async () => {
          const memory = await window.amplify.memory;
          await memory.userProfile.add('User prefers Rust for command-line tools', 'preference');
          await memory.flush();
        }"""
    )
    result: dict[str, Any] = page.evaluate(SNAPSHOT_MADE)
    return result


@pytest.mark.cold_boot
def test_a_second_visit_restores_the_snapshot(
    snapshots_on: None, page: Page, server_url: str
) -> None:
    first = first_visit(page, server_url)
    assert first["snapshot"] == "none"
    assert first["made"]["bytes"] > 10_000_000, first
    booked = page.evaluate(LEDGER)  # the snapshot is booked (the ledger's losses start here)
    assert booked["storedAt"] > 0, booked
    assert booked["lost"] == 0, booked
    page.reload()
    wait_for_boot(page)
    out = page.evaluate(CHECK)
    assert out["snapshot"] == "restored"
    assert "User prefers Rust for command-line tools" in out["facts"]
    assert "User deploys with Terraform" in out["block"]
    assert out["py"]["version"] == "0.1.0"  # the wheel's files are there after a restore
    assert out["py"]["german"] == "katz"
    assert out["py"]["table"].startswith(server_url + "assets/models/")
    # A restored start makes no new snapshot.
    assert page.evaluate(SNAPSHOT_MADE)["made"] is None


def test_a_damaged_snapshot_is_deleted_and_the_page_boots_normally(
    snapshots_on: None, page: Page, server_url: str
) -> None:
    first_visit(page, server_url)
    damaged = page.evaluate(
        """async () => {
          const cache = await caches.open('amplify-memory-snapshots');
          const [request] = await cache.keys();
          const response = await cache.match(request);
          const bytes = new Uint8Array(await response.arrayBuffer());
          bytes.fill(7, bytes.length >> 1, (bytes.length >> 1) + 4096);  // the heap, same length
          await cache.put(request, new Response(bytes, { headers: response.headers }));
          return bytes.length;
        }"""
    )
    assert damaged > 10_000_000
    page.reload()
    wait_for_boot(page)
    out = page.evaluate(CHECK)
    assert out["snapshot"] == "none"  # the damage is seen (sha256) before any restore
    assert "User prefers Rust for command-line tools" in out["facts"]
    assert "User deploys with Terraform" in out["block"]
    made = page.evaluate(SNAPSHOT_MADE)["made"]
    assert made["bytes"] > 10_000_000  # a new one replaces it


def test_a_snapshot_whose_restore_fails_is_dropped_for_a_normal_boot(
    snapshots_on: None, page: Page, server_url: str
) -> None:
    """Bytes that pass the cache checks (written with a matching hash and length) but are
    no snapshot Pyodide can restore: the restore fails, the page boots the normal way and
    the entry is deleted. (Damage the hash does not see cannot happen by accident: the
    hash is what guards a restored interpreter's later behaviour.)"""
    first_visit(page, server_url)
    page.evaluate(
        """async () => {
          const cache = await caches.open('amplify-memory-snapshots');
          const [request] = await cache.keys();
          const response = await cache.match(request);
          const bytes = new Uint8Array(1 << 20);
          crypto.getRandomValues(bytes.subarray(0, 65536));
          const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
          const headers = new Headers(response.headers);
          headers.set('x-amplify-length', String(bytes.length));
          headers.set('x-amplify-sha256',
            [...digest].map((b) => b.toString(16).padStart(2, '0')).join(''));
          await cache.put(request, new Response(bytes, { headers }));
        }"""
    )
    page.reload()
    wait_for_boot(page)
    out = page.evaluate(CHECK)
    assert out["snapshot"].startswith("failed: "), out["snapshot"]
    assert "User prefers Rust for command-line tools" in out["facts"]
    assert "User deploys with Terraform" in out["block"]
    made = page.evaluate(SNAPSHOT_MADE)["made"]
    assert made["bytes"] > 10_000_000  # the bad one deleted, a new one stored


def test_a_snapshot_of_another_build_is_not_used(
    snapshots_on: None, page: Page, server_url: str
) -> None:
    first_visit(page, server_url)
    page.evaluate(
        """async () => {
          const cache = await caches.open('amplify-memory-snapshots');
          const [request] = await cache.keys();
          const response = await cache.match(request);
          const headers = new Headers(response.headers);
          headers.set('x-amplify-key', 'another-build');
          await cache.put(request, new Response(await response.arrayBuffer(), { headers }));
        }"""
    )
    page.reload()
    wait_for_boot(page)
    out = page.evaluate(CHECK)
    assert out["snapshot"] == "none"
    assert "User prefers Rust for command-line tools" in out["facts"]


@pytest.mark.cold_boot
def test_a_browser_that_keeps_losing_snapshots_is_no_longer_given_one(
    snapshots_on: None, page: Page, server_url: str
) -> None:
    """Two snapshots stored and gone by the next visit: the third visit takes none (no
    second interpreter, no 45 MB written each visit); a new build would start over.

    The origin starts with the ledger two visits leave when the first one's snapshot was
    gone at the second and the second stored one (a real one is booked in
    ``test_a_second_visit_restores_the_snapshot``); the cache is empty, as the browser
    left it."""
    page.goto(server_url + "no-such-page")  # the origin, without starting the demo
    page.evaluate(
        """async () => {
          const { snapshotKey } = await import('/js/snapshot.mjs');
          const { manifest } = await import('/js/manifest.mjs');
          const ledger = { key: await snapshotKey(manifest), storedAt: Date.now() - 60_000,
                           lost: 1, failed: 0, restoreFailed: 0 };
          localStorage.setItem('amplify-memory.snapshot-ledger', JSON.stringify(ledger));
        }"""
    )
    page.goto(server_url)
    wait_for_boot(page)
    third = page.evaluate(SNAPSHOT_MADE)
    assert third["snapshot"] == "none"
    assert "did not keep the last 2 snapshots" in third["made"]["skipped"]
    assert page.evaluate(LEDGER)["lost"] == 2
    taken = "async () => (await (await caches.open('amplify-memory-snapshots')).keys()).length"
    assert page.evaluate(taken) == 0  # none taken
    # Fewer losses: a snapshot is taken and booked; one kept again resets the count (a
    # restore books it).
    page.evaluate(
        "() => { const l = JSON.parse(localStorage.getItem('amplify-memory.snapshot-ledger'));"
        " localStorage.setItem('amplify-memory.snapshot-ledger',"
        " JSON.stringify({ ...l, lost: 1, storedAt: 0 })); }"
    )
    page.reload()
    wait_for_boot(page)
    assert page.evaluate(SNAPSHOT_MADE)["made"]["bytes"] > 10_000_000
    assert page.evaluate(LEDGER)["storedAt"] > 0
    page.reload()
    wait_for_boot(page)
    assert page.evaluate(SNAPSHOT_MADE)["snapshot"] == "restored"
    assert page.evaluate(LEDGER)["lost"] == 0
