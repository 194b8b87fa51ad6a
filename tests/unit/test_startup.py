"""What the page pays for at start: `amplify_memory.api` and `amplify_memory.browser`
import without the agent layer, urllib, every snowball language or the extraction rules,
and each lazily loaded name still resolves to the same object."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import snowballstemmer

from amplify_memory.search import SUPPORTED_LANGUAGES
from amplify_memory.text._stem import stem_english_any

HEAVY = (
    "snowballstemmer",
    "urllib.request",
    "http.client",
    "amplify_memory.agent._chroma",
    "amplify_memory.agent._loop",
    "amplify_memory.memory.chat_facts",
    "amplify_memory.memory._phrasing",
    "amplify_memory.memory.user_facts",
    "amplify_memory.memory.technologies",
    "amplify_memory.memory.topics",
    "amplify_memory.memory.instructions",
    "uuid",
    "secrets",
    "hmac",
)


def _loaded_after(code: str) -> list[str]:
    probe = f"import sys, json\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.splitlines()[-1])


def test_api_import_leaves_heavy_modules_unloaded() -> None:
    loaded = set(_loaded_after("import amplify_memory.api, amplify_memory.browser"))
    assert "amplify_memory.memory.user_profile" in loaded
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_warm_loads_the_extraction_rules() -> None:
    loaded = set(_loaded_after("import amplify_memory.api as a\na.warm()"))
    assert {
        "amplify_memory.memory.chat_facts",
        "amplify_memory.memory._phrasing",
        "amplify_memory.memory.topics",
        "amplify_memory.memory.instructions",
    } <= loaded


def test_supported_languages_match_snowball() -> None:
    assert tuple(sorted(snowballstemmer.algorithms())) == SUPPORTED_LANGUAGES


def test_lazy_packages_resolve_every_public_name() -> None:
    import amplify_memory.agent as agent
    import amplify_memory.memory as memory

    for package in (agent, memory):
        for name in package.__all__:
            assert getattr(package, name) is not None, name
        assert set(package.__all__) <= set(dir(package))
    from amplify_memory.agent._chroma import ChromaAdapter
    from amplify_memory.memory.auto import extract_and_store_user_facts

    assert agent.ChromaAdapter is ChromaAdapter
    assert memory.extract_and_store_user_facts is extract_and_store_user_facts


def test_non_ascii_english_words_still_stem_with_snowball() -> None:
    english = snowballstemmer.stemmer("english")
    for word in ("running", "naïvely", "straße", "connections", "ǆungla"):
        assert stem_english_any(word) == english.stemWord(word)


def test_the_demo_page_starts_its_worker_before_its_other_modules() -> None:
    """The page's first script is early.mjs (async), whose whole graph is preloaded and
    small: prestart.mjs imports nothing, so the worker starts after one round trip; the
    page's own modules are not preloaded beside it (they would compete with the worker's
    start for the browser's connections and CPU; tests/browser measure nothing here,
    bench/boot_browser.py does)."""
    web = Path(__file__).resolve().parents[2] / "web"
    html = (web / "index.html").read_text()
    head = html[: html.index("</head>")]
    scripts = re.findall(r"<script[^>]*>", html)
    assert scripts[0] == '<script type="module" async src="demo/early.mjs">', scripts
    assert head.index("demo/early.mjs") < head.index("stylesheet")
    preloaded = set(re.findall(r'rel="modulepreload" href="([^"]+)"', html))
    assert preloaded == {"js/prestart.mjs"}
    early = (web / "demo" / "early.mjs").read_text()
    assert re.findall(r"\bfrom\s+'([^']+)'", early) == ["../js/prestart.mjs"]
    assert not re.search(r"^\s*import\b", (web / "js" / "prestart.mjs").read_text(), re.M)
    # The worker the page starts is one file (build.py bundles worker-main.mjs into it).
    worker = (web / "js" / "worker.mjs").read_text()
    assert not re.search(r"""^\s*import\b[^;(]*?['"]\.{1,2}/""", worker, re.M)
    assert "worker-main.mjs" in worker.splitlines()[0]
