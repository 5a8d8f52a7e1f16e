"""Preview server: the built folder on 127.0.0.1, with the site's own 404 page."""

from __future__ import annotations

import functools
import http.server
import sys
from pathlib import Path


class _Handler(http.server.SimpleHTTPRequestHandler):
    def send_error(self, code, message=None, explain=None):  # noqa: D401 - stdlib signature
        page = Path(self.directory) / "404.html"
        if code == 404 and page.is_file():
            body = page.read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            return
        super().send_error(code, message, explain)

    def send_head(self):
        # A NUL (raw or %00) can name no file: opening it would end in a traceback in the log.
        if "\0" in self.translate_path(self.path):
            self.send_error(400, "Bad request path")
            return None
        return super().send_head()

    def log_message(self, format, *args):  # quieter than the default
        sys.stderr.write("%s\n" % (format % args))


def port_number(text: str) -> int:
    """The port ``--port`` names: a whole number from 0 (any free port) to 65535."""
    if not (text.isascii() and text.isdigit() and int(text) <= 65535):
        raise ValueError(f"a port is a whole number from 1 to 65535 (0: any free one), not {text!r}")
    return int(text)


def server(folder: Path, port: int) -> http.server.ThreadingHTTPServer:
    """The preview server of ``folder`` on 127.0.0.1:``port`` (0: a free port the system picks)."""
    handler = functools.partial(_Handler, directory=str(folder))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(folder: Path, port: int) -> int:
    try:
        httpd = server(folder, port)
    except OSError as e:
        print(f"sitegen: cannot listen on 127.0.0.1:{port}: {e.strerror}", file=sys.stderr)
        return 2
    print(f"serving {folder} at http://127.0.0.1:{httpd.server_address[1]}/ (Ctrl-C stops)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0
