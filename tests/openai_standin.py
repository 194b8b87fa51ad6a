"""A local stand-in for an OpenAI-compatible ``POST /v1/chat/completions``, scripted.

    from tests.openai_standin import running_standin
    with running_standin() as standin:   # standin.url: http://127.0.0.1:<port>/v1/chat/completions
        ...                              # standin.requests: every body received, in order

It checks a request as strictly as the real API does for what the adapter sends (known
top-level fields only, ``model`` and ``messages`` present, roles and tool messages
consistent, tool definitions well formed) and answers 400 with an OpenAI-shaped error
otherwise. Answers are deterministic, chosen from the last message:

- the last message is a tool result: content ``"tools said: <their contents, a JSON array>"`` plus
  ``"| context: <the first fact line of the system message>"``;
- the last user message starts with ``remember:`` -> one call of
  ``memory_store_user_fact`` with the rest as ``content`` (category ``preference``);
  ``bad json:`` -> a call whose arguments are not JSON; ``bad args:`` -> arguments the
  tool's schema refuses; ``unknown tool:`` -> a call of a tool that does not exist;
  ``loop:`` -> a tool call every time, even after tool results;
- otherwise: content ``"context: <the system message, or (none)>"``.

The model name ``http-500`` makes it answer HTTP 500. It answers CORS requests from any
origin (the test page is served from another port) and listens on loopback only.
Standard library only. Command line: ``python3 tests/openai_standin.py [--port N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import http.server
import json
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

PATH = "/v1/chat/completions"
TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
ROLES = {"system", "developer", "user", "assistant", "tool"}
#: Top-level fields the stand-in accepts (the real API refuses unknown ones).
KNOWN_FIELDS = {
    "model",
    "messages",
    "tools",
    "tool_choice",
    "parallel_tool_calls",
    "temperature",
    "top_p",
    "max_tokens",
    "max_completion_tokens",
    "stream",
    "stop",
    "seed",
    "user",
    "n",
    "response_format",
}
FAILING_MODEL = "http-500"


class BadRequest(Exception):
    """The request is not one the chat-completions API would take."""


@dataclass
class Standin:
    """A running stand-in: its URL and what it received."""

    url: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def received(self) -> list[dict[str, Any]]:
        with self.lock:
            return list(self.requests)

    def clear(self) -> None:
        with self.lock:
            self.requests.clear()
            self.headers.clear()


def check_request(body: Any) -> None:
    """Raise BadRequest when ``body`` is not a valid chat-completions request."""
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    unknown = sorted(set(body) - KNOWN_FIELDS)
    if unknown:
        raise BadRequest(f"Unrecognized request argument supplied: {', '.join(unknown)}")
    if not isinstance(body.get("model"), str) or not body["model"]:
        raise BadRequest("you must provide a model parameter")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise BadRequest("messages must be a non-empty array")
    pending: set[str] = set()
    for i, m in enumerate(messages):
        if not isinstance(m, dict) or m.get("role") not in ROLES:
            raise BadRequest(f"messages[{i}] needs a role among {sorted(ROLES)}")
        extra = set(m) - {"role", "content", "name", "tool_calls", "tool_call_id", "refusal"}
        if extra:
            raise BadRequest(f"messages[{i}]: unrecognized fields {sorted(extra)}")
        role = m["role"]
        if role == "tool":
            if m.get("tool_call_id") not in pending:
                raise BadRequest(f"messages[{i}]: a tool message must answer a pending tool call")
            pending.discard(m["tool_call_id"])
            if not isinstance(m.get("content"), str):
                raise BadRequest(f"messages[{i}]: a tool message's content must be a string")
            continue
        if pending:
            raise BadRequest(f"messages[{i}]: tool calls {sorted(pending)} were not answered")
        if role == "assistant" and m.get("tool_calls"):
            pending = {c["id"] for c in m["tool_calls"]}
        elif not isinstance(m.get("content"), str | list):
            raise BadRequest(f"messages[{i}]: content must be a string or an array of parts")
    tools = body.get("tools")
    if tools is not None:
        if not isinstance(tools, list) or not tools:
            raise BadRequest("tools must be a non-empty array")
        for t in tools:
            fn = t.get("function") if isinstance(t, dict) else None
            if t.get("type") != "function" or not isinstance(fn, dict):
                raise BadRequest("each tool must be {type: 'function', function: {...}}")
            if not isinstance(fn.get("name"), str) or not TOOL_NAME.match(fn["name"]):
                raise BadRequest(f"invalid tool name {fn.get('name')!r}")
            params = fn.get("parameters")
            if not isinstance(params, dict) or params.get("type") != "object":
                raise BadRequest(f"tool {fn['name']}: parameters must be an object schema")


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


def _tool_call(n: int, name: str, arguments: str) -> dict[str, Any]:
    return {
        "id": f"call_{n}",
        "type": "function",
        "function": {"name": name, "arguments": arguments},
    }


def answer(body: dict[str, Any], n: int) -> dict[str, Any]:
    """The scripted assistant message for a valid request (``n``: the request's number)."""
    messages = body["messages"]
    system = next((_text(m["content"]) for m in messages if m["role"] == "system"), "")
    user = next((_text(m["content"]) for m in reversed(messages) if m["role"] == "user"), "")
    last = messages[-1]
    call: dict[str, Any] | None = None
    if user.startswith("loop:"):
        call = _tool_call(n, "memory_search_user_profile", json.dumps({"query": "loop"}))
    elif last["role"] == "tool":
        tool_texts: list[str] = []
        for m in reversed(messages):
            if m["role"] != "tool":
                break
            tool_texts.insert(0, m["content"])
        fact = next((line for line in system.splitlines() if line.startswith("- [")), "(none)")
        return {
            "role": "assistant",
            "content": f"tools said: {json.dumps(tool_texts)} | context: {fact}",
        }
    elif user.startswith("remember:"):
        args = {"content": user.removeprefix("remember:").strip(), "category": "preference"}
        call = _tool_call(n, "memory_store_user_fact", json.dumps(args))
    elif user.startswith("bad json:"):
        call = _tool_call(n, "memory_store_user_fact", '{"content": "User likes')
    elif user.startswith("bad args:"):
        call = _tool_call(n, "memory_store_user_fact", json.dumps({"content": 5}))
    elif user.startswith("unknown tool:"):
        call = _tool_call(n, "memory_delete_everything", "{}")
    if call is not None:
        return {"role": "assistant", "content": None, "tool_calls": [call]}
    return {"role": "assistant", "content": f"context: {system or '(none)'}"}


class Handler(http.server.BaseHTTPRequestHandler):
    standin: Standin

    def _send(self, status: int, payload: Any = None) -> None:
        data = b"" if payload is None else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Access-Control-Allow-Origin", "*")
        if payload is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_OPTIONS(self) -> None:  # the CORS preflight
        self.send_response(204)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Methods", "POST, OPTIONS")
        asked = self.headers.get("Access-Control-Request-Headers", "content-type")
        self.send_header("Access-Control-Allow-Headers", asked)
        self.send_header("Access-Control-Max-Age", "600")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self) -> None:
        if self.path != PATH:
            self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
            return
        raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            body = json.loads(raw)
        except ValueError:
            self._send(400, {"error": {"message": "the body is not JSON", "type": "invalid"}})
            return
        with self.standin.lock:
            self.standin.requests.append(body)
            self.standin.headers.append({k.lower(): v for k, v in self.headers.items()})
            n = len(self.standin.requests)
        try:
            check_request(body)
        except BadRequest as err:
            error = {"message": str(err), "type": "invalid_request_error"}
            self._send(400, {"error": error})
            return
        if body["model"] == FAILING_MODEL:
            self._send(500, {"error": {"message": "the stand-in failed on purpose"}})
            return
        message = answer(body, n)
        self._send(
            200,
            {
                "id": f"chatcmpl-standin-{n}",
                "object": "chat.completion",
                "created": 0,
                "model": body["model"],
                "choices": [
                    {
                        "index": 0,
                        "message": message,
                        "finish_reason": "tool_calls" if message.get("tool_calls") else "stop",
                    }
                ],
                "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
            },
        )

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def running_standin(port: int = 0) -> Iterator[Standin]:
    """Run the stand-in on 127.0.0.1 (port 0: a free one) in a thread."""
    standin = Standin(url="")
    handler = type("BoundHandler", (Handler,), {"standin": standin})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    standin.url = f"http://127.0.0.1:{server.server_address[1]}{PATH}"
    thread = threading.Thread(target=server.serve_forever, name="openai-standin", daemon=True)
    thread.start()
    try:
        yield standin
    finally:
        server.shutdown()
        server.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8787)
    with running_standin(parser.parse_args().port) as standin:
        print(f"stand-in chat completions at {standin.url} (Ctrl-C stops)")
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()


if __name__ == "__main__":
    main()
