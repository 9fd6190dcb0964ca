#!/usr/bin/env python3
"""A TheMealDB-shaped HTTP server on 127.0.0.1 for tests and `make demo`.

Serves the project's fixtures (Resources/fixtures) under /api/json/v1/1/ and misbehaves on
request through a path prefix placed before /api/:

  /delay/MS/...     wait MS milliseconds, then answer normally
  /status/CODE/...  answer with that HTTP status and a small HTML body
  /truncate/...     announce a Content-Length, send half, close
  /malformed/...    200 with broken JSON
  /html/...         200 with an HTML page
  /wrongshape/...   200 with JSON of the wrong shape
  /huge/...         200 with a chunked body of 40 MiB
  /drip/...         200, one byte per second
  /reset/...        close the connection without answering (TCP reset)
  /echo/...         search.php answers with the decoded query value as the meal name

and answers /_requests with how many times each API request (endpoint?query) was made, so
tests can prove a list is loaded only once.

Recipe pages for `meals import URL`, from Resources/fixtures/pages (then the folder given with
--pages, for the benchmark): /pages/NAME, as
text/html (UTF-8, or ISO-8859-1 for latin1.html), application/pdf for .pdf. With the same
prefixes (/status/404/pages/…, /huge/pages/…, /drip/pages/…) and two of their own:

  /redirect/N/...   N redirects (302) in a row, then the page
  /gzip/...         the page gzip-compressed (Content-Encoding: gzip)

Pictures, as TheMealDB serves them, from Resources/fixtures/pictures: /images/media/meals/NAME
(and NAME/small) is the file NAME when there is one (truncated.jpg, huge.png,
not-a-picture.jpg: broken on purpose, all served as images), else meal.jpg;
/images/ingredients/* and /images/category/* are ingredient.png. They are counted in
/_requests too (by path), and take the prefixes /delay/MS, /status/CODE and /reset.

Prints the port on the first line of stdout, then serves until killed or until stdin closes
(when started with --exit-on-stdin-eof).
"""
import argparse
import gzip
import json
import os
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Resources", "fixtures")
PICTURES = os.path.join(FIXTURES, "pictures")
PAGES = [os.path.join(FIXTURES, "pages")]


def load(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        return json.load(f)


MEALS = load("meals.json")["meals"]
INGREDIENTS = load("ingredients.json")
CATEGORIES = load("categories.json")


def wire(obj):
    """PHP json_encode style: \\uXXXX for non-ASCII and escaped slashes."""
    return json.dumps(obj, ensure_ascii=True).replace("/", "\\/").encode()


def meals_or_null(found):
    return {"meals": found if found else None}


def api(endpoint, query):
    q = {k: v[0] for k, v in query.items()}
    if endpoint == "search.php":
        if "f" in q:
            letter = q["f"].lower()
            return meals_or_null([m for m in MEALS if m["strMeal"].lower().startswith(letter)])
        term = q.get("s", "").strip().lower()
        return meals_or_null([m for m in MEALS if term in m["strMeal"].lower()][:25])
    if endpoint == "lookup.php":
        return meals_or_null([m for m in MEALS if m["idMeal"] == q.get("i")])
    if endpoint == "random.php":
        return {"meals": [MEALS[int(time.time()) % len(MEALS)]]}
    if endpoint == "categories.php":
        return CATEGORIES
    if endpoint == "list.php":
        if q.get("i") == "list":
            return INGREDIENTS
        if q.get("c") == "list":
            return {"meals": [{"strCategory": c} for c in sorted({m["strCategory"] for m in MEALS})]}
        if q.get("a") == "list":
            return {"meals": [{"strArea": a} for a in sorted({m["strArea"] for m in MEALS})]}
    if endpoint == "filter.php":
        for key, field in (("c", "strCategory"), ("a", "strArea")):
            if key in q:
                return meals_or_null([listing(m) for m in MEALS if m[field].lower() == q[key].lower()])
        if "i" in q:
            wanted = q["i"].lower()
            return meals_or_null([listing(m) for m in MEALS
                                  if any((m.get(f"strIngredient{n}") or "").strip().lower() == wanted
                                         for n in range(1, 21))])
    return None


REQUESTS = {}
REQUESTS_LOCK = threading.Lock()


def count_request(endpoint, query):
    key = endpoint + ("?" + query if query else "")
    with REQUESTS_LOCK:
        REQUESTS[key] = REQUESTS.get(key, 0) + 1


def listing(m):
    return {"strMeal": m["strMeal"], "strMealThumb": m["strMealThumb"], "idMeal": m["idMeal"]}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        # Headers and body go out in separate writes; without this, Nagle plus delayed ACK adds
        # 40 ms to every request on a kept-alive connection.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, *args):
        pass

    def send_body(self, body, status=200, content_type="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_picture(self, path, mode, arg):
        count_request(path, "")
        if mode == "reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
            return
        if mode == "delay":
            time.sleep(arg / 1000)
        elif mode == "status":
            return self.send_body(b"<html><body>Error</body></html>", arg, "text/html")
        segments = [s for s in path.split("/") if s]
        if segments[-1] == "small":
            segments = segments[:-1]
        name = "ingredient.png"
        if segments[:3] == ["images", "media", "meals"]:
            wanted = segments[-1]
            name = wanted if os.path.exists(os.path.join(PICTURES, wanted)) else "meal.jpg"
        with open(os.path.join(PICTURES, name), "rb") as f:
            body = f.read()
        kind = "image/png" if name.endswith(".png") else "image/jpeg"
        self.send_body(body, 200, kind)

    def send_chunked(self, kind, chunk, count):
        """A body of `count` copies of `chunk`, sent chunked (no length announced)."""
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            for _ in range(count):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            self.wfile.write(b"0\r\n\r\n")
        except OSError:
            pass
        self.close_connection = True

    def send_page(self, path, mode, arg, redirects):
        if redirects:
            target = path if redirects == 1 else f"/redirect/{redirects - 1}{path}"
            self.send_response(302)
            self.send_header("Location", target)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if mode == "status":
            return self.send_body(b"<html><body>Error</body></html>", arg, "text/html")
        name = os.path.basename(path)
        file = next((os.path.join(folder, name) for folder in PAGES
                     if os.path.exists(os.path.join(folder, name))), os.path.join(PAGES[0], name))
        body = b""
        if mode not in ("huge", "drip"):
            if not os.path.exists(file):
                return self.send_body(b"<html><body>Not found</body></html>", 404, "text/html")
            with open(file, "rb") as f:
                body = f.read()
        kind = "application/pdf" if name.endswith(".pdf") else (
            "text/html; charset=ISO-8859-1" if "latin1" in name else "text/html; charset=utf-8")
        if mode == "huge":
            return self.send_chunked("text/html", b"<p>" + b"x" * 65530 + b"</p>", 800)  # 50 MiB
        if mode == "drip":
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            try:
                while True:  # never ends
                    self.wfile.write(b"1\r\n \r\n")
                    self.wfile.flush()
                    time.sleep(0.2)
            except OSError:
                pass
            self.close_connection = True
            return
        if mode == "gzip":
            packed = gzip.compress(body)
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(packed)))
            self.end_headers()
            self.wfile.write(packed)
            return
        self.send_body(body, 200, kind)

    def do_GET(self):
        parts = urlsplit(self.path)
        path = parts.path
        if path == "/_requests":
            with REQUESTS_LOCK:
                return self.send_body(json.dumps(REQUESTS).encode())
        if "/pages/" in path:
            segments = path.lstrip("/").split("/")
            mode, arg, redirects = None, None, None
            while segments and segments[0] != "pages":
                head = segments.pop(0)
                if head == "redirect":
                    redirects = int(segments.pop(0))
                elif head in ("status", "delay"):
                    mode, arg = head, int(segments.pop(0))
                else:
                    mode = head
            if mode == "delay":
                time.sleep(arg / 1000)
                mode = None
            page_path = "/" + "/".join(segments)
            count_request(page_path, "")
            return self.send_page(page_path, mode, arg, redirects)
        mode, arg = None, None
        if not path.startswith("/api/") and not path.startswith("/images/"):
            segments = path.lstrip("/").split("/")
            mode = segments[0]
            if mode in ("delay", "status"):
                arg = int(segments[1])
                segments = segments[2:]
            else:
                segments = segments[1:]
            path = "/" + "/".join(segments)
        if path.startswith("/images/"):
            return self.send_picture(path, mode, arg)
        if not path.startswith("/api/json/v1/1/"):
            return self.send_body(b"<html><body>Not found</body></html>", 404, "text/html")
        endpoint = path[len("/api/json/v1/1/"):]
        count_request(endpoint, parts.query)
        query = parse_qs(parts.query, keep_blank_values=True)
        if mode == "delay":
            time.sleep(arg / 1000)
        elif mode == "status":
            return self.send_body(b"<html><body>Error</body></html>", arg, "text/html")
        elif mode == "html":
            return self.send_body(b"<!DOCTYPE html><html><body><h1>Maintenance</h1></body></html>", 200, "text/html")
        elif mode == "malformed":
            return self.send_body(b'{"meals":[{"idMeal":"1","strMeal":"Broken', 200)
        elif mode == "wrongshape":
            return self.send_body(b'{"meals":"not a list"}', 200)
        elif mode == "reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
            return
        elif mode == "echo":
            value = query.get("s", query.get("i", [""]))[0]
            return self.send_body(wire({"meals": [{"idMeal": "1", "strMeal": value, "strInstructions": "x"}]}))
        body = api(endpoint, query)
        if body is None:
            return self.send_body(b"<html><body>Unknown endpoint</body></html>", 404, "text/html")
        data = wire(body)
        if mode == "truncate":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        if mode == "huge":
            return self.send_chunked("application/json", b"[" + b" " * 65534 + b"]", 640)
        if mode == "drip":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            try:
                for index in range(min(len(data), 120)):
                    self.wfile.write(data[index:index + 1])
                    self.wfile.flush()
                    time.sleep(1)
            except OSError:
                pass
            self.close_connection = True
            return
        self.send_body(data)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--exit-on-stdin-eof", action="store_true")
    parser.add_argument("--pages", help="another folder of pages to serve under /pages/")
    args = parser.parse_args()
    if args.pages:
        PAGES.append(args.pages)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    if args.exit_on_stdin_eof:
        def watch():
            sys.stdin.read()
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
