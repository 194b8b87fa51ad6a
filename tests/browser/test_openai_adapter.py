"""js/adapter.mjs, OpenAI-shaped: the context as one system message, the MCP tools as
chat-completions ``tools``, the dispatcher of the model's tool calls and the adapter's loop,
in real Chromium with the real memory, against a local stand-in server
(tests/openai_standin.py).

The page is served by the ``server_url`` fixture; the stand-in runs on another port of
127.0.0.1, so it is a cross-origin endpoint for the page: it answers the CORS preflight
and sends ``Access-Control-Allow-Origin`` (as a local model server would have to), and the
adapter's requests go through Chromium's real fetch and CORS checks.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from build import ROOT, WEB, make_server
from playwright.sync_api import Page, expect

from amplify_memory.memory.prompt import PROJECT_HEADING, USER_HEADING
from tests.browser.conftest import BOOT_TIMEOUT_MS
from tests.openai_standin import Standin, running_standin

PRELUDE = """
const adapter = await import(new URL('js/adapter.mjs', location.href).href);
const vectorContext = await import(new URL('js/vector-context.mjs', location.href).href);
"""

FACT = "User prefers TypeScript over JavaScript"


def js(page: Page, body: str, arg: Any = None) -> Any:
    """Run async ``body`` in the page with ``adapter`` (js/adapter.mjs), ``vectorContext``
    (js/vector-context.mjs), ``memory`` (the page's createMemory object) and ``arg``."""
    source = f"return (async () => {{\n{PRELUDE}\n{body}\n}})();"
    return page.evaluate(
        "async ([source, arg]) => {"
        " const memory = await window.amplify.memory;"
        " return await new Function('memory', 'arg', source)(memory, arg);"
        "}",
        [source, arg],
    )


@pytest.fixture(scope="module")
def standin_server() -> Iterator[Standin]:
    with running_standin() as standin:
        yield standin


@pytest.fixture
def standin(standin_server: Standin) -> Standin:
    standin_server.clear()
    return standin_server


def expected_tools(mcp_tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The chat-completions definitions of the MCP tools, written out independently."""
    return [
        {
            "type": "function",
            "function": {
                "name": t["name"],
                "description": t["description"],
                "parameters": t["inputSchema"],
            },
        }
        for t in mcp_tools
    ]


# ------------------------------------------------------------------ pure functions


def test_build_chat_request_injects_one_labelled_system_message(shared_app_page: Page) -> None:
    result = js(
        shared_app_page,
        """
        const user = `${adapter.USER_HEADING}\\n- [preference] User prefers tabs`;
        const project = `${adapter.PROJECT_HEADING}\\n- [decision] Use JWT`;
        const fn = { name: 't', parameters: { type: 'object' } };
        const tools = [{ type: 'function', function: fn }];
        return {
          headings: [adapter.USER_HEADING, adapter.PROJECT_HEADING],
          plain: adapter.buildChatRequest({
            messages: [{ role: 'user', content: 'hi' }], userContext: user,
            projectContext: project, model: 'm', tools, temperature: 0,
          }),
          legacy: adapter.buildChatRequest({
            messages: [{ role: 'user', text: 'old', remembered: ['x'], id: 3 }],
          }),
          merged: adapter.buildChatRequest({
            messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'q' }],
            userContext: user,
          }),
          emptyContext: adapter.buildChatRequest({
            messages: [{ role: 'user', content: 'q' }], userContext: '  ', projectContext: '',
            tools: [],
          }),
          unlabelled: adapter.contextSystemMessage({ userContext: '- [preference] Dark mode' }),
          none: adapter.contextSystemMessage({}),
          preamble: adapter.contextSystemMessage({ projectContext: project },
                                                 { preamble: 'Memory of earlier chats:' }),
          route: adapter.buildRouteRequest({ messages: [{ role: 'user', text: 'a' }],
                                             userContext: user }),
        };
        """,
    )
    assert result["headings"] == [USER_HEADING, PROJECT_HEADING]
    user = f"{USER_HEADING}\n- [preference] User prefers tabs"
    project = f"{PROJECT_HEADING}\n- [decision] Use JWT"
    assert result["plain"] == {
        "model": "m",
        "messages": [
            {"role": "system", "content": f"{user}\n\n{project}"},
            {"role": "user", "content": "hi"},
        ],
        "tools": [
            {"type": "function", "function": {"name": "t", "parameters": {"type": "object"}}}
        ],
        "temperature": 0,
    }
    # Legacy {role, text}: content; fields the API would refuse are left out; no context,
    # no system message.
    assert result["legacy"] == {"messages": [{"role": "user", "content": "old"}]}
    # A leading system message gets the context appended: still exactly one.
    assert result["merged"]["messages"] == [
        {"role": "system", "content": f"Be brief.\n\n{user}"},
        {"role": "user", "content": "q"},
    ]
    assert result["emptyContext"] == {"messages": [{"role": "user", "content": "q"}]}
    # Text without its heading gets it: remembered lines are never sent unlabelled.
    assert result["unlabelled"] == {
        "role": "system",
        "content": f"{USER_HEADING}\n- [preference] Dark mode",
    }
    assert result["none"] is None
    assert result["preamble"]["content"] == f"Memory of earlier chats:\n\n{project}"
    assert result["route"] == {
        "messages": [{"role": "user", "content": "a"}],
        "userContext": user,
        "projectContext": "",
    }


def test_tools_for_chat_completions_are_the_mcp_tools(shared_app_page: Page) -> None:
    result = js(
        shared_app_page,
        """
        const listed = await memory.listTools();
        let badName = null;
        try {
          adapter.toolsForChatCompletions([{ name: 'memory.search', inputSchema: {} }]);
        } catch (err) {
          badName = `${err.name}: ${err.message}`;
        }
        return {
          listed: listed.tools,
          tools: adapter.toolsForChatCompletions(listed),
          fromArray: adapter.toolsForChatCompletions(listed.tools),
          noSchema: adapter.toolsForChatCompletions([{ name: 'ping', title: 'Ping' }]),
          badName,
        };
        """,
    )
    assert len(result["listed"]) == 4
    assert result["tools"] == expected_tools(result["listed"])
    assert result["fromArray"] == result["tools"]
    assert result["noSchema"] == [
        {
            "type": "function",
            "function": {
                "name": "ping",
                "description": "Ping",
                "parameters": {"type": "object", "properties": {}},
            },
        }
    ]
    assert result["badName"] is not None
    assert result["badName"].startswith("TypeError:")
    assert '"memory.search"' in result["badName"]
    assert "^[a-zA-Z0-9_-]{1,64}$" in result["badName"]


def test_fetch_and_scripted_adapters_take_role_content(shared_app_page: Page) -> None:
    result = js(
        shared_app_page,
        """
        const bodies = [];
        const fetchImpl = async (url, init) => {
          bodies.push(JSON.parse(init.body));
          return new Response(JSON.stringify({ reply: 'ok' }), { status: 200 });
        };
        const route = adapter.createFetchAdapter({ url: '/api/chat', fetchImpl });
        const replies = [
          await route({ messages: [{ role: 'user', content: 'new shape' }], userContext: 'u' }),
          await route({ messages: [{ role: 'user', text: 'old shape' }] }),
        ];
        const scripted = adapter.createScriptedAdapter();
        const said = await scripted({ messages: [{ role: 'user', content: 'typescript?' }],
                                      userContext: 'Known:\\n- [preference] TS' });
        return { bodies, replies, said };
        """,
    )
    assert result["replies"] == ["ok", "ok"]
    assert result["bodies"][0]["messages"] == [{"role": "user", "content": "new shape"}]
    assert result["bodies"][0]["userContext"] == "u"
    assert result["bodies"][1]["messages"] == [{"role": "user", "content": "old shape"}]
    assert 'fits "typescript?"' in result["said"]


# ------------------------------------------------------- against the stand-in server


def test_the_endpoint_gets_the_user_block_and_the_tools(
    shared_app_page: Page, standin: Standin
) -> None:
    result = js(
        shared_app_page,
        """
        await memory.userProfile.add(arg.fact);
        const ctx = vectorContext.createVectorContext({ memory, chatId: 'c1' });
        await ctx.mount();
        ctx.setMessage('which language do I like, typescript?');
        await ctx.lookupNow();
        const { userContext, projectContext } = ctx.getState();
        ctx.destroy();
        const chat = adapter.createChatCompletionsAdapter({
          url: arg.url, model: 'stand-in-1', memory, headers: { 'X-Amplify-Test': 'yes' },
        });
        const reply = await chat({
          messages: [{ role: 'user', content: 'Which language should I use?' }],
          userContext, projectContext,
        });
        const withSystem = await chat({
          messages: [{ role: 'system', content: 'You are terse.' },
                     { role: 'user', text: 'And for tests?' }],
          userContext, projectContext,
        });
        return { userContext, reply, withSystem, listed: (await memory.listTools()).tools };
        """,
        {"url": standin.url, "fact": FACT},
    )
    received = standin.received()
    assert len(received) == 2
    first, second = received
    assert result["userContext"] == f"{USER_HEADING}\n- [preference] {FACT}"
    system = [m for m in first["messages"] if m["role"] == "system"]
    assert len(system) == 1
    assert first["messages"][0] == system[0]
    assert f"{USER_HEADING}\n- [preference] {FACT}" in system[0]["content"]
    assert first["messages"][-1] == {"role": "user", "content": "Which language should I use?"}
    assert first["model"] == "stand-in-1"
    assert first["tools"] == expected_tools(result["listed"])
    assert [t["function"]["name"] for t in first["tools"]] == [t["name"] for t in result["listed"]]
    # The stand-in's answer echoes the system message it received.
    assert result["reply"] == f"context: {system[0]['content']}"
    # A leading system message of the conversation takes the context: still one.
    assert [m["role"] for m in second["messages"]] == ["system", "user"]
    assert second["messages"][0]["content"].startswith("You are terse.\n\n" + USER_HEADING)
    assert second["messages"][1] == {"role": "user", "content": "And for tests?"}
    assert result["withSystem"].startswith("context: You are terse.")
    assert standin.headers[0].get("x-amplify-test") == "yes"


def test_a_tool_call_of_the_model_stores_a_memory(shared_app_page: Page, standin: Standin) -> None:
    result = js(
        shared_app_page,
        """
        const rounds = [];
        const chat = adapter.createChatCompletionsAdapter({
          url: arg.url, model: 'stand-in-1', memory,
          onRound: ({ response }) => rounds.push(response.choices[0].finish_reason),
        });
        const before = await memory.userProfile.count();
        const reply = await chat({
          messages: [{ role: 'user', content: 'remember: User prefers tabs over spaces' }],
          userContext: '', projectContext: '',
        });
        const listed = await memory.userProfile.list();
        return { before, reply, rounds, contents: listed.map((e) => e.content),
                 categories: listed.map((e) => e.category) };
        """,
        {"url": standin.url},
    )
    assert result["before"] == 0
    assert result["contents"] == ["User prefers tabs over spaces"]
    assert result["categories"] == ["preference"]
    assert result["rounds"] == ["tool_calls", "stop"]
    received = standin.received()
    assert len(received) == 2
    # The second request carries the assistant's tool call and the tool's result.
    assistant, tool = received[1]["messages"][-2:]
    assert assistant["role"] == "assistant"
    assert assistant["tool_calls"][0]["function"]["name"] == "memory_store_user_fact"
    assert tool["role"] == "tool"
    assert tool["tool_call_id"] == assistant["tool_calls"][0]["id"]
    stored = json.loads(tool["content"])
    assert stored["action"] == "inserted"
    assert stored["stored"]["content"] == "User prefers tabs over spaces"
    assert result["reply"].startswith("tools said: [")
    assert "User prefers tabs over spaces" in result["reply"]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("bad json: User likes tea", "not valid JSON"),
        ("bad args: five", "content"),
        ("unknown tool: wipe", "memory_delete_everything"),
    ],
)
def test_a_bad_tool_call_becomes_an_error_for_the_model(
    shared_app_page: Page, standin: Standin, prompt: str, expected: str
) -> None:
    result = js(
        shared_app_page,
        """
        const errors = [];
        const chat = adapter.createChatCompletionsAdapter({
          url: arg.url, model: 'stand-in-1', memory,
          onError: (error, call) => errors.push({ message: error.message, call }),
        });
        const reply = await chat({ messages: [{ role: 'user', content: arg.prompt }] });
        return { reply, errors, count: await memory.userProfile.count() };
        """,
        {"url": standin.url, "prompt": prompt},
    )
    received = standin.received()
    assert len(received) == 2
    tool = received[1]["messages"][-1]
    assert tool["role"] == "tool"
    assert tool["content"].startswith("Error: ")
    assert expected in tool["content"]
    assert len(result["errors"]) == 1
    assert expected in result["errors"][0]["message"]
    assert result["errors"][0]["call"]["id"] == tool["tool_call_id"]
    assert result["reply"].startswith('tools said: ["Error: ')
    assert result["count"] == 0


def test_the_dispatcher_never_rejects(shared_app_page: Page) -> None:
    result = js(
        shared_app_page,
        """
        const errors = [];
        const dispatch = adapter.createToolDispatcher(memory, {
          allowed: ['memory_search_user_profile', 'memory_store_project_context'],
          projectId: 'shop',
          onError: (error) => errors.push(error.message),
        });
        const call = (id, name, args) =>
          ({ id, type: 'function', function: { name, arguments: args } });
        const out = await dispatch([
          call('a', 'memory_store_user_fact',
               JSON.stringify({ content: 'User likes tea', category: 'preference' })),
          call('b', 'memory_search_user_profile', '[1, 2]'),
          call('c', 'memory_store_project_context',
               JSON.stringify({ projectId: 'blog', content: 'Use JWT', type: 'decision' })),
          call('d', 'memory_store_project_context',
               JSON.stringify({ content: 'Use JWT', type: 'decision' })),
          call('e', 'memory_search_user_profile', JSON.stringify({ query: 'tea' })),
        ]);
        return { out, errors, user: await memory.userProfile.count(),
                 shop: (await memory.projects.list('shop')).map((e) => e.content),
                 blog: (await memory.projects.list('blog')).length };
        """,
    )
    out = result["out"]
    assert [m["tool_call_id"] for m in out] == ["a", "b", "c", "d", "e"]
    assert all(m["role"] == "tool" for m in out)
    assert out[0]["content"].startswith("Error: the tool memory_store_user_fact is not available")
    assert (
        out[1]["content"]
        == "Error: the arguments of memory_search_user_profile must be a JSON object"
    )
    assert out[2]["content"].startswith("Error: this chat belongs to project shop")
    assert not out[3]["content"].startswith("Error")
    assert json.loads(out[4]["content"])["results"] == []
    assert len(result["errors"]) == 3
    assert result["user"] == 0
    assert result["shop"] == ["Use JWT"]  # projectId filled in from the dispatcher's
    assert result["blog"] == 0


def test_http_500_rejects_naming_the_url(shared_app_page: Page, standin: Standin) -> None:
    result = js(
        shared_app_page,
        """
        const chat = adapter.createChatCompletionsAdapter({
          url: arg.url, model: 'http-500', memory,
        });
        try {
          await chat({ messages: [{ role: 'user', text: 'hello' }] });
          return { resolved: true };
        } catch (err) {
          return { message: err.message, status: err.status };
        }
        """,
        {"url": standin.url},
    )
    assert "resolved" not in result
    assert result["message"].startswith(f"{standin.url} answered HTTP 500")
    assert "the stand-in failed on purpose" in result["message"]
    assert result["status"] == 500
    assert len(standin.received()) == 1


def test_max_tool_rounds_ends_a_tool_loop_with_a_clear_error(
    shared_app_page: Page, standin: Standin
) -> None:
    result = js(
        shared_app_page,
        """
        const chat = adapter.createChatCompletionsAdapter({
          url: arg.url, model: 'stand-in-1', memory, maxToolRounds: 2,
        });
        try {
          await chat({ messages: [{ role: 'user', content: 'loop: forever' }] });
          return { resolved: true };
        } catch (err) {
          return { message: err.message };
        }
        """,
        {"url": standin.url},
    )
    assert "resolved" not in result
    assert "after 2 rounds of tool calls (maxToolRounds)" in result["message"]
    assert "memory_search_user_profile" in result["message"]
    received = standin.received()
    assert len(received) == 3  # the first request and one after each of the 2 rounds
    assert sum(m["role"] == "tool" for m in received[-1]["messages"]) == 2


# ------------------------------------------------------------ the guide's example


CHAT_URL_LINE = "const CHAT_URL = '/api/chat/completions';"
MODEL_LINE = "const MODEL = 'gpt-4o-mini';"


def guide_example() -> str:
    """The page of docs/openai-adapter.md's "A complete example", as written there."""
    text = (ROOT / "docs" / "openai-adapter.md").read_text(encoding="utf-8")
    section = text.split("## A complete example", 1)[1]
    return section.split("```html\n", 1)[1].split("\n```", 1)[0]


@pytest.fixture
def example_url(tmp_path: Path, server_url: str, standin: Standin) -> Iterator[str]:
    """The guide's example page, posting to the stand-in instead of the app's route.

    Served as openai-example.html from a folder that links web/'s files (built first by
    ``server_url``), so the page sits next to js/ as the guide says. (The same page
    fulfilled by page.route had its requests to the stand-in refused, "Failed to fetch":
    a page without a network address counts as public for Chromium's Private Network
    Access checks, it seems; a real server avoids the question.)
    """
    html = guide_example()
    for line, replacement in [
        (CHAT_URL_LINE, f"const CHAT_URL = {json.dumps(standin.url)};"),
        (MODEL_LINE, "const MODEL = 'stand-in-1';"),
    ]:
        assert line in html, f"the guide's example no longer has {line!r}"
        html = html.replace(line, replacement)
    for child in WEB.iterdir():
        (tmp_path / child.name).symlink_to(child, target_is_directory=child.is_dir())
    (tmp_path / "openai-example.html").write_text(f"<!doctype html>\n{html}\n", encoding="utf-8")
    server = make_server(0, directory=tmp_path)
    thread = threading.Thread(target=server.serve_forever, name="example-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/openai-example.html"
    finally:
        server.shutdown()
        server.server_close()


def test_the_guides_complete_example_runs_against_the_stand_in(
    page: Page, example_url: str, standin: Standin
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(example_url)
    expect(page.locator("#status")).to_have_text("Ready", timeout=BOOT_TIMEOUT_MS)

    page.fill("#message", "remember: User prefers tabs over spaces")
    page.press("#message", "Enter")
    expect(page.locator("#log")).to_contain_text("model: tools said:", timeout=30_000)
    page.fill("#message", "tabs or spaces?")
    page.press("#message", "Enter")
    expect(page.locator("#log")).to_contain_text("model: context:", timeout=30_000)

    log = page.locator("#log").text_content() or ""
    assert "error:" not in log
    assert not errors
    received = standin.received()
    assert len(received) == 3  # a tool call, its result, then the second message
    tool = received[1]["messages"][-1]
    assert tool["role"] == "tool"
    assert not tool["content"].startswith("Error")
    # (The example's extract.userFacts stored the message first, as "User wants the
    # assistant to remember: ..."; the tool's fact is a near-duplicate of it.)
    stored = json.loads(tool["content"])
    assert stored["action"] in {"inserted", "updated"}
    assert "User prefers tabs over spaces" in stored["stored"]["content"]
    assert received[0]["tools"][0]["function"]["name"] == "memory_store_user_fact"
    # The second message's request has the stored fact in its one system message, after
    # the conversation's own system prompt.
    system = [m for m in received[2]["messages"] if m["role"] == "system"]
    assert len(system) == 1
    assert system[0]["content"].startswith(f"You are a concise coding assistant.\n\n{USER_HEADING}")
    assert "User prefers tabs over spaces" in system[0]["content"]
    assert "User prefers tabs over spaces" in log.split("model: context:", 1)[1]
