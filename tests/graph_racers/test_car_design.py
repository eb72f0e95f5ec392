"""The car-design sheet (materials.design_sheet_document): the seed's "Design Your Own Car"
price list and a box per player, from the printables table."""

from __future__ import annotations

from click.testing import CliRunner

from generator.cli import cli
from generator.games.graph_racers.printables import PRINTABLES
from generator.printing import PrintSpec


def test_the_sheet_has_the_seeds_prices_and_a_box_for_each_of_six_players(tmp_path):
    (p,) = [p for p in PRINTABLES if p.name == "car-design"]
    assert not p.custom and p.kit is not None
    (doc,) = p.documents(PrintSpec(out=tmp_path, paper="a4"))
    (page,) = doc.pages
    texts = page.texts()
    joined = " ".join(texts)
    assert "Each player gets $100 to kit out the car." in joined
    for line in ("Good brakes: $10 a use", "Turbo boost: $10 a use", "Damage point: $5 each"):
        assert line in texts
    assert "the car blows up the first time it hits anything!" in texts
    assert [t for t in texts if t.startswith("Car ")] == [
        f"Car {i}   name ______________________" for i in range(1, 7)
    ]
    assert texts.count("$______  (at most $100)") == 6


def test_the_command_writes_one_portrait_page(tmp_path):
    r = CliRunner().invoke(cli, ["graph-racers", "car-design", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "graph-racers-car-design.pdf").exists()
    listed = CliRunner().invoke(cli, ["list"]).output
    assert "car-design (the $100 price list, a box per player)" in listed
