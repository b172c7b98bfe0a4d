#!/usr/bin/env python3
"""A small HTTP server for the SourceFetch tests, bound to 127.0.0.1 on a free port.

It serves the files under --root and misbehaves on request, by the first part of the path:

  /files/<path>     the file; honours a Range header (206, or 416 past the end)
  /norange/<path>   the file, always whole (200): a server that ignores Range
  /tamper/<path>    the file with one byte changed (same size), Range honoured
  /cut/<path>       the first request for <path> announces the whole body, sends half of it
                    and closes the connection; later requests are served as /files/
  /trickle/<path>   the file in 8 pieces, 0.25 s apart: slow but never idle
  /stall/<path>     headers and the first KiB, then nothing for --stall-seconds
  /silent/<path>    accepts the request and answers nothing for --stall-seconds
  /redirect/<rest>  302 to /<rest> (chains: /redirect/redirect/files/x)
  anything else     404

It prints the port on the first line of standard output, then serves until killed. Every
request is appended to --log as one JSON line: {"path": ..., "range": ... or null}.
"""

import argparse
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CHUNK = 64 * 1024
MODES = ("files", "norange", "tamper", "cut", "stall", "trickle")


class Handler(BaseHTTPRequestHandler):
    server_version = "FetchTestServer/1"

    def log_message(self, format, *args):  # quiet: the JSON log is the record
        pass

    def do_GET(self):
        self.server.record(self.path, self.headers.get("Range"))
        mode, _, rest = self.path.lstrip("/").partition("/")
        if mode == "redirect":
            self.send_response(302)
            self.send_header("Location", "/" + rest)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if mode == "silent":
            time.sleep(self.server.stall_seconds)
            return
        data = self.server.read(rest) if mode in MODES else None
        if data is None:
            self.send_error(404, "not found")
            return
        if mode == "tamper" and data:
            middle = len(data) // 2
            data = data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1:]
        if mode == "stall":
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[:1024])
            self.wfile.flush()
            time.sleep(self.server.stall_seconds)
            return
        if mode == "trickle":
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            piece = -(-len(data) // 8)
            for offset in range(0, len(data), piece):
                self.wfile.write(data[offset:offset + piece])
                self.wfile.flush()
                time.sleep(0.25)
            return
        if mode == "cut" and self.server.first_request(rest):
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        start, end = 0, len(data)
        requested = self.headers.get("Range")
        if requested and mode != "norange":
            parsed = parse_range(requested, len(data))
            if parsed is None:
                self.send_response(416)
                self.send_header("Content-Range", "bytes */%d" % len(data))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            start, end = parsed
            self.send_response(206)
            self.send_header("Content-Range", "bytes %d-%d/%d" % (start, end - 1, len(data)))
        else:
            self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(end - start))
        self.end_headers()
        for offset in range(start, end, CHUNK):
            self.wfile.write(data[offset:min(end, offset + CHUNK)])


def parse_range(header, size):
    """(start, end) for one `bytes=a-` or `bytes=a-b` range inside the file, else None."""
    if not header.startswith("bytes=") or "," in header:
        return None
    first, _, last = header[len("bytes="):].partition("-")
    try:
        start = int(first)
        end = int(last) + 1 if last else size
    except ValueError:
        return None
    if start >= size or end <= start:
        return None
    return start, min(end, size)


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, root, log, stall_seconds):
        super().__init__(("127.0.0.1", 0), Handler)
        self.root = os.path.abspath(root)
        self.log_path = log
        self.stall_seconds = stall_seconds
        self.lock = threading.Lock()
        self.seen = set()

    def read(self, relative):
        # normpath, not realpath: a symbolic link under the root may lead anywhere (the tests
        # serve the real corpus through links named by hash), but ".." may not.
        path = os.path.normpath(os.path.join(self.root, relative))
        if not path.startswith(self.root + os.sep) or not os.path.isfile(path):
            return None
        with open(path, "rb") as f:
            return f.read()

    def first_request(self, relative):
        with self.lock:
            first = relative not in self.seen
            self.seen.add(relative)
            return first

    def record(self, path, range_header):
        with self.lock:
            with open(self.log_path, "a") as log:
                log.write(json.dumps({"path": path, "range": range_header}) + "\n")


def main():
    # Close whatever descriptors this process inherited beyond the standard three: another
    # test's child-process pipes, opened while this server was being spawned, would otherwise
    # stay open here and keep that test waiting for their end until this server stops.
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--stall-seconds", type=float, default=60)
    args = parser.parse_args()
    server = Server(args.root, args.log, args.stall_seconds)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
