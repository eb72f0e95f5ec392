"""Write a Document to files: every format rendered in memory first, then atomic renames.

Nothing is overwritten without --force (which also removes page files an earlier, longer run
left), and a failure leaves no partial file: each file is written to a temporary name in the
target folder and renamed into place. The write phase holds the folder's lock (folder_lock:
one writer at a time) and defers Ctrl-C (interrupts): a signal is acted on only between two
steps, where the run can take back everything it wrote, or after the commit point, when every
file is complete.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from generator import folder_lock, interrupts, manifest
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
    """A file about to be written: never over a folder, and over a file (or a link, even a
    dangling one) only with --force. Batch checks again as it writes."""
    if path.is_dir():  # --force replaces files, never folders
        raise InvalidInput(f"{path} is a folder: move it away or choose another --out")
    if os.path.lexists(path) and not force:
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
    check before slow work that leaves nothing behind: for a missing folder, the nearest
    folder that exists must be a folder that takes new folders (nothing is made and removed
    again: another run may be making the same folder at the same moment)."""
    if not create:
        near = folder
        while not os.path.lexists(near) and near != near.parent:
            near = near.parent
        if near != folder:
            _check_can_make(folder, near)
            return
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


def _check_can_make(folder: Path, near: Path) -> None:
    """`folder` is missing; `near`, the nearest of its parents that exists, must take it."""
    if not near.is_dir():  # a file, or a dangling link (mkdir then says "File exists")
        code = errno.EEXIST if os.path.islink(near) else errno.ENOTDIR
    elif os.statvfs(near).f_flag & os.ST_RDONLY:
        code = errno.EROFS
    elif not os.access(near, os.W_OK | os.X_OK):
        code = errno.EACCES
    else:
        return
    raise InvalidInput(
        f"cannot create output folder {folder}: {os.strerror(code)}; choose another with --out"
    )


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


LINK_UNSUPPORTED = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV, errno.EMLINK}
LINK_UNSUPPORTED.add(errno.ENOSYS)


class Batch:
    """The files one command writes: all of them, or none.

    Each file is written to a temporary file in its folder and then put in place. A new name
    is taken with a hard link (`os.link` fails when the name exists, so two runs into one
    folder cannot both think a name free: one of them gets "already exists"); where the file
    system has no hard links, the name is claimed with an exclusive create first. With
    --force an existing file is first linked aside, so that a failure (a full disk, a name too
    long, Ctrl-C) puts back every file this run replaced and removes every file it made; the
    error names the file that failed. `commit` forgets the old copies."""

    def __init__(self, force: bool) -> None:
        self.force = force
        self.done: list[tuple[Path, Path | None, int]] = []  # target, old copy, its inode

    def __enter__(self) -> Batch:
        return self

    def __exit__(self, kind, err, tb) -> None:  # noqa: ANN001
        if kind is None:
            self.commit()
        else:
            self.rollback()

    def write(self, path: Path, data: bytes, replace: bool = False) -> None:
        """Write `data` as the file `path` (the rollback removes it again); `replace`: over
        an existing file even without --force (racegen's own records)."""
        interrupts.check()
        tmp = None
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:80]}.", suffix=".tmp", dir=path.parent)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; printed files are for everyone
            self.place(path, Path(tmp), replace)
        except OSError as e:
            raise write_error(path, e) from None
        finally:
            if tmp is not None:
                _unlink(Path(tmp))
        interrupts.check()

    def remove(self, path: Path) -> None:
        """Remove the file `path` (set aside: a rollback puts it back)."""
        interrupts.check()
        try:
            old = _aside(path)
            self.done.append((path, old, -1))
            if os.path.lexists(path):  # (where there are no hard links, _aside renamed it)
                os.unlink(path)
        except OSError as e:
            raise write_error(path, e) from None
        interrupts.check()

    def place(self, path: Path, source: Path, replace: bool = False) -> None:
        """Put the file `source` (in the same folder as `path`, or on the same file system)
        in place as `path`; `source` stays where it is (the caller removes it)."""
        if os.path.isdir(path):  # --force replaces files, never folders
            raise InvalidInput(f"{path} is a folder: move it away or choose another --out")
        ino = os.lstat(source).st_ino  # the file keeps it in place: the rollback's test
        if os.path.lexists(path):
            if not (self.force or replace):
                raise OutputExists(f"{path} already exists: use --force to overwrite it")
            self.done.append((path, _aside(path), ino))
            os.replace(source, path)
        else:
            self.done.append((path, None, ino))  # before the claim: no window for Ctrl-C
            _claim(source, path)

    def commit(self) -> None:
        for _, old, _ in self.done:
            if old is not None:
                _unlink(old)
        self.done = []

    def rollback(self) -> None:
        """Put back what this run replaced and remove what it made (newest first)."""
        for path, old, ino in reversed(self.done):
            try:
                if old is not None:  # replaced or removed: put back
                    os.replace(old, path)
                elif os.lstat(path).st_ino == ino:  # this run's file, not another run's
                    os.unlink(path)
            except OSError:
                pass
        self.done = []


def _claim(source: Path, path: Path) -> None:
    """Link `source` to the new name `path`, failing if the name exists (no clobbering)."""
    try:
        os.link(source, path, follow_symlinks=False)
        return
    except FileExistsError:
        raise OutputExists(f"{path} already exists: use --force to overwrite it") from None
    except OSError as e:
        if e.errno not in LINK_UNSUPPORTED:
            raise
    try:  # no hard links here: claim the name with an exclusive create, then fill it
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    except FileExistsError:
        raise OutputExists(f"{path} already exists: use --force to overwrite it") from None
    try:
        os.replace(source, path)
    except BaseException:
        _unlink(path)  # the empty placeholder claimed above
        raise


def _aside(path: Path) -> Path:
    """A hidden second name for the file at `path`, kept until the run commits."""
    for n in range(1000):
        old = path.with_name(f".{path.name[:80]}.{os.getpid()}-{n}.old")
        try:
            os.link(path, old, follow_symlinks=False)
            return old
        except FileExistsError:
            continue
        except OSError as e:
            if e.errno not in LINK_UNSUPPORTED:
                raise
            if os.path.lexists(old):
                continue
            os.rename(path, old)
            return old
    raise InvalidInput(f"cannot set {path} aside to replace it: clear the folder's .old files")


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def write_error(path: Path, e: OSError) -> InvalidInput:
    """One line naming the file that failed; the run's other files were rolled back."""
    why = e.strerror or str(e)
    if e.errno == errno.ENOSPC:
        todo = "free some space or choose another --out"
    elif e.errno == errno.ENAMETOOLONG:
        todo = "choose a shorter name or folder"
    else:
        todo = "check the folder or choose another --out"
    return InvalidInput(f"cannot write {path}: {why}; nothing was written: {todo}")


def emit(doc: Document, opts: PrintSpec) -> list[Path]:
    """Render `doc` in every requested format and write the files into opts.out."""
    return emit_all([doc], opts)


def emit_all(docs: list[Document], opts: PrintSpec) -> list[Path]:
    """Render several documents and write them all, or nothing: every target is checked for
    an existing file and every page rendered before the first file is written (or the output
    folder made); a failure while writing takes back every file this run wrote and every
    folder it made."""
    for doc in docs:
        if not doc.pages:
            raise InvalidInput(f"nothing to print for {doc.title}")
    from generator.render.pages import add_footers

    planned: list[Path] = []
    for doc in docs:
        add_footers(doc)
        for fmt in opts.formats:
            planned += [opts.out / name for name in target_names(doc, fmt)]
    for path in planned:
        refuse_taken(path, opts.force)
    check_writable(opts.out, create=False)
    if {"pdf", "png"} & set(opts.formats):  # an SVG leaves them to the viewer's fonts
        _refuse_unprintable(docs)
    payload: list[tuple[Path, bytes]] = []
    for doc in docs:
        for fmt in opts.formats:
            names = target_names(doc, fmt)
            payload += list(
                zip([opts.out / n for n in names], render(doc, fmt, opts.dpi), strict=True)
            )
    pages = {(doc.stem, fmt): target_names(doc, fmt) for doc in docs for fmt in opts.formats}
    return write_files(payload, opts.out, opts.force, pages)


def write_files(
    payload: list[tuple[Path, bytes]],
    folder: Path,
    force: bool,
    pages: dict[tuple[str, str], list[str]] | None = None,
) -> list[Path]:
    """Write every (path, bytes) of `payload` into `folder` (made if missing), or none of
    them: the folders made are removed again when a write fails. `pages`: the page files of
    each (document stem, format) written, for the folder's manifest (which, with --force,
    removes an earlier run's pages of the same documents: manifest.py)."""
    with interrupts.deferred():
        made = make_folder(folder)
        try:
            with folder_lock.locked(folder), Batch(force) as batch:
                for path, data in payload:
                    batch.write(path, data)
                if pages:
                    written = {p.name: data for p, data in payload if p.parent == folder}
                    manifest.update(folder, pages, written, batch, force)
                interrupts.commit_point()
        except BaseException:
            remove_folders(made)
            raise
    return [path for path, _ in payload]


def remove_folders(made: list[Path]) -> None:
    """Remove the folders make_folder made (deepest first), those that are still empty."""
    for path in made:
        try:
            path.rmdir()
        except OSError:
            pass


def make_folder(folder: Path) -> list[Path]:
    """Make `folder` (and its missing parents); the folders made, deepest first."""
    made = []
    missing = folder
    while not os.path.lexists(missing) and missing != missing.parent:
        made.append(missing)
        missing = missing.parent
    check_writable(folder)
    return made


def write_text_file(path: Path, text: str, force: bool) -> Path:
    """Atomic, no-overwrite write of a text output (JSON tracks, CSV)."""
    write_files(
        [(path, text.encode("utf-8"))], path.parent if str(path.parent) else Path("."), force
    )
    return path


def _refuse_unprintable(docs: list[Document]) -> None:
    """Refuse, in one line and before anything is written, a text (a track's name, a
    player's) holding characters the PDF cannot print: those no font racegen can embed has
    (the bundled Liberation Sans and DejaVu Sans, or a font of this computer's), control
    characters, and those of scripts written right to left or built by shaping. Nothing
    prints '?' in their place, so two names never print the same."""
    from generator.render.pdf import check_printable

    check_printable(
        (op.data[2], op.text.bold)
        for doc in docs
        for page in doc.pages
        for op, _ in page.flat()
        if op.kind == "text" and op.text is not None
    )
