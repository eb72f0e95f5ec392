"""Reading a user's text file: UTF-8 with or without a byte-order mark (as Windows editors
save it), and every failure one InvalidInput line that names the file and what to do."""

from __future__ import annotations

from pathlib import Path

from generator.errors import InvalidInput


def decode(data: bytes, where: str, hint: str) -> str:
    """`data` as text with universal newlines (\r\n and a lone \r become \n, as Python's
    text files read them); bytes that are not UTF-8 are named by their line."""
    try:
        return data.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as e:
        # e.start counts from after a byte-order mark, which utf-8-sig leaves out
        start = e.start + (3 if data.startswith(b"\xef\xbb\xbf") else 0)
        before = data[:start].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        line = before.count(b"\n") + 1
        raise InvalidInput(f"{where} line {line}: not UTF-8 text; {hint}") from None


def read(path: Path, what: str, hint: str, limit: int | None = None) -> str:
    """The text of the file `path` (a `what`: "position file", "board file"); `hint` says how
    to save it as text. A file over `limit` bytes is refused before it is all read (a device
    such as /dev/zero never ends)."""
    try:
        with path.open("rb") as f:
            return read_stream(f, f"{what} {path}", hint, limit, f"a {what}")
    except FileNotFoundError:
        raise InvalidInput(f"{what} {path} not found: check the path") from None
    except IsADirectoryError:
        raise InvalidInput(f"{what} {path} is a folder: give a file") from None
    except OSError as e:
        raise InvalidInput(
            f"{what} {path} cannot be read ({e.strerror or e}): check the file"
        ) from None


def read_stream(stream, where: str, hint: str, limit: int | None = None, noun: str = "it") -> str:
    """The text of a binary stream (a file, standard input) named `where`; over `limit`
    bytes it is refused after reading one byte more, never read to its end (a device such as
    /dev/zero never ends). `noun` names what it should be: "a position file"."""
    data = stream.read() if limit is None else stream.read(limit + 1)
    if limit is not None and len(data) > limit:
        raise InvalidInput(f"{where} is over {limit:,} bytes: {noun} is a few lines of text")
    return decode(data, where, hint)
