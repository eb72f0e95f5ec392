"""One table of printables per game: the commands, `racegen list`, the demo and the kits are
made from it; the library below the command line never imports click."""

from __future__ import annotations

import ast
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from usage import drop_usage

from generator.cli import cli
from generator.commands.demo import jobs
from generator.games.registry import GAMES, game

ROOT = Path(__file__).resolve().parents[1]
MM_PER_PT = 25.4 / 72


def group(name: str) -> click.Group:
    ctx = click.Context(cli)
    g = cli.get_command(ctx, name)
    assert isinstance(g, click.Group)
    return g


@pytest.mark.parametrize("name", [g.name for g in GAMES])
def test_every_printable_is_a_command_with_the_tables_options(name):
    g = group(name)
    for p in game(name).printables():
        cmd = g.get_command(click.Context(g), p.name)
        assert cmd is not None, p.name
        flags = {f for param in cmd.params for f in getattr(param, "opts", [])}
        assert {"--out", "--format", "--paper", "--mono", "--force"} <= flags
        # --seed only where a seed changes what is printed
        assert ("--seed" in flags) == p.seeded, p.name
        assert {o.flag for o in p.options} <= flags, p.name
        if p.argument is not None:  # a file to print: the command's argument
            assert [a.name for a in cmd.params if isinstance(a, click.Argument)] == ["track"]


def test_list_and_demo_read_the_tables(unwrapped):
    out = CliRunner().invoke(cli, ["list"]).output
    for g in GAMES:
        for p in g.printables():
            assert (p.listed or p.name) in out
    demo = [path for path, _, _ in jobs()]
    expected = [(g.name, p.name) for g in GAMES for p in g.printables() if p.demo is not None]
    assert demo[2:] == expected and demo[:2] == [("paper", "graph"), ("dice", "blank-d6")]


def test_the_library_never_imports_click():
    """Nothing under generator/games/*/ except commands.py (or a commands/ package) imports
    click or generator.options; neither do printing, output, kits or render."""
    files = [
        f
        for f in (ROOT / "generator" / "games").rglob("*.py")
        if f.name != "commands.py" and f.parent.name != "commands"
    ]
    files += [ROOT / "generator" / n for n in ("printing.py", "output.py", "kits.py")]
    files += list((ROOT / "generator" / "render").rglob("*.py"))
    for f in files:
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for n in names:
                assert n != "click" and not n.startswith("click."), f
                assert n != "generator.options", f


def test_seed_is_refused_where_it_changes_nothing(tmp_path):
    r = CliRunner().invoke(cli, ["triactor", "payouts", "--seed", "3", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "No such option '--seed'" in r.output


# --- kits ---------------------------------------------------------------------------------------
def test_kit_is_one_pdf_cover_first_rules_last(tmp_path):
    r = CliRunner().invoke(
        cli, ["kit", "pushing-race", "--paper", "letter", "--out", str(tmp_path)]
    )
    assert r.exit_code == 0, r.output
    (pdf,) = r.output.split()
    reader = PdfReader(pdf)
    parts = [p for p in game("pushing-race").printables() if p.kit is not None]
    cover = reader.pages[0].extract_text()
    assert "print and play" in cover and "In this kit" in cover and "card stock" in cover
    assert "Looney Pyramids, 5 per player" in cover
    assert 'Print at 100 % ("actual size", never "fit to page") on US Letter' in " ".join(
        cover.split()
    )
    assembly = reader.pages[1].extract_text()
    assert "Making the pieces" in assembly and "Cut" in assembly and "Glue" in assembly
    assert "Join tiles" not in assembly  # its board is one sheet: nothing to join
    for page in reader.pages:
        box = page.mediabox
        assert round(float(box.width) * MM_PER_PT, 1) in (215.9, 279.4)
    last = reader.pages[-1].extract_text()
    assert "Pushing Race" in last and "rules" in last.lower()
    # the same pages as the single commands: board, pieces with the die, then the rules
    assert len(reader.pages) == 2 + 1 + 1 + 1 == 2 + len(parts)


@pytest.fixture(scope="module")
def every_kit(tmp_path_factory):
    """`racegen kit all`, printed once for the tests below that read its kits."""
    out = tmp_path_factory.mktemp("kits")
    return CliRunner().invoke(cli, ["kit", "all", "--out", str(out)]), out


def test_kit_all_writes_one_file_per_game_and_svg_pages(every_kit, tmp_path):
    r, kits = every_kit
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in kits.iterdir()) == sorted(f"{g.name}-kit.pdf" for g in GAMES)
    r = CliRunner().invoke(
        cli, ["kit", "dice-rush", "--format", "svg", "--out", str(tmp_path / "svg")]
    )
    assert r.exit_code == 0, r.output
    names = sorted(p.name for p in (tmp_path / "svg").iterdir())
    # the pages, and the folder's record of them (so --force can remove old pages: output.py)
    assert names[0] == ".racegen-manifest.json"
    assert names[1] == "dice-rush-kit-p1.svg" and len(names) >= 6


def test_kit_of_an_unknown_game_is_a_usage_error():
    r = CliRunner().invoke(cli, ["kit", "chess"])
    assert r.exit_code == 2
    assert drop_usage(r.output).strip() == (
        "Error: Invalid value for 'GAME': 'chess' is not a game: use one of graph-racers, "
        "trading-paint, triactor, pushing-race, dice-rush or all"
    )


def test_the_assembly_page_shows_only_the_steps_the_kit_needs(every_kit):
    """Graph Racers is played on its sheets: no assembly page. Trading Paint's board is taped
    and its dice cut, folded and glued: all four diagrams. (Each game's kit as `kit all` prints
    it: the same file as `kit GAME`.)"""
    r, kits = every_kit
    assert r.exit_code == 0, r.output
    racers = PdfReader(kits / "graph-racers-kit.pdf")
    assert all("Making the pieces" not in p.extract_text() for p in racers.pages)
    assert "2-5" in racers.pages[0].extract_text()  # the sheets start on page 2
    paint = PdfReader(kits / "trading-paint-kit.pdf").pages[1].extract_text()
    assert "Making the pieces" in paint
    assert all(step in paint for step in ("Cut", "Fold", "Glue", "Join tiles"))


# --- one declaration for the command line, the page and the kit ---------------------------------
def test_the_page_offers_every_printable_from_its_declaration():
    """Graph Racers' sheet, worksheet and class pack are on the page as every other printable:
    the page's entry is the table's Printable itself, its fields the declared options (and the
    file to print)."""
    from generator.web.printables import entries

    found = entries()
    for g in GAMES:
        for p in g.printables():
            e = found[(g.name, p.name)]
            assert e.printable is p
            assert e.options == p.options + ((p.argument,) if p.argument else ())
    sheet = found[("graph-racers", "sheet")]
    assert [o.dest for o in sheet.options][-1] == "track" and sheet.parts == ()
    assert found[("graph-racers", "classpack")].parts == (
        "the students' sheets",
        "the teacher's booklet",
    )


def test_the_kit_prints_the_sheet_printable_of_a_generated_circuit(tmp_path):
    """The Graph Racers kit's sheets are the `sheet` printable's, printed with the kit's values
    (the track and race pages) and a generated circuit as its file."""
    from generator.printing import PrintSpec

    (p,) = [p for p in game("graph-racers").printables() if p.name == "sheet"]
    spec = PrintSpec(out=tmp_path, seed=1)
    values = p.kit.values_for(spec)
    assert values["pages"] == ("track", "race") and values["track"].name
    (doc,) = p.documents(spec, **values)
    # the track, the race sheet, the move log over two pages; the race sheet for six players
    assert len(doc.pages) == 4 and doc.stem.endswith("-sheet-track-race-6players")


def test_a_printable_that_knows_its_files_claims_them_before_building(tmp_path, monkeypatch):
    """A worksheet's files are refused before its puzzles are generated (they take seconds):
    the build never runs when a file of the set exists."""
    from generator.games.graph_racers.printing import classroom

    (tmp_path / "graph-racers-worksheet-easy-s1.pdf").write_bytes(b"mine")

    def never(*args, **kwargs):
        raise AssertionError("generated before the taken file was refused")

    monkeypatch.setattr(classroom, "sheet_tracks", never)
    r = CliRunner().invoke(cli, ["graph-racers", "worksheet", "--out", str(tmp_path)])
    assert r.exit_code == 1
    assert "graph-racers-worksheet-easy-s1.pdf already exists: use --force" in r.stderr
    assert (tmp_path / "graph-racers-worksheet-easy-s1.pdf").read_bytes() == b"mine"


def test_an_always_portrait_printable_says_so_before_a_file_is_refused(tmp_path):
    """The note on --landscape comes first, as when the build says it, even when the claim of
    a taken file stops the command before the build."""
    (tmp_path / "trading-paint-worksheet-lay-any-easy-s1.pdf").write_bytes(b"mine")
    args = ["trading-paint", "worksheet", "--landscape", "--out", str(tmp_path)]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 1
    assert r.stderr.splitlines() == [
        "note: a worksheet prints portrait; --landscape is not used",
        f"Error: {tmp_path / 'trading-paint-worksheet-lay-any-easy-s1.pdf'} already exists: "
        "use --force to overwrite it",
    ]
