"""A local OpenAI-compatible chat completions API for client checks: it
answers each request with the next reply of a fixed list (the reference
actions of the episodes being played), in order. Loopback only."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def serve(replies):
    """Start the server on 127.0.0.1 (a free port); returns it."""
    queue = list(replies)
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            length = int(self.headers.get("content-length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
            with lock:
                content = queue.pop(0) if queue else ""
            if body.get("stream"):
                self.stream(body, content)
                return
            reply = {
                "id": "fake",
                "object": "chat.completion",
                "created": 0,
                "model": body.get("model", "fake"),
                "choices": [
                    {"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content}}
                ],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            }
            data = json.dumps(reply).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def stream(self, body, content):
            """The same reply as server-sent chat.completion.chunk events."""
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.send_header("cache-control", "no-cache")
            self.end_headers()
            model = body.get("model", "fake")

            def chunk(delta, finish=None, usage=None):
                event = {"id": "fake", "object": "chat.completion.chunk", "created": 0, "model": model,
                         "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
                if usage is not None:
                    event = dict(event, choices=[], usage=usage)
                self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())

            chunk({"role": "assistant", "content": content})
            chunk({}, finish="stop")
            chunk({}, usage={"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2})
            self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()
            self.close_connection = True

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
