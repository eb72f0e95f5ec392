"""A track for the Graph Racers sheet, made on its page: the sheet printable needs a track
file, and a visitor may have none; the page offers the track /play generates for the same
kind, size, difficulty and seed (play.generated), or the visitor's own file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.web.page import PageError, esc

SHEET = ("graph-racers", "sheet")


def generated_track(form) -> tuple[str, str]:  # noqa: ANN001
    """(file name, text) of the track the sheet page's "generate one" fields ask for: the
    track /play generates for the same kind, size, difficulty and seed (play.generated)."""
    from generator.web.play import DIFFICULTIES, KINDS, SIZES, generated

    kind = form.get("gen_kind") or "cells"
    size = form.get("gen_size") or "small"
    difficulty = form.get("gen_difficulty") or "easy"
    raw = (form.get("gen_seed") or "1").strip()
    if kind not in KINDS or size not in SIZES or difficulty not in DIFFICULTIES:
        raise PageError(
            "track: choose kind cells or drawn, size small, medium or large, and difficulty "
            "easy, medium or hard"
        )
    if not raw.isdigit() or len(raw) > 9:
        raise PageError(f"track seed: {raw[:20]!r} is not a whole number from 0 to 999999999")
    track = generated(kind, size, difficulty, int(raw))
    if kind == "drawn":
        from generator.games.graph_racers.track.drawn_format import track_to_json
    else:
        from generator.games.graph_racers.track.formats import track_to_json
    return f"graph-racers-{kind}-{size}-{difficulty}-s{int(raw)}.json", track_to_json(track)


def generated_track_file(form, folder: Path) -> Path:  # noqa: ANN001
    name, text = generated_track(form)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def track_source_fields(query: Any = None) -> str:
    """The sheet page's choice of track: one generated here (the fields /play offers), or
    the user's file (the FILE field below)."""
    from generator.web.play import DIFFICULTIES, KINDS, SIZES

    def get(name: str, default: str) -> str:
        return (query.get(name) if query is not None else None) or default

    def select(name: str, label: str, values: tuple, current: str, help: str = "") -> str:
        opts = "".join(
            f'<option value="{esc(v)}"{" selected" if v == current else ""}>{esc(v)}</option>'
            for v in values
        )
        span = f'<span class="help">{esc(help)}</span>' if help else ""
        return (
            f'<label for="f-{name}">{esc(label)}{span}</label>'
            f'<select id="f-{name}" name="{name}">{opts}</select>'
        )

    source = get("source", "generate")
    sources = (("generate", "generate one here"), ("file", "my track file (below)"))
    opts = "".join(
        f'<option value="{v}"{" selected" if v == source else ""}>{words}</option>'
        for v, words in sources
    )
    return (
        '<fieldset class="track-source" id="track-source"><legend>The track</legend>'
        '<label for="f-source">track<span class="help">Print a track generated here (the '
        "one Play Graph Racers races for the same choices), or your own track file.</span>"
        f'</label><select id="f-source" name="source">{opts}</select>'
        + select(
            "gen_kind",
            "kind",
            KINDS,
            get("gen_kind", "cells"),
            "cells: squares; drawn: a circuit with smooth edges.",
        )
        + select(
            "gen_size",
            "size",
            tuple(SIZES),
            get("gen_size", "small"),
            ", ".join(f"{k} {c}x{r}" for k, (c, r) in SIZES.items()) + " points.",
        )
        + select("gen_difficulty", "difficulty", DIFFICULTIES, get("gen_difficulty", "easy"))
        + '<label for="f-gen_seed">track seed<span class="help">Same seed, same track.</span>'
        f'</label><input id="f-gen_seed" type="number" name="gen_seed" min="0" '
        f'max="999999999" value="{esc(get("gen_seed", "1"))}">'
        '<div class="buttons"><button type="submit" name="format" value="track" '
        'formaction="/print/graph-racers/sheet/track">Download this track file</button></div>'
        "</fieldset>"
    )


# --- pages -----------------------------------------------------------------------------------
