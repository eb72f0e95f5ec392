"""Every printable of every game as a form, a live preview and downloads.

The forms come from the per-game PRINTABLES tables (generator/games/*/printables.py), the
tables the command line makes its commands from, Graph Racers' sheet, worksheet and class
pack as every other; option values are converted by the same click types, so a bad value gets
the command line's words. A printable of several files (a class pack, a worksheet with its
answers apart) downloads them all as a .zip, or one of them."""

from __future__ import annotations

import io
import json
import re
import threading
import zipfile
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import bottle

from generator.printing import PAPER_NAMES, Option, Printable, PrintSpec
from generator.web.fields import field, help_of, label_of
from generator.web.offered import problem_with, unoffered, why_not
from generator.web.page import (
    PageError,
    convert,
    error_text,
    esc,
    guarded,
    page,
    page_words,
    read_upload,
    request_folder,
    status_of,
    user_errors,
)
from generator.web.previews import Cancelled, Job, finish, progress_of, start
from generator.web.sheet_track import (
    SHEET,
    generated_track,
    generated_track_file,
    track_source_fields,
)
from generator.web.work import check_pages, check_pixels, check_puzzles

PREVIEW_PAGES = 24  # pages a preview shows; the download has them all
FORMATS = ("pdf", "svg", "png")
MEMO = 4  # generated track sets kept between a preview and its download


class NoFile(PageError):
    """A file the printable needs was not chosen: the preview waits for it, a download is
    refused (400)."""


@dataclass(frozen=True)
class Entry:
    """One printable as the pages offer it: its options (the argument, a file to print, last)."""

    game: str
    title: str
    printable: Printable

    @property
    def options(self) -> tuple[Option, ...]:
        p = self.printable
        return p.options + ((p.argument,) if p.argument is not None else ())

    @property
    def parts(self) -> tuple[str, ...]:
        return self.printable.parts


def entries() -> dict[tuple[str, str], Entry]:
    from generator.games.registry import GAMES

    return {(g.name, p.name): Entry(g.name, g.title, p) for g in GAMES for p in g.printables()}


_memo: OrderedDict[Any, Any] = OrderedDict()
_memo_lock = threading.Lock()


def remember(key: Any, make: Callable[[], Any]) -> Any:
    """What make() gave for `key` before (the last MEMO kept), or make() now: a class pack's
    tracks are generated once for its preview and its download."""
    with _memo_lock:
        if key in _memo:
            _memo.move_to_end(key)
            return _memo[key]
    value = make()
    with _memo_lock:
        _memo[key] = value
        while len(_memo) > MEMO:
            _memo.popitem(last=False)
    return value


def entry(game: str, name: str) -> Entry:
    found = entries().get((game, name))
    if found is None:
        raise bottle.HTTPError(404, "not found")
    return found


# --- options from the form -----------------------------------------------------------------
def spec_from_form(
    form, folder: Path, seeded: bool, notes: Any = None, progress: Any = None
) -> PrintSpec:  # noqa: ANN001
    import click

    paper = convert(
        click.Option(["--paper"], type=click.Choice(PAPER_NAMES, case_sensitive=False)),
        form.get("paper") or "a4",
    )
    seed = None
    if seeded and (form.get("seed") or "").strip():
        seed = convert(click.Option(["--seed"], type=int), form.get("seed").strip())
    dpi = convert(click.Option(["--dpi"], type=click.IntRange(36, 1200)), form.get("dpi") or "150")
    return PrintSpec(
        out=folder,
        paper=paper.lower(),
        mono=bool(form.get("mono")),
        seed=seed,
        landscape=bool(form.get("landscape")),
        dpi=dpi,
        notes=notes,
        memo=remember,
        progress=progress,
    )


def _safe_name(shown: str) -> str:
    name = re.sub(r"[^A-Za-z0-9._-]", "_", shown).lstrip(".")[:60]
    return name or "upload"


def values_from_form(options, form, folder: Path, files: Any = None) -> dict[str, Any]:  # noqa: ANN001
    """Each option's value from the form, converted as the command line converts it; an
    upload is written into the request's folder and passed as that path; `files` (dest ->
    path) gives a file the page made itself (a generated track) in place of an upload."""
    from generator.options import click_param

    values: dict[str, Any] = {}
    for o in options:
        if files and o.dest in files:
            values[o.dest] = files[o.dest]
            continue
        if o.kind == "flag":
            values[o.dest] = bool(form.get(o.dest))
            continue
        if o.kind == "file":
            up = read_upload(o.dest, 9_000_000)
            if up is None:
                values[o.dest] = None if o.default is None else Path(str(o.default))
                if o.default is not None:
                    label = label_of(o)
                    raise NoFile(
                        f"choose a {label}" if label.endswith(" file") else f"choose {label}"
                    )
                continue
            data, shown = up
            path = folder / _safe_name(shown)
            path.write_bytes(data)
            values[o.dest] = path
            continue
        param = click_param(o)
        if o.kind == "choices":
            raw = [v for v in form.getall(o.dest) if v]
            values[o.dest] = tuple(dict.fromkeys(convert(param, raw))) or o.default
            continue
        raw = form.get(o.dest)
        if raw is None or str(raw).strip() == "":
            raw = o.default
        values[o.dest] = None if raw is None else convert(param, str(raw).strip())
    return values


def build_documents(
    e: Entry, folder: Path, job: Job | None = None
) -> tuple[list, PrintSpec, list[str]]:
    """(the documents, the spec, the notes the command line prints on stderr); `job` (a
    preview's or download's, previews.py) counts the generators' steps and stops them
    (Cancelled) when the work is no longer wanted."""
    from generator.errors import BadOption
    from generator.render.pages import add_footers

    form = bottle.request.forms
    notes: list[str] = []
    spec = spec_from_form(
        form, folder, e.printable.seeded, notes.append, None if job is None else job.bar
    )
    made = {}
    uploaded = getattr(bottle.request.files.get("track"), "raw_filename", "")
    if (
        (e.game, e.printable.name) == SHEET
        and not uploaded  # a chosen file is printed, whatever the track choice says
        and (form.get("source") or "generate") == "generate"
    ):
        made["track"] = generated_track_file(form, folder)
    values = values_from_form(e.options, form, folder, made)
    check_puzzles(e.printable.name, values)  # before the work: any web page can ask
    why = problem_with(e.game, e.printable.name, values, spec)
    if why:  # a choice the form does not offer (sent by hand, or with JavaScript off)
        raise PageError(why)
    try:
        docs = e.printable.documents(spec, **values)
    except BadOption as err:
        from generator.options import worded

        raise worded(err) from None
    except Exception as err:  # a message naming the request's folder names the upload alone
        if err.args and isinstance(err.args[0], str) and str(folder) in err.args[0]:
            err.args = (err.args[0].replace(str(folder) + "/", ""),) + err.args[1:]
        raise
    notes = [n.replace(str(folder) + "/", "") for n in notes]
    docs = [d for d in docs if d.pages]
    check_pages(docs)
    for d in docs:  # as the command line writes them (output.emit_all): the same bytes
        add_footers(d)
    return docs, spec, notes


def index_body() -> str:
    from generator.games.registry import GAMES

    known = entries()
    parts = [
        "<h1>Print, play and settle race games</h1>",
        '<p class="note">Choose something to print: set its options, watch the preview, and '
        'download the PDF. Or <a href="/play">play Graph Racers</a> on this screen, or '
        '<a href="/triactor/settle">settle Triactor bets</a>.</p>',
        '<div class="games">',
    ]
    for g in GAMES:
        items = [
            f'<li><a href="/print/{esc(g.name)}/{esc(p.name)}">{esc(p.name)}</a>: {esc(p.summary)}</li>'
            for p in g.printables()
            if (g.name, p.name) in known
        ]
        parts.append(
            f'<section class="game"><h2>{esc(g.title)}</h2><p class="note">{esc(g.summary)}</p>'
            f"<ul>{''.join(items)}</ul></section>"
        )
    parts.append("</div>")
    return "".join(parts)


def form_values(e: Entry, source: Any = None) -> dict[str, Any]:
    """The options' values as the builder takes them, from `source` (a form or the address;
    None: the defaults); a bad or missing value is its default (the build words the error)."""
    from generator.options import click_param

    values: dict[str, Any] = {}
    for o in e.options:
        if o.kind in ("file", "flag", "choices"):
            continue
        raw = source.get(o.dest) if source is not None else None
        raw = o.default if raw is None or str(raw).strip() == "" else str(raw).strip()
        try:
            values[o.dest] = None if raw is None else convert(click_param(o), raw)
        except Exception:  # noqa: BLE001 - any bad value: its default instead
            default = o.default
            values[o.dest] = None if default is None else convert(click_param(o), str(default))
    return values


def offered_now(e: Entry, folder: Path) -> dict[str, dict]:
    """The choices the form does not offer with the fields it sent, and why (for print.js):
    dest -> {"off": [...], "why": the line under the field}."""
    form = bottle.request.forms
    try:
        spec = spec_from_form(form, folder, e.printable.seeded)
    except user_errors():
        spec = PrintSpec(out=folder)
    off = unoffered(e.game, e.printable.name, form_values(e, form), spec)
    return {
        dest: {"off": v, "why": why_not(e.game, e.printable.name, dest, v)}
        for dest, v in off.items()
    }


def form_body(e: Entry, query: Any = None) -> str:
    """The printable's form; `query` (the address's, a bottle FormsDict) fills its options, so
    a link can open a printable set up (/print/graph-racers/classpack?students=2&tracks=1)."""
    p = e.printable
    common = [
        '<label for="f-paper">paper</label><select id="f-paper" name="paper">'
        + "".join(f'<option value="{n}">{n}</option>' for n in PAPER_NAMES)
        + "</select>",
        '<label><input id="f-landscape" type="checkbox" name="landscape" value="1"> landscape'
        f'<span class="help">{esc(p.portrait + " portrait" if p.portrait else "Turn the paper.")}</span></label>',
        '<label><input id="f-mono" type="checkbox" name="mono" value="1"> mono'
        '<span class="help">Ink-saving greyscale.</span></label>',
    ]
    if p.seeded:
        common.append(
            '<label for="f-seed">seed<span class="help">Same seed, same pages (1 when empty).</span></label>'
            '<input id="f-seed" type="number" name="seed" value="">'
        )
    common.append(
        '<label for="f-dpi">dpi<span class="help">Resolution of PNG downloads.</span></label>'
        '<input id="f-dpi" type="number" name="dpi" value="150" min="36" max="1200">'
    )
    if e.parts:
        files = "".join(
            f'<option value="{n}">{esc(page_words(label))} only</option>'
            for n, label in enumerate(e.parts, 1)
        )
        common.append(
            '<label for="f-part">files<span class="help">It makes more than one file: '
            "download them all (a .zip) or one.</span></label>"
            f'<select id="f-part" name="part"><option value="">all of them</option>{files}</select>'
        )

    def given(o: Option) -> Any:
        if query is None or o.dest not in query:
            return None
        return tuple(query.getall(o.dest)) if o.kind == "choices" else query.get(o.dest)

    off = unoffered(e.game, p.name, form_values(e, query), PrintSpec(out=Path(".")))
    fields = [
        field(
            o,
            given(o),
            help_of(e.game, p, o),
            tuple(off.get(o.dest, ())),
            why_not(e.game, p.name, o.dest, off.get(o.dest, ())),
        )
        for o in e.options
    ] + common
    if (e.game, p.name) == SHEET:
        fields.insert(0, track_source_fields(query))
    base = f"/print/{esc(e.game)}/{esc(p.name)}"
    buttons = "".join(
        f'<button type="submit" name="format" value="{f}" formaction="{base}/download">'
        f"Download {f.upper()}</button>"
        for f in FORMATS
    )
    return (
        f'<h1>{esc(e.title)}: {esc(p.name)}</h1><p class="note">{esc(help_of(e.game, p))}</p>'
        f'<div class="printable"><form class="options" id="options" method="post" '
        f'enctype="multipart/form-data" action="{base}/download" data-preview="{base}/preview">'
        f'{"".join(fields)}<div class="buttons">{buttons}</div>'
        f'<p class="note" id="download-note">{DOWNLOAD_NOTE}</p></form>'
        '<div><p id="status" aria-live="polite"></p><p class="error" id="preview-error" hidden></p>'
        '<ul class="notes" id="notes" hidden></ul>'
        '<div id="preview"><noscript><p class="note" id="no-script">The live preview needs '
        "JavaScript, which is off: the Download buttons work without it.</p></noscript></div>"
        "</div></div>"
    )


# what each Download button gives, before a preview says it for the options chosen (print.js)
DOWNLOAD_NOTE = (
    "Download PDF gives one .pdf, or a .zip of the PDF files when the printable makes more "
    "than one; SVG and PNG give one file a page, in a .zip when there is more than one page."
)


def preview_json(
    docs: list, notes: list[str] | tuple[str, ...] = (), ask: str = "", job: Job | None = None
) -> dict:
    """The pages (the first PREVIEW_PAGES), where each document starts among them (a class
    pack's teacher's booklet after the sheets), the notes, and `ask`: what the preview waits
    for (a file to choose)."""
    from generator.render.svg import page_svg

    total = sum(len(d.pages) for d in docs)
    pages = []
    starts = []
    for d in docs:
        starts.append({"stem": d.stem, "title": d.title, "page": len(pages), "pages": len(d.pages)})
        for pg in d.pages:
            if len(pages) >= PREVIEW_PAGES:
                break
            if job is not None:
                job.check()  # drawing 24 pages takes a while too
            pages.append(page_svg(pg, d.title).decode("utf-8"))
    return {
        "total": total,
        "pages": pages,
        "documents": [d.stem for d in docs],
        "starts": starts,
        "notes": list(notes),
        "ask": ask,
    }


def chosen_part(e: Entry, docs: list) -> list:
    """The documents the form's `part` asks for: all (empty), or the n-th file alone."""
    raw = (bottle.request.forms.get("part") or "").strip()
    if not raw or not e.parts:
        return docs
    if not raw.isdigit() or not 1 <= int(raw) <= len(e.parts):
        raise PageError(f"files: {raw[:20]!r} is not one of them: choose from the list")
    n = int(raw)
    if n > len(docs):
        raise PageError(
            f"these options make {len(docs)} file{'s' if len(docs) != 1 else ''}, not "
            f"{e.parts[n - 1]}: download all of them"
        )
    return [docs[n - 1]]


def download(docs: list, spec: PrintSpec, fmt: str, name: str) -> bytes:
    from generator.output import render, target_names
    from generator.render.pages import add_footers

    check_pages(docs)
    if fmt == "png":
        check_pixels(docs, spec.dpi)
    files: list[tuple[str, bytes]] = []
    for d in docs:
        add_footers(d)  # as output.emit_all: the command line's bytes
        files += list(zip(target_names(d, fmt), render(d, fmt, spec.dpi), strict=True))
    if len(files) == 1:
        fname, data = files[0]
        types = {"pdf": "application/pdf", "svg": "image/svg+xml", "png": "image/png"}
        bottle.response.content_type = types[fmt]
    else:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for fname, data in files:
                z.writestr(fname, data)
        fname, data = f"{name}-{fmt}.zip", buf.getvalue()
        bottle.response.content_type = "application/zip"
    bottle.response.set_header("Content-Disposition", f'attachment; filename="{fname}"')
    return data


def routes(app: bottle.Bottle) -> None:
    @app.get("/")
    @guarded("Printables")
    def index() -> str:
        return page("Printables", index_body())

    @app.get("/print/<game>/<name>")
    @guarded("Print")
    def form(game: str, name: str) -> str:
        e = entry(game, name)
        return page(f"{e.title}: {name}", form_body(e, bottle.request.query), scripts=("print.js",))

    @app.post("/print/<game>/<name>/preview")
    @guarded("Preview", json=True)
    def preview(game: str, name: str) -> str:
        e = entry(game, name)
        bottle.response.content_type = "application/json"
        job = start(
            bottle.request.forms.get("preview_id") or "",
            bottle.request.environ.get("waitress.client_disconnected"),
        )
        with request_folder() as folder:
            off = offered_now(e, folder)
            try:
                docs, _, notes = build_documents(e, folder, job)
                data = preview_json(docs, notes, job=job)
            except Cancelled:  # a newer preview replaced it, or the page left: nobody reads it
                bottle.response.status = 409
                return json.dumps({"error": "a newer preview replaced this one", "cancelled": True})
            except NoFile as wait:  # nothing to draw yet: say what to choose, not an error
                ask = str(wait)[:1].upper() + str(wait)[1:] + " to see the pages."
                return json.dumps({**preview_json([], ask=ask), "unoffered": off})
            except bottle.HTTPResponse:
                raise
            except user_errors() as err:  # the error, and the choices print.js disables
                bottle.response.status = status_of(err)
                return json.dumps({"error": error_text(err), "unoffered": off})
            finally:
                finish(job)
            data["unoffered"] = off
            picked = chosen_part(e, docs)  # what the Download buttons give: one file or a .zip
            data["download"] = {
                "files": len(picked),
                "pages": sum(len(d.pages) for d in picked),
            }
            return json.dumps(data)

    @app.get("/print/progress")
    @guarded("Preview", json=True)
    def progress() -> str:
        """How far a preview's work is (print.js shows it after a second)."""
        bottle.response.content_type = "application/json"
        bottle.response.set_header("Cache-Control", "no-store")
        state = progress_of(bottle.request.query.get("id") or "")
        if state is None:
            raise PageError("no such preview: it finished long ago, or never started", 404)
        return json.dumps(state)

    @app.post("/print/graph-racers/sheet/track")
    @guarded("Download")
    def track_route() -> str:
        name, text = generated_track(bottle.request.forms)
        bottle.response.content_type = "application/json"
        bottle.response.set_header("Content-Disposition", f'attachment; filename="{name}"')
        return text

    @app.post("/print/<game>/<name>/download")
    @guarded("Download")
    def download_route(game: str, name: str) -> bytes:
        e = entry(game, name)
        fmt = (bottle.request.forms.get("format") or "pdf").lower()
        if fmt not in FORMATS:
            raise PageError(f"unknown format {fmt!r}: use pdf, svg or png")
        # no preview id: nothing supersedes a download; its work stops if the client leaves
        job = start("", bottle.request.environ.get("waitress.client_disconnected"))
        with request_folder() as folder:
            try:
                docs, spec, _ = build_documents(e, folder, job)
            except Cancelled:
                bottle.response.status = 409
                return b""
            if not docs:
                raise PageError("nothing to print with these options")
            return download(chosen_part(e, docs), spec, fmt, f"{game}-{name}")
