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

    def log_message(self, format, *args):  # quieter than the default
        sys.stderr.write("%s\n" % (format % args))


def serve(folder: Path, port: int) -> int:
    handler = functools.partial(_Handler, directory=str(folder))
    try:
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as e:
        print(f"sitegen: cannot listen on 127.0.0.1:{port}: {e.strerror}", file=sys.stderr)
        return 2
    print(f"serving {folder} at http://127.0.0.1:{port}/ (Ctrl-C stops)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0
