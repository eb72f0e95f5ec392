"""Write a Document to files: every format rendered in memory first, then atomic renames.

Nothing is overwritten without --force (which also removes page files an earlier, longer run
left), and a failure leaves no partial file: each file is written to a temporary name in the
target folder and renamed into place.
"""

from __future__ import annotations

import glob
import os
import re
import tempfile
from pathlib import Path

from generator.errors import InvalidInput, OutputExists
from generator.printing import PrintSpec
from generator.render.document import Document


def target_names(doc: Document, fmt: str) -> list[str]:
    """File names a document produces in one format (SVG and PNG: one file per page)."""
    return page_names(doc.stem, len(doc.pages), fmt)


def page_names(stem: str, pages: int, fmt: str) -> list[str]:
    """File names of a document of `pages` pages named `stem` in one format."""
    if fmt == "pdf":
        return [f"{stem}.pdf"]
    if pages == 1:
        return [f"{stem}.{fmt}"]
    width = len(str(pages))
    return [f"{stem}-p{i + 1:0{width}d}.{fmt}" for i in range(pages)]


def check_free(opts: PrintSpec, stem: str, pages: int) -> None:
    """Before a slow command does its work: the folder can be written and, without --force,
    none of the files it will write exists (emit checks again when it writes)."""
    check_writable(opts.out, create=False)
    for fmt in opts.formats:
        for name in page_names(stem, pages, fmt):
            refuse_taken(opts.out / name, opts.force)


def refuse_taken(path: Path, force: bool) -> None:
    """A file about to be written: never over a folder, and over a file only with --force."""
    if path.is_dir():  # --force replaces files, never folders
        raise InvalidInput(f"{path} is a folder: move it away or choose another --out")
    if path.exists() and not force:
        raise OutputExists(f"{path} already exists: use --force to overwrite it")


def render(doc: Document, fmt: str, dpi: int = 150) -> list[bytes]:
    """The bytes of each output file of one format, in target_names order."""
    if fmt == "pdf":
        from generator.render.pdf import pdf_bytes

        return [pdf_bytes(doc)]
    if fmt == "svg":
        from generator.render.svg import svg_pages

        return svg_pages(doc)
    if fmt == "png":
        from generator.render.pdf import pdf_bytes
        from generator.render.png import png_pages

        return png_pages(pdf_bytes(doc), dpi)
    raise InvalidInput(f"unknown format {fmt!r}: use pdf, svg or png")


def check_writable(folder: Path, create: bool = True) -> None:
    """The output folder exists (made when missing) and can be written. With create=False, a
    check before slow work that leaves nothing behind: missing folders are made for the test
    and removed again (asking the file system is the one test that sees dangling links and
    read-only mounts)."""
    made = []  # with create=False: the folders this test makes, deepest first
    if not create:
        missing = folder
        while not missing.exists() and not missing.is_symlink() and missing != missing.parent:
            made.append(missing)
            missing = missing.parent
    try:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise InvalidInput(
                f"cannot create output folder {folder}: {e.strerror or e}; choose another with --out"
            ) from None
        if not folder.is_dir():
            raise InvalidInput(f"output folder {folder} is not a folder: choose another with --out")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise InvalidInput(f"output folder {folder} is not writable: choose another with --out")
    finally:
        for path in made:
            try:
                path.rmdir()
            except OSError:
                pass


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: Path, data: bytes, force: bool) -> None:
    refuse_taken(path, force)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; printed files are for everyone
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def emit(doc: Document, opts: PrintSpec) -> list[Path]:
    """Render `doc` in every requested format and write the files into opts.out."""
    return emit_all([doc], opts)


def emit_all(docs: list[Document], opts: PrintSpec) -> list[Path]:
    """Render several documents and write them all, or nothing: every target is checked for
    an existing file and every page rendered before the first file is written."""
    for doc in docs:
        if not doc.pages:
            raise InvalidInput(f"nothing to print for {doc.title}")
    from generator.render.layout import add_footers

    planned: list[Path] = []
    for doc in docs:
        add_footers(doc)
        for fmt in opts.formats:
            planned += [opts.out / name for name in target_names(doc, fmt)]
    for path in planned:
        refuse_taken(path, opts.force)
    check_writable(opts.out)
    if {"pdf", "png"} & set(opts.formats):
        _note_unprintable(docs, opts.formats)
    payload: list[tuple[Path, bytes]] = []
    for doc in docs:
        for fmt in opts.formats:
            names = target_names(doc, fmt)
            payload += list(
                zip([opts.out / n for n in names], render(doc, fmt, opts.dpi), strict=True)
            )
    written: list[Path] = []
    for path, data in payload:
        write_atomic(path, data, force=True)
        written.append(path)
    if opts.force:
        for doc in docs:
            for fmt in opts.formats:
                _remove_stale_pages(opts.out, doc.stem, fmt, set(written))
    return written


def _remove_stale_pages(folder: Path, stem: str, fmt: str, keep: set[Path]) -> None:
    """With --force, page files of an earlier run of the same document that this run did not
    write (it has fewer pages, or a different page-number width) would be printed with the
    new ones: remove them. Only names this program gives pages are touched."""
    if fmt == "pdf":
        return
    pattern = re.compile(rf"{re.escape(stem)}(-p\d+)?\.{fmt}")
    for path in folder.glob(f"{glob.escape(stem)}*.{fmt}"):
        if path not in keep and pattern.fullmatch(path.name):
            path.unlink(missing_ok=True)


def write_text_file(path: Path, text: str, force: bool) -> Path:
    """Atomic, no-overwrite write of a text output (JSON tracks, CSV)."""
    check_writable(path.parent if str(path.parent) else Path("."))
    write_atomic(path, text.encode("utf-8"), force)
    return path


def _note_unprintable(docs: list[Document], formats: tuple[str, ...]) -> None:
    """Say on stderr when a text (a track's name, a player's) holds characters the PDF
    cannot print: those no font racegen can embed has (the bundled DejaVu Sans, or a font of
    this machine's), and those of scripts written right to left or built by shaping. They
    print as '?' there and in the PNG, not in the SVG."""
    import sys

    from generator.render.fonts import missing

    no_font, no_shaping = missing(
        (op.data[2], op.text.bold)
        for doc in docs
        for page in doc.pages
        for op, _ in page.flat()
        if op.kind == "text" and op.text is not None
    )
    where = " and ".join(f.upper() for f in ("pdf", "png") if f in formats)
    svg = "; the SVG shows them" if "svg" in formats else ""
    if no_font:
        sys.stderr.write(
            f"note: the {where} fonts have no {' '.join(no_font)}: they print as '?'{svg}\n"
        )
    if no_shaping:
        sys.stderr.write(
            f"note: the {where} cannot set right-to-left or shaped scripts: "
            f"{' '.join(no_shaping)} print as '?'{svg}\n"
        )
