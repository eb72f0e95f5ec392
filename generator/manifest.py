"""The output folder's record of the page files racegen wrote there: `.racegen-manifest.json`.

A document printed again with --force and fewer pages (or more, so that the page numbers
gain a digit) would leave the earlier runs' other page files beside the new ones, and they
would be printed with them. The record lists every page file racegen wrote for each document
(stem) and format, run after run (merged, never replaced: a run without --force that writes
p1-p3 beside p01-p12 keeps all fifteen), each with the SHA-256 of the bytes racegen wrote.

With --force, racegen removes a recorded file of the same document and format that the new
run did not write only when it can recognise the file as its own page of that document: its
name is a page name of that document (`STEM.FMT` or `STEM-pN.FMT`) and its content still
has the recorded hash. A file edited since, a file racegen did not write however much its
name looks like a page file, and a hand-edited entry naming another file (`precious.txt`)
are never removed. Without a record, nothing is removed; a record of format 1 (names
without hashes) or a damaged one is read as empty and written afresh.

The record is written (with the run's files, all or nothing) only when a run writes a
document of more than one page file, or when the folder has a record already. Entries whose
file is gone or no longer has its recorded content are dropped when the record is written.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

NAME = ".racegen-manifest.json"
FORMAT = "racegen-manifest/2"
MAX_BYTES = 1_000_000
MAX_PAGE_BYTES = 200_000_000  # a page file bigger than this is not hashed (not racegen's)

Key = tuple[str, str]  # (document stem, format)
Pages = dict[Key, list[str]]  # (document stem, format) -> its file names
Record = dict[Key, dict[str, str]]  # (document stem, format) -> {file name: sha256}


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read(folder: Path) -> Record:
    """The folder's record; empty when there is none or it cannot be read as one."""
    path = folder / NAME
    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            return {}
        out: Record = {}
        for entry in data["documents"]:
            stem, fmt = entry["stem"], entry["format"]
            if not (isinstance(stem, str) and isinstance(fmt, str)):
                continue
            files = out.setdefault((stem, fmt), {})
            for f in entry["files"]:
                name, sha = f["name"], f["sha256"]
                if is_page_name(name, stem, fmt) and isinstance(sha, str):
                    files[name] = sha
        return out
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def is_page_name(name: Any, stem: str, fmt: str) -> bool:
    """`name` is a page file name of document `stem` in format `fmt` (a bare name, never a
    path: a damaged or hand-edited record names nothing else)."""
    if not isinstance(name, str) or "/" in name or "\\" in name or name == NAME:
        return False
    return re.fullmatch(re.escape(stem) + r"(?:-p[0-9]{1,6})?\." + re.escape(fmt), name) is not None


def is_own(path: Path, sha: str) -> bool:
    """The file at `path` is a plain file holding exactly the bytes racegen recorded."""
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > MAX_PAGE_BYTES:
            return False
        return digest(path.read_bytes()) == sha
    except OSError:
        return False


def update(
    folder: Path, pages: Pages, written: dict[str, bytes], batch: Any, force: bool
) -> list[Path]:
    """Record this run's page files (`written`: name -> bytes) through `batch` (an
    output.Batch), merged with the earlier record; with `force`, also remove (through the
    batch, so a failure puts them back) the files of the same documents an earlier run
    recorded that this run did not write and that are still racegen's own pages. Returns
    the files removed."""
    old = read(folder)
    stale = [
        folder / name
        for key, names in pages.items()
        for name, sha in sorted(old.get(key, {}).items())
        if name not in set(names) and is_own(folder / name, sha)
    ]
    if not force:
        stale = []
    if not old and all(len(names) <= 1 for names in pages.values()):
        return stale  # single files only, and no record yet: nothing to remember
    record: Record = {}
    for key, files in old.items():  # what is still there as racegen wrote it
        kept = {n: s for n, s in files.items() if folder / n not in stale and is_own(folder / n, s)}
        if kept:
            record[key] = kept
    for key, names in pages.items():
        files = record.setdefault(key, {})
        for name in names:
            files[name] = digest(written[name])
    text = json.dumps(
        {
            "format": FORMAT,
            "documents": [
                {
                    "stem": stem,
                    "format": fmt,
                    "files": [{"name": n, "sha256": s} for n, s in sorted(files.items())],
                }
                for (stem, fmt), files in sorted(record.items())
            ],
        },
        indent=2,
    )
    for path in stale:
        batch.remove(path)
    batch.write(folder / NAME, (text + "\n").encode("utf-8"), replace=True)
    return stale
