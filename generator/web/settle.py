"""Triactor settle on the page: bets typed or uploaded, the finish chosen, every payout (the
settle engine the command line uses: settle.read_bets, parse_finish, settle_season)."""

from __future__ import annotations

from typing import Any

import bottle

from generator.web.page import PageError, esc, guarded, page, read_upload

EXAMPLE = "player,bet\nalice,S\nalice,MM\nbob,[SM]\nbob,PPP\ncarol,INFO\n"


def form_html(bets: str = EXAMPLE, finish: str = "S,M,C") -> str:
    return (
        "<h1>Triactor: settle the bets</h1>"
        '<p class="note">Type the bets (CSV with header player,bet, or race,player,bet for '
        "several races) or upload the bets file, give the finish (the first three horses, e.g. "
        "S,M,C; one line per race for several races), and see every payout.</p>"
        '<form method="post" action="/triactor/settle" enctype="multipart/form-data" '
        'class="options" id="settle">'
        f'<label for="f-bets">bets</label><textarea id="f-bets" name="bets" rows="10">{esc(bets)}</textarea>'
        '<label for="f-file">or a bets file (CSV)</label><input id="f-file" type="file" name="bets_file">'
        '<label for="f-finish">finish<span class="help">The first three horses in order; one line '
        "per race, in race order.</span></label>"
        f'<textarea id="f-finish" name="finish" rows="2">{esc(finish)}</textarea>'
        '<div class="buttons"><button type="submit">Settle</button></div></form>'
    )


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


def settle_form() -> str:
    from generator.core import textfile
    from generator.games.triactor.betting.settle import (
        MAX_BYTES,
        parse_finish,
        read_bets,
        settle_season,
    )

    form = bottle.request.forms
    up = read_upload("bets_file", MAX_BYTES)
    if up is not None:
        data, shown = up
        where = f"bets file {shown}"
        if len(data) > MAX_BYTES:
            raise textfile._too_big(where, MAX_BYTES, "a bets file")
        text, source = textfile.decode(data, where, "save it as CSV (UTF-8)"), shown
    else:
        text, source = form.getunicode("bets") or "", "bets"
        if len(text.encode("utf-8")) > MAX_BYTES:
            raise textfile._too_big("the bets", MAX_BYTES, "a bets file")
        text = text.replace("\r\n", "\n")
    lines = [ln for ln in (form.getunicode("finish") or "").splitlines() if ln.strip()]
    if not lines:
        raise PageError(
            "Missing option '--finish': give the finish S,M,C once per race, in race order"
        )
    finishes = [parse_finish(ln) for ln in lines]
    wagers = read_bets(text, source)
    return result_html(settle_season(wagers, finishes, source, "--finish"))


def routes(app: bottle.Bottle) -> None:
    @app.get("/triactor/settle")
    @guarded("Triactor settle")
    def show() -> str:
        return page("Triactor settle", form_html())

    @app.post("/triactor/settle")
    def post() -> str:
        form = bottle.request.forms
        again = form_html(form.getunicode("bets") or "", form.getunicode("finish") or "")
        return _settle(again)

    @guarded("Triactor settle")
    def _settle(again: str) -> str:
        return page("Triactor settle", settle_form() + again)
