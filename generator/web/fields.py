"""A printable's option as a form field: its label, its help in the page's words, its value,
and the choices the form does not offer shown disabled (offered.py). The printables pages and
the answer check's pages (check.py) make their fields here."""

from __future__ import annotations

from typing import Any

from generator.printing import Option, Printable
from generator.web.page import esc, page_words

# help texts whose command-line syntax the page words otherwise ((game, printable, dest) ->
# the page's text; "" for the printable's own help); the others go through page_words
HELP = {
    ("graph-racers", "sheet", ""): (
        "Print a track file as a track sheet, a race sheet with a move log, and an answer key "
        "(true scale). The race sheet prints the table's rules given (design, teams, "
        "no-contact, jumps, off-track) and a tally of damage and uses for each player. No "
        "track file yet? The page generates one (The track, below), or choose yours."
    ),
    ("trading-paint", "dice", "edge"): "Die edge; board squares 1 mm larger fit it (16 mm "
    "dice fit the board's 17 mm squares).",
    ("trading-paint", "cars", "edge"): "Die edge; board squares 1 mm larger fit it (16 mm "
    "dice fit the board's 17 mm squares).",
    ("dice-rush", "board", ""): (
        "The board at true size with the compass of d8 directions and a legend (one page when "
        "it fits the paper, else tiled over sheets with an assembly map): the default board, "
        "a board file, or a variant board by its number."
    ),
    ("dice-rush", "board", "variant"): (
        "Print the 9 x 8 variant board of this number (the board racegen's new-board makes "
        "with this seed), instead of the default board or a board file."
    ),
}


def label_of(o: Option) -> str:
    """The field's label: the option's flag without its dashes; a file argument's 'file'."""
    return o.flag.lstrip("-") if o.flag.startswith("-") else f"{o.dest} file"


def help_of(game: str, p: Printable, o: Option | None = None) -> str:
    """The help text the page shows for printable `p` of `game` (or its option `o`), in the
    page's words (no command-line syntax)."""
    key = (game, p.name, "" if o is None else o.dest)
    if key in HELP:
        return HELP[key]
    if o is None:
        return page_words(p.help or p.summary)
    return page_words(o.help)


def nearest_offered(choices: tuple, value: Any, off: tuple) -> Any:
    """`value`, or when the form does not offer it the nearest choice it offers (as print.js
    moves a select whose choice is no longer offered)."""
    names = [str(c) for c in choices]
    if str(value) not in off or str(value) not in names:
        return value
    i = names.index(str(value))
    for d in range(1, len(names)):
        for j in (i - d, i + d):
            if 0 <= j < len(names) and names[j] not in off:
                return names[j]
    return value


def field(o: Option, given: Any = None, help: str = "", off: tuple = (), why: str = "") -> str:
    """The option's form field, filled with `given` (from the address: a list for a repeated
    choice, else a string) or its default, with the page's `help`; `off`: the choices the
    form does not offer with the other fields as they are (offered.py), shown disabled."""
    name = esc(o.dest)
    help = help or page_words(o.help)
    label = f'<label for="f-{name}">{esc(label_of(o))}<span class="help">{esc(help)}</span></label>'
    default = "" if o.default is None else o.default
    if given is not None and o.kind != "file":
        default = given
    if o.kind == "choice":
        default = nearest_offered(o.choices, default, off)
        opts = "".join(
            f'<option value="{esc(c)}"{" selected" if str(c) == str(default) else ""}'
            f"{' disabled' if str(c) in off else ''}>{esc(c)}</option>"
            for c in o.choices
        )
        if o.default is None:  # not given: the option's help says what decides
            opts = '<option value="" selected>(not given)</option>' + opts
        said = f'<span class="help off" id="off-{name}"{"" if why else " hidden"}>{esc(why)}</span>'
        return f'{label}<select id="f-{name}" name="{name}">{opts}</select>{said}'
    if o.kind == "switch":  # on, off, or not given (what the file stores decides)
        said = {"1": "1", "on": "1", "true": "1", "0": "0", "off": "0", "false": "0"}
        picked = said.get(str(default).lower(), "")
        opts = "".join(
            f'<option value="{v}"{" selected" if v == picked else ""}>{words}</option>'
            for v, words in (("", "(not given)"), ("1", "on"), ("0", "off"))
        )
        return f'{label}<select id="f-{name}" name="{name}">{opts}</select>'
    if o.kind == "choices":
        chosen = set(default or ())
        opts = "".join(
            f'<option value="{esc(c)}"{" selected" if c in chosen else ""}>{esc(c)}</option>'
            for c in o.choices
        )
        return f'{label}<select id="f-{name}" name="{name}" multiple size="{min(6, len(o.choices))}">{opts}</select>'
    if o.kind == "int":
        lo = "" if o.low is None else f' min="{int(o.low)}"'
        hi = "" if o.high is None else f' max="{int(o.high)}"'
        return f'{label}<input id="f-{name}" type="number" name="{name}" value="{esc(default)}"{lo}{hi}>'
    if o.kind == "flag":
        checked = " checked" if str(default).lower() in ("1", "on", "true", "yes") else ""
        return (
            f'<label><input id="f-{name}" type="checkbox" name="{name}" value="1"{checked}> '
            f'{esc(label_of(o))}<span class="help">{esc(help)}</span></label>'
        )
    if o.kind == "file":
        return f'{label}<input id="f-{name}" type="file" name="{name}">'
    return f'{label}<input id="f-{name}" type="text" name="{name}" value="{esc(default)}">'
