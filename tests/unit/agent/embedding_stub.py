"""A tiny OpenAI-compatible ``/v1/embeddings`` server on loopback: the test peer of the
remote embedding provider. Vectors come from the local hashing model, so they are real,
deterministic embeddings; ``down`` makes it answer 503, :meth:`stop` closes the port."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from amplify_memory.agent import HashingEmbeddingProvider


class EmbeddingStub:
    def __init__(self, model: str = "stub-embed", dimension: int = 32, port: int = 0) -> None:
        self.model = model
        self.dimension = dimension
        self.down = False
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self._hasher = HashingEmbeddingProvider(dimension)
        self._server: ThreadingHTTPServer | None = None
        self.port = port
        self.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                stub.requests.append(body)
                stub.headers.append(dict(self.headers))
                if self.path != "/v1/embeddings":
                    return self._send(404, {"error": {"message": f"no route {self.path}"}})
                if stub.down:
                    return self._send(503, {"error": {"message": "overloaded, try later"}})
                if body.get("model") != stub.model:
                    return self._send(
                        400, {"error": {"message": f"model {body.get('model')!r} not found"}}
                    )
                texts = body["input"]
                data = [
                    {"object": "embedding", "index": i, "embedding": stub._hasher.vector(t)}
                    for i, t in enumerate(texts)
                ]
                data.reverse()  # the provider must order by index
                return self._send(200, {"object": "list", "data": data, "model": stub.model})

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                raw = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
