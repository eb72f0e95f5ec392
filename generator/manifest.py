"""The output folder's record of the page files racegen wrote there: `.racegen-manifest.json`.

A document printed again with --force and fewer pages (or more, so that the page numbers
gain a digit) would leave the earlier run's other page files beside the new ones, and they
would be printed with them. With --force, racegen removes exactly the files this record lists
for the same document and format that the new run did not write: never a file it did not
write itself, however much its name looks like a page file. Without a record, nothing is
removed.

The record is written (with the run's files, all or nothing) only when a run writes a
document of more than one page file, or when the folder has a record already; a damaged
record is read as empty and written afresh.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

NAME = ".racegen-manifest.json"
FORMAT = "racegen-manifest/1"
MAX_BYTES = 1_000_000

Pages = dict[tuple[str, str], list[str]]  # (document stem, format) -> its file names


def read(folder: Path) -> Pages:
    """The folder's record; empty when there is none or it cannot be read as one."""
    path = folder / NAME
    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
        out: Pages = {}
        for entry in data["documents"]:
            names = [n for n in entry["files"] if _plain(n)]
            out[(str(entry["stem"]), str(entry["format"]))] = names
        return out
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def _plain(name: Any) -> bool:
    """A bare file name (a damaged or hand-edited record names nothing outside the folder)."""
    return (
        isinstance(name, str)
        and name not in ("", ".", "..")
        and "/" not in name
        and "\\" not in name
    )


def update(folder: Path, pages: Pages, batch: Any) -> list[Path]:
    """Record this run's page files (in `batch`, an output.Batch) and return the files the
    earlier record lists for the same documents that this run did not write."""
    old = read(folder)
    stale = [
        folder / name
        for key, names in pages.items()
        for name in old.get(key, [])
        if name not in set(names) and name != NAME
    ]
    if not old and all(len(names) <= 1 for names in pages.values()):
        return stale  # single files only, and no record yet: nothing to remember
    record = {**old, **pages}
    text = json.dumps(
        {
            "format": FORMAT,
            "documents": [
                {"stem": stem, "format": fmt, "files": names}
                for (stem, fmt), names in sorted(record.items())
            ],
        },
        indent=2,
    )
    batch.write(folder / NAME, (text + "\n").encode("utf-8"), replace=True)
    return stale
