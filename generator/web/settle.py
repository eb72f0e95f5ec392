"""Triactor settle on the page: bets typed or uploaded, the finish chosen, every payout (the
settle engine the command line uses: settle.read_bets, parse_finish, settle_season)."""

from __future__ import annotations

from typing import Any

import bottle

from generator.web.page import (
    PageError,
    error_text,
    esc,
    guarded,
    page,
    read_upload,
    status_of,
    user_errors,
)

EXAMPLE = "player,bet\nalice,S\nalice,MM\nbob,[SM]\nbob,PPP\ncarol,INFO\n"


def form_html(bets: str = EXAMPLE, finish: str = "S,M,C", errors: dict | None = None) -> str:
    """The form with what was typed kept; `errors` (field -> message) shown next to its field
    ("bets" under the bets box and the file, "finish" under the finish)."""
    errors = errors or {}

    def said(field: str) -> tuple[str, str]:
        if field not in errors:
            return "", ""
        box = f'<p class="error" role="alert" id="{field}-error">Error: {esc(errors[field])}</p>'
        return box, f' aria-invalid="true" aria-describedby="{field}-error"'

    bets_error, bets_attrs = said("bets")
    finish_error, finish_attrs = said("finish")
    return (
        "<h1>Triactor: settle the bets</h1>"
        '<p class="note">Type the bets (CSV with header player,bet, or race,player,bet for '
        "several races) or upload the bets file, give the finish (the first three horses, e.g. "
        "S,M,C; one line per race for several races), and see every payout.</p>"
        '<form method="post" action="/triactor/settle" enctype="multipart/form-data" '
        'class="options" id="settle">'
        f'<label for="f-bets">bets</label><textarea id="f-bets" name="bets" rows="10"{bets_attrs}>'
        f"{esc(bets)}</textarea>"
        '<label for="f-file">or a bets file (CSV)</label><input id="f-file" type="file" name="bets_file">'
        + bets_error
        + '<label for="f-finish">finish<span class="help">The first three horses in order; one line '
        "per race, in race order.</span></label>"
        f'<textarea id="f-finish" name="finish" rows="2"{finish_attrs}>{esc(finish)}</textarea>'
        + finish_error
        + '<div class="buttons"><button type="submit">Settle</button></div></form>'
    )


class FieldError(Exception):
    """A user error in one field of the form ("bets" or "finish"), with the bets text read so
    far (an upload's, to show in the box) or None."""

    def __init__(self, field: str, cause: BaseException, bets: str | None) -> None:
        super().__init__(str(cause))
        self.field, self.cause, self.bets = field, cause, bets


def _table(head: tuple[str, ...], rows: list[tuple], numeric: tuple[int, ...] = ()) -> str:
    th = "".join(f"<th>{esc(h)}</th>" for h in head)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td{' class=n' if i in numeric else ''}>{esc(v)}</td>" for i, v in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f'<table class="payouts"><tr>{th}</tr>{body}</table>'


def result_html(season: Any) -> str:
    from generator.games.triactor.betting.settle import PLACE_NAMES

    data = season.to_dict()
    parts = []
    for race in data["races"]:
        if len(data["races"]) > 1:
            parts.append(f"<h2>Race {race['race']}</h2>")
        finish = ", ".join(f"{PLACE_NAMES[i]} {h}" for i, h in enumerate(race["finish"]))
        backs = ", ".join(f"{b['player']} {b['back'] or '-'}" for b in race["backs"])
        parts.append(f"<p>Finish: {esc(finish)}. Slip backs: {esc(backs)}.</p>")
        rows = [
            (
                b["player"],
                b["bet"],
                b["type"],
                b["credits"],
                "-" if b["type"] == "INFO" else ("wins" if b["wins"] else "loses"),
                b["backers"] if b["wins"] else "",
                b["column"] if b["wins"] else "",
                b["payout"],
            )
            for b in race["bets"]
        ]
        parts.append(
            _table(
                ("player", "bet", "type", "credits", "result", "backers", "column", "payout"),
                rows,
                (3, 5, 7),
            )
        )
    parts.append("<h2>Totals</h2>")
    parts.append(
        _table(("player", "total"), [(t["player"], t["total"]) for t in data["totals"]], (1,))
    )
    leaders = data["leaders"]
    parts.append(f'<p id="leaders">Leading: {esc(" and ".join(leaders))}</p>')
    return '<div id="payouts">' + "".join(parts) + "</div>"


MISSING_FINISH = (
    "give the finish: the first three horses in order, e.g. S,M,C; one line per race, in race order"
)


def settle_form() -> tuple[str, str]:
    """(the payouts, the bets text settled: the upload's when a file was chosen); a user
    error is raised as a FieldError naming its field."""
    from generator.core import textfile
    from generator.games.triactor.betting.settle import (
        MAX_BYTES,
        parse_finish,
        read_bets,
        settle_season,
    )

    form = bottle.request.forms
    text: str | None = None
    field = "bets"
    source = "bets"
    try:
        up = read_upload("bets_file", MAX_BYTES)
        if up is not None:
            data, shown = up
            where = f"bets file {shown}"
            if len(data) > MAX_BYTES:
                raise textfile._too_big(where, MAX_BYTES, "a bets file")
            text, source = textfile.decode(data, where, "save it as CSV (UTF-8)"), shown
        else:
            text = form.getunicode("bets") or ""
            if len(text.encode("utf-8")) > MAX_BYTES:
                raise textfile._too_big("the bets", MAX_BYTES, "a bets file")
            text = text.replace("\r\n", "\n")
        field = "finish"
        lines = [ln for ln in (form.getunicode("finish") or "").splitlines() if ln.strip()]
        if not lines:
            raise PageError(MISSING_FINISH)
        finishes = [parse_finish(ln.strip(), f"finish line {k}") for k, ln in enumerate(lines, 1)]
        field = "bets"
        wagers = read_bets(text, source)
        season = settle_season(wagers, finishes, source, "the finish")
    except user_errors() as e:
        if isinstance(e, PageError) or field == "finish":
            raise FieldError(field, e, text) from None
        # a bet that settle_season refuses names the bets; a count of races names the finish
        named = "bets" if error_text(e).startswith(source) else "finish"
        raise FieldError(named, e, text) from None
    return result_html(season), text


def routes(app: bottle.Bottle) -> None:
    @app.get("/triactor/settle")
    @guarded("Triactor settle")
    def show() -> str:
        return page("Triactor settle", form_html())

    @app.post("/triactor/settle")
    @guarded("Triactor settle")
    def post() -> str:
        form = bottle.request.forms
        typed_bets, finish = form.getunicode("bets") or "", form.getunicode("finish") or ""
        try:
            result, settled = settle_form()
        except FieldError as e:
            errors = {e.field: error_text(e.cause)}
            again = form_html(e.bets if e.bets is not None else typed_bets, finish, errors)
            return page("Triactor settle", again, status=status_of(e.cause))
        return page("Triactor settle", result + form_html(settled, finish))
