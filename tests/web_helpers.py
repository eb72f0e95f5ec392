"""A racegen serve on a free port in a thread, and a small HTTP client for the tests."""

from __future__ import annotations

import threading
import urllib.error
import urllib.request
import uuid


def start():  # noqa: ANN201
    from generator.web.server import make, url_of

    server = make("127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, url_of(server).rstrip("/")


def multipart(fields: dict, files: dict | None = None) -> tuple[bytes, str]:
    """A multipart/form-data body: fields name -> value (a list repeats it), files name ->
    (file name, bytes)."""
    boundary = uuid.uuid4().hex
    out = []
    for name, value in fields.items():
        for v in value if isinstance(value, list) else [value]:
            out.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{v}\r\n'.encode()
            )
    for name, (fname, data) in (files or {}).items():
        out.append(
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                f'filename="{fname}"\r\nContent-Type: application/octet-stream\r\n\r\n'
            ).encode()
            + data
            + b"\r\n"
        )
    out.append(f"--{boundary}--\r\n".encode())
    return b"".join(out), f"multipart/form-data; boundary={boundary}"


def request(url: str, fields: dict | None = None, files: dict | None = None, method=None):  # noqa: ANN001, ANN201
    """(status, headers, body bytes); POST when fields or files are given."""
    data = None
    headers = {}
    if fields is not None or files is not None:
        data, ctype = multipart(fields or {}, files)
        headers["Content-Type"] = ctype
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()
