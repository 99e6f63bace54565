"""A loopback HTTP proxy that adds `Authorization: Bearer TOKEN` to every request and
passes everything else through unchanged (responses streamed), so a client that cannot
send headers (the conformance runner) can reach `ask mcp --http`. A `Host` or `Origin`
naming the proxy itself (localhost or 127.0.0.1 on the proxy's port) is rewritten to the
server's address, as a same-machine client of the server would send it; any other (the
runner's DNS-rebinding probes) goes through as it came.

  token_proxy.py TARGET_URL TOKEN PORT_FILE
"""

import http.client
import socketserver
import sys
import threading
from http.server import BaseHTTPRequestHandler
from urllib.parse import urlparse

TARGET = urlparse(sys.argv[1])
TOKEN = sys.argv[2]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def forward(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        conn = http.client.HTTPConnection(TARGET.hostname, TARGET.port, timeout=120)
        conn.putrequest(self.command, self.path, skip_host=True, skip_accept_encoding=True)
        for key, value in self.headers.items():
            if key.lower() not in ("authorization", "content-length", "connection"):
                conn.putheader(key, own(key, value))
        conn.putheader("Authorization", f"Bearer {TOKEN}")
        if body is not None:
            conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body)
        resp = conn.getresponse()
        self.send_response_only(resp.status, resp.reason)
        chunked = resp.getheader("Content-Length") is None
        for key, value in resp.getheaders():
            if key.lower() not in ("transfer-encoding", "connection"):
                self.send_header(key, value)
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()
        while True:
            data = resp.read1(65536) if chunked else resp.read()
            if not data:
                break
            if chunked:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            else:
                self.wfile.write(data)
            self.wfile.flush()
            if not chunked:
                break
        if chunked:
            self.wfile.write(b"0\r\n\r\n")
        self.close_connection = True

    do_GET = do_POST = do_DELETE = forward


def own(key, value):
    """`value` of header `key`, with the proxy's own address as the server's."""
    port = server.server_address[1]
    mine = (f"localhost:{port}", f"127.0.0.1:{port}")
    if key.lower() == "host" and value in mine:
        return TARGET.netloc
    if key.lower() == "origin" and value.removeprefix("http://") in mine:
        return f"http://{TARGET.netloc}"
    return value


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        # A runner that drops a stream mid-response (the SSE scenarios do) is not an error here.
        pass


server = Server(("127.0.0.1", 0), Handler)
with open(sys.argv[3], "w") as f:
    f.write(str(server.server_address[1]))
threading.Thread(target=server.serve_forever, daemon=True).start()
threading.Event().wait()
