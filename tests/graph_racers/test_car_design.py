"""The car-design sheet (printing/design_sheet.design_sheet_document): the seed's "Design Your Own Car"
price list and a box per player, from the printables table."""

from __future__ import annotations

from click.testing import CliRunner

from generator.cli import cli
from generator.games.graph_racers.printables import PRINTABLES
from generator.printing import PrintSpec


def test_the_sheet_has_the_seeds_prices_and_a_box_for_each_of_six_players(tmp_path):
    (p,) = [p for p in PRINTABLES if p.name == "car-design"]
    assert p.kit is not None
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


def test_the_command_writes_one_portrait_page(tmp_path, unwrapped):
    r = CliRunner().invoke(cli, ["graph-racers", "car-design", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "graph-racers-car-design.pdf").exists()
    listed = CliRunner().invoke(cli, ["list"]).output
    assert "car-design (the $100 price list, a box per player)" in listed


def test_james_bond_mode_adds_every_goodie_at_the_seeds_price(tmp_path):
    """--bond: "$30 Missile ... $10 Oil Sprayers ... $30 Rocket boosters ... $30 Submarine
    Capability ... $20 Rear-shooting machine guns", on the price list and in every car's box,
    with a tick box for each one-use goodie; full-width boxes, three a page."""
    from pypdf import PdfReader

    from generator.games.graph_racers.race.goodies import PRICES

    (p,) = [p for p in PRINTABLES if p.name == "car-design"]
    (doc,) = p.documents(PrintSpec(out=tmp_path, paper="a4"), bond=True)
    assert doc.stem == "graph-racers-car-design-bond" and len(doc.pages) == 2
    first = doc.pages[0].texts()
    for line in (
        "Missile: $30",
        "Oil sprayer: $10",
        "Rocket booster: $30",
        "Submarine: $30",
        "Rear guns: $20 a set",
    ):
        assert line in first
    assert PRICES == {"missile": 30, "sprayer": 10, "rocket": 30, "sub": 30, "guns": 20}
    texts = [t for page in doc.pages for t in page.texts()]
    assert [t for t in texts if t.startswith("Car ")] == [
        f"Car {i}   name ______________________" for i in range(1, 7)
    ]
    for row in ("Missile:", "Oil sprayer:", "Rocket booster:", "Submarine:", "Rear guns:"):
        assert texts.count(row) == 6
    assert texts.count("____ x $30 = $______") == 6 * 3  # missile, rocket, submarine
    assert texts.count("____ x $20 = $______") == 6  # rear guns
    # goodies bought by the number (issue 28 point 5): a tick box for each one a car can
    # afford, $100 / its price: 3 missiles, 10 sprays, 3 rockets
    for tick in ("Missiles fired", "Oil sprayed", "Rockets used"):
        assert texts.count(tick) == 6
    from generator.games.graph_racers.printing.design_sheet import BOND_TICKS

    assert [PRICES[k] for _, k in BOND_TICKS] == [30, 10, 30]  # 100 // price boxes: 3, 10, 3
    r = CliRunner().invoke(
        cli, ["graph-racers", "car-design", "--bond", "--paper", "letter", "--out", str(tmp_path)]
    )
    assert r.exit_code == 0, r.output
    pages = PdfReader(tmp_path / "graph-racers-car-design-bond.pdf").pages
    assert len(pages) == 2
    assert all(round(float(pg.mediabox.width)) == 612 for pg in pages)  # Letter, portrait
