"""The Dice Rush board as data: a grid of spaces, two starts, two finishes, point spaces.

The seed never shows its board ("start on opposite ends of the board, with the finish spaces
... placed in two spaces at the center"), so the board is a file a designer can edit: one
line per row, top row first, one token per space separated by spaces:

    .        an empty space
    +N / -N  a point space (N from 1 to 9): landing on it adds or takes away N points
    S1 S2    player 1's and player 2's start space (empty once left)
    F1 F2    player 1's and player 2's finish space

`#` starts a comment. The same rows may be given as JSON: {"name": ..., "rows": [...]}.
Positions are (row, column), row 0 at the top edge, as printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.core.names import check_name
from generator.errors import InvalidInput

Pos = tuple[int, int]

MIN_SIDE, MAX_SIDE = 2, 20
MAX_POINTS = 9
MAX_NAME = 60  # characters: a board's name is printed in the page title
MAX_FILE = 1 << 20  # bytes: a board file is at most 20 rows of 20 tokens plus comments
SPACE_MM = 20.0  # true size of a space on the printed board

# d8 face -> (row step, column step); row 0 is the top edge ("up" is towards it).
DIRECTIONS: dict[int, tuple[int, int]] = {
    1: (-1, 0),
    2: (-1, 1),
    3: (0, 1),
    4: (1, 1),
    5: (1, 0),
    6: (1, -1),
    7: (0, -1),
    8: (-1, -1),
}
DIRECTION_NAMES: dict[int, str] = {
    1: "up",
    2: "up-right",
    3: "right",
    4: "down-right",
    5: "down",
    6: "down-left",
    7: "left",
    8: "up-left",
}


@dataclass(frozen=True)
class Board:
    """A rectangular board. points: (row, col) -> nonzero value; starts/finishes: per player."""

    rows: int
    cols: int
    starts: tuple[Pos, Pos]
    finishes: tuple[Pos, Pos]
    points: dict[Pos, int] = field(default_factory=dict)
    name: str = "Dice Rush board"

    def __hash__(self) -> int:  # frozen with a dict inside: hash what identifies the board
        return hash((self.rows, self.cols, self.starts, self.finishes, self.text()))

    def on_board(self, pos: Pos) -> bool:
        return 0 <= pos[0] < self.rows and 0 <= pos[1] < self.cols

    def spaces(self) -> list[Pos]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def value(self, pos: Pos) -> int:
        return self.points.get(pos, 0)

    def token(self, pos: Pos) -> str:
        for p in (0, 1):
            if pos == self.starts[p]:
                return f"S{p + 1}"
            if pos == self.finishes[p]:
                return f"F{p + 1}"
        v = self.value(pos)
        return f"{v:+d}" if v else "."

    def text(self) -> str:
        """The board in its file format (rows of tokens, aligned)."""
        return "\n".join(
            " ".join(f"{self.token((r, c)):<2}" for c in range(self.cols)).rstrip()
            for r in range(self.rows)
        )

    def mirror(self, pos: Pos) -> Pos:
        """The space a half turn of the board puts at `pos`."""
        return (self.rows - 1 - pos[0], self.cols - 1 - pos[1])

    def departures(self) -> list[str]:
        """Where the board departs from the seed's layout ("Each player will start on
        opposite ends of the board, with the finish spaces ... placed in two spaces at the
        center of the board"): racegen plays such a board as given (a designer's variant) and
        says so. Opposite ends: the starts on opposite edges (top and bottom, or left and
        right), the finishes on neither of those edges; the centre: both finishes within one
        space of the board's centre point."""
        out = []
        (r1, c1), (r2, c2) = self.starts
        last_r, last_c = self.rows - 1, self.cols - 1
        ends = None
        if {r1, r2} == {0, last_r}:
            ends = 0, (0, last_r)
        elif {c1, c2} == {0, last_c}:
            ends = 1, (0, last_c)
        else:
            out.append("the starts are not on opposite edges")
        cy, cx = last_r / 2, last_c / 2
        if any(abs(r - cy) > 1 or abs(c - cx) > 1 for r, c in self.finishes):
            out.append("a finish is more than one space from the centre")
        if ends and any(f[ends[0]] in ends[1] for f in self.finishes):
            out.append("a finish is on an edge where a player starts")
        return out

    def is_symmetric(self) -> bool:
        """True when a half turn maps the board onto itself with the players swapped: then
        neither player is favoured by the board (only by moving first)."""
        m = self.mirror
        return (
            m(self.starts[0]) == self.starts[1]
            and m(self.finishes[0]) == self.finishes[1]
            and all(self.value(m(p)) == v for p, v in self.points.items())
        )


def parse_rows(rows: list[str], where: str, first_line: int = 1, step: int = 1) -> Board:
    """A Board from token rows; errors name `where` and the line of the offending row."""
    grid: list[tuple[int, list[str]]] = []
    for i, raw in enumerate(rows):
        line = raw.split("#", 1)[0].split()
        if line:
            grid.append((first_line + i * step, line))
    if not grid:
        raise InvalidInput(f"{where} has no rows: write one line of tokens per row of the board")
    cols = len(grid[0][1])
    if not MIN_SIDE <= len(grid) <= MAX_SIDE or not MIN_SIDE <= cols <= MAX_SIDE:
        raise InvalidInput(
            f"{where} is {len(grid)} rows x {cols} columns: each side must be "
            f"{MIN_SIDE} to {MAX_SIDE} spaces"
        )
    marks: dict[str, tuple[Pos, int]] = {}
    points: dict[Pos, int] = {}
    for r, (lineno, tokens) in enumerate(grid):
        if len(tokens) != cols:
            raise InvalidInput(
                f"{where} line {lineno} has {len(tokens)} spaces, the first row {cols}: "
                "give every row the same number of tokens"
            )
        for c, tok in enumerate(tokens):
            up = tok.upper()
            if up in ("S1", "S2", "F1", "F2"):
                if up in marks:
                    raise InvalidInput(
                        f"{where} line {lineno}: {up} appears twice (first on line "
                        f"{marks[up][1]}): a board has one of each of S1 S2 F1 F2"
                    )
                marks[up] = ((r, c), lineno)
            elif tok != ".":
                points[(r, c)] = _points(tok, where, lineno)
    missing = [m for m in ("S1", "S2", "F1", "F2") if m not in marks]
    if missing:
        raise InvalidInput(
            f"{where} has no {' '.join(missing)}: mark both starts (S1 S2) and both "
            "finishes (F1 F2)"
        )
    return Board(
        rows=len(grid),
        cols=cols,
        starts=(marks["S1"][0], marks["S2"][0]),
        finishes=(marks["F1"][0], marks["F2"][0]),
        points=points,
    )


def _points(tok: str, where: str, lineno: int) -> int:
    bad = InvalidInput(
        f"{where} line {lineno}: unknown space {tok!r}: use . (empty), +1 to +{MAX_POINTS} "
        f"or -1 to -{MAX_POINTS} (points), S1 S2 (starts) or F1 F2 (finishes)"
    )
    if len(tok) != 2 or tok[0] not in "+-" or not tok[1].isdigit() or not tok[1].isascii():
        raise bad
    v = int(tok)
    if v == 0:
        raise bad
    return v


def parse_text(text: str, where: str) -> Board:
    """A board file: JSON ({"rows": [...]}) when it starts with '{' (or '['), else the
    token grid. A byte-order mark (as Windows editors save) is allowed."""
    from generator.core import jsontext

    text = text.removeprefix("\ufeff")
    if text.lstrip()[:1] in ("{", "["):
        data = jsontext.loads(text, where, "; fix it or use the text grid")
        rows = data.get("rows") if isinstance(data, dict) else None
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            raise InvalidInput(
                f'{where}: a JSON board is an object with "rows": a list of strings of tokens'
            )
        board = parse_rows(rows, f"{where} rows", first_line=1)
        name = data.get("name")
        if name is not None:
            board = Board(**{**board.__dict__, "name": _name(name, where)})
        return board
    return parse_rows(text.splitlines(), where)


def _name(name: object, where: str) -> str:
    """A JSON board's "name": one line of text, printed in the page title."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidInput(f'{where}: "name" must be a non-empty text, not {name!r}')
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        raise InvalidInput(f'{where}: "name" must be one line, without control characters')
    name = check_name(name.strip(), f'{where}: "name"')
    if len(name) > MAX_NAME:
        raise InvalidInput(
            f'{where}: "name" has {len(name)} characters: keep it to {MAX_NAME} (it is printed '
            "in the board's title)"
        )
    return name


def load_board(path: Path | str | None = None) -> Board:
    """The board in `path` ('-': standard input), or the default board
    (templates/dice_rush/board.json). An unnamed board takes its file's name."""
    if path is None:
        return default_board()
    from generator.core import textfile

    hint = "save the board as plain text"
    text, source = textfile.read_arg(path, "board file", hint, MAX_FILE)
    stdin = str(path) == textfile.STDIN
    board = parse_text(text, source if stdin else f"board file {source}")
    if board.name == "Dice Rush board" and not stdin:
        board = Board(**{**board.__dict__, "name": Path(path).stem})
    return board


def default_board() -> Board:
    from generator.resources import read_text

    return parse_text(read_text("dice_rush", "board.json"), "templates/dice_rush/board.json")
