"""Reading a user's text file: UTF-8 with or without a byte-order mark (as Windows editors
save it), and every failure one InvalidInput line that names the file and what to do.

Every file a user names goes through `read_arg` (or `read`): '-' is standard input, a path
must be a regular file (a device such as /dev/zero never ends and a FIFO with no writer
blocks the open itself, so both are refused from their stat, before any open), and no more
than the caller's limit is ever read, so no file can hang a command or fill its memory.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from generator.errors import InvalidInput

STDIN = "-"  # the argument that means standard input, in every command that reads a file
STDIN_NAME = "standard input"  # how messages name it


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


def read_arg(arg: str | Path, what: str, hint: str, limit: int) -> tuple[str, str]:
    """(text, where) of a command's file argument: standard input for '-', else the file at
    that path (`read`). `where` names it in messages: "standard input" or the path."""
    if str(arg) == STDIN:
        stdin = getattr(sys.stdin, "buffer", None)  # None: no console (pythonw)
        if stdin is None:
            raise InvalidInput(f"no standard input to read the {what} from: give a file")
        return read_stream(stdin, STDIN_NAME, hint, limit, f"a {what}"), STDIN_NAME
    return read(Path(arg), what, hint, limit), str(arg)


def read(path: Path, what: str, hint: str, limit: int) -> str:
    """The text of the file `path` (a `what`: "position file", "board file"); `hint` says how
    to save it as text. Anything but a regular file is refused from its stat, before it is
    opened, and a file over `limit` bytes before it is read (a device such as /dev/zero never
    ends; opening a FIFO waits for a writer)."""
    size = _regular_size(path, what)
    if size > limit:
        raise _too_big(f"{what} {path}", limit, f"a {what}")
    try:
        # O_NONBLOCK: should the path turn into a FIFO after the stat, the open still returns
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise InvalidInput(f"{what} {path} not found: check the path") from None
    except IsADirectoryError:
        raise InvalidInput(f"{what} {path} is a folder: give a file") from None
    except OSError as e:
        raise _unreadable(path, what, e) from None
    with os.fdopen(fd, "rb") as f:
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise InvalidInput(f"{what} {path} is not a regular file: give a file")
            if hasattr(os, "set_blocking"):
                os.set_blocking(fd, True)
            return read_stream(f, f"{what} {path}", hint, limit, f"a {what}")
        except OSError as e:
            raise _unreadable(path, what, e) from None


def _regular_size(path: Path, what: str) -> int:
    """The size of the regular file `path`; anything else is one error line, from its stat
    alone (nothing is opened)."""
    try:
        mode = os.stat(path)
    except FileNotFoundError:
        raise InvalidInput(f"{what} {path} not found: check the path") from None
    except OSError as e:  # a name too long, a path through a file, no permission
        raise _unreadable(path, what, e) from None
    if stat.S_ISDIR(mode.st_mode):
        raise InvalidInput(f"{what} {path} is a folder: give a file")
    if not stat.S_ISREG(mode.st_mode):
        kind = (
            "a FIFO (named pipe)"
            if stat.S_ISFIFO(mode.st_mode)
            else "a socket"
            if stat.S_ISSOCK(mode.st_mode)
            else "a device"
        )
        raise InvalidInput(
            f"{what} {path} is {kind}, not a regular file: give a file, or '-' to read "
            "standard input"
        )
    return mode.st_size


def _unreadable(path: Path, what: str, e: OSError) -> InvalidInput:
    return InvalidInput(f"{what} {path} cannot be read ({e.strerror or e}): check the file")


def _too_big(where: str, limit: int, noun: str) -> InvalidInput:
    return InvalidInput(
        f"{where} is over {limit:,} bytes, the most racegen reads for {noun}: check that it is "
        "the right file"
    )


def read_stream(stream, where: str, hint: str, limit: int, noun: str = "it") -> str:
    """The text of a binary stream (a file, standard input) named `where`; over `limit`
    bytes it is refused after reading one byte more, never read to its end (a device such as
    /dev/zero never ends). `noun` names what it should be: "a position file"."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise _too_big(where, limit, noun)
    return decode(data, where, hint)
