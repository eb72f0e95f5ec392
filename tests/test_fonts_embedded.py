"""One embedded typeface family on every page, and names in any script printed as themselves
or refused in one line (issue 26, items 6 and 7).

- Every kit (A4, Letter, mono): every font of every page is embedded (a print shop's preflight
  rejects a font left to the printer), none is one of the 14 standard PDF fonts, and every one
  is Liberation Sans (the kits print nothing it lacks).
- A column of names (the Triactor ledger) with Zoë and Łódź prints in that one family.
- Two CJK names (東京, 서울) in a Triactor ledger and Graph Racers sheet titles print as
  themselves in a font found on this computer (skipped when it has none), and never as two
  identical '??'; with the font search pointed at an empty folder the command refuses in one
  line and writes nothing.
"""

from __future__ import annotations

import io

import builds
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli
from generator.output import render
from generator.render import fonts

BASE_14 = {
    "Courier",
    "Courier-Bold",
    "Courier-BoldOblique",
    "Courier-Oblique",
    "Helvetica",
    "Helvetica-Bold",
    "Helvetica-BoldOblique",
    "Helvetica-Oblique",
    "Symbol",
    "Times-Bold",
    "Times-BoldItalic",
    "Times-Italic",
    "Times-Roman",
    "ZapfDingbats",
}
NAMES = ("東京", "서울")


def page_fonts(reader: PdfReader) -> list[tuple[int, str, bool]]:
    """(page number, BaseFont without its subset tag, embedded?) of every font resource of
    every page and of the forms it draws."""
    out = []

    def walk(resources, page: int, seen: set[int]) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            described = descendants[0].get_object() if descendants else font
            descriptor = described.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            name = str(font["/BaseFont"]).lstrip("/")
            out.append((page, name.split("+", 1)[-1], embedded))
        for xobject in (resources.get("/XObject") or {}).values():
            if xobject.idnum not in seen:
                seen.add(xobject.idnum)
                walk(xobject.get_object().get("/Resources"), page, seen)

    for n, page in enumerate(reader.pages, 1):
        walk(page.get("/Resources"), n, set())
    return out


@pytest.mark.parametrize("paper, mono", [("a4", False), ("letter", False), ("a4", True)])
def test_every_font_in_every_kit_is_embedded_liberation_sans(paper, mono):
    for doc in builds.kits(paper, mono):
        reader = PdfReader(io.BytesIO(render(doc, "pdf")[0]))
        used = page_fonts(reader)
        assert {page for page, _, _ in used} == set(range(1, len(reader.pages) + 1)), doc.stem
        not_embedded = [(page, name) for page, name, embedded in used if not embedded]
        assert not not_embedded, f"{doc.stem}: fonts not embedded: {not_embedded}"
        assert not {name for _, name, _ in used} & BASE_14, doc.stem
        assert {name for _, name, _ in used} <= {"LiberationSans", "LiberationSans-Bold"}


def ledger(tmp_path, names, *args: str):
    bets = tmp_path / "bets.csv"
    bets.write_text("race,player,bet\n" + "".join(f"1,{n},S\n" for n in names), encoding="utf-8")
    results = tmp_path / "results.csv"
    results.write_text("race,finish\n1,S M C\n", encoding="utf-8")
    out = tmp_path / "out"
    r = CliRunner().invoke(
        cli,
        ["triactor", "ledger", "--bets", str(bets), "--results", str(results)]
        + ["--out", str(out), *args],
    )
    return r, out / "triactor-ledger.pdf"


def test_zoe_and_lodz_print_in_one_family_in_a_column_of_names(tmp_path):
    r, pdf = ledger(tmp_path, ["Zoë", "Łódź", "Ann"])
    assert r.exit_code == 0, r.output
    reader = PdfReader(pdf)
    text = reader.pages[0].extract_text().splitlines()
    assert {"Zoë", "Łódź", "Ann"} <= set(text)
    families = {name for _, name, embedded in page_fonts(reader) if embedded}
    assert families == {"LiberationSans", "LiberationSans-Bold"}


@pytest.fixture
def cjk_font():
    """The font this computer would print 東京 and 서울 in (skips when it has none)."""
    fonts.reset()
    faces = [fonts.choose(name).face for name in NAMES]
    if any(face.family in (fonts.PRIMARY_FAMILY, fonts.UNICODE_FAMILY) for face in faces):
        pytest.skip("no font on this computer has 東京 and 서울 (apt-get install fonts-noto-cjk)")
    return faces


def test_two_cjk_names_print_as_themselves_in_the_ledger(tmp_path, cjk_font):
    r, pdf = ledger(tmp_path, [*NAMES, "Zoë"])
    assert r.exit_code == 0, r.output
    reader = PdfReader(pdf)
    text = reader.pages[0].extract_text().splitlines()
    assert "東京" in text and "서울" in text and "??" not in text, text
    used = page_fonts(reader)
    assert all(embedded for _, _, embedded in used)
    # each name's subset has a PostScript name of its own (else reportlab would print both
    # with the first one's glyphs)
    cjk = {name for _, name, _ in used if not name.startswith("LiberationSans")}
    assert len(cjk) >= 2, cjk  # (the leader's line prints 東京 in bold besides)


def test_cjk_track_names_print_as_themselves_on_graph_racers_sheets(tmp_path, cjk_font):
    texts = []
    for name in NAMES:
        track = tmp_path / f"{name}.txt"
        track.write_text(
            f"graph-racers track 1\nname: {name}\nmap:\n#####\n#S.G#\n#####\n", encoding="utf-8"
        )
        out = tmp_path / name
        r = CliRunner().invoke(
            cli, ["graph-racers", "sheet", str(track), "--pages", "track", "--out", str(out)]
        )
        assert r.exit_code == 0, r.output
        (pdf,) = out.glob("*.pdf")
        texts.append(PdfReader(pdf).pages[0].extract_text())
    assert "東京" in texts[0] and "서울" in texts[1]
    assert "??" not in texts[0] + texts[1]


def test_a_cjk_subset_is_the_same_bytes_whatever_was_asked_before(cjk_font):
    first = cjk_font[0].data
    fonts.reset()
    fonts.choose("서울 東京 Race")  # another subset of the same font first
    assert fonts.choose(NAMES[0]).face.data == first


def test_without_a_cjk_font_the_ledger_is_refused_in_one_line(tmp_path, monkeypatch):
    empty = tmp_path / "no-fonts"
    empty.mkdir()
    monkeypatch.setenv("RACEGEN_FONT_PATH", str(empty))
    fonts.reset()
    try:
        for fmt in ("pdf", "png"):
            r, pdf = ledger(tmp_path, [*NAMES, "Zoë"], "--format", fmt)
            assert r.exit_code == 1
            assert r.output.splitlines() == [
                'Error: cannot print "東京" (characters 東, 京): no font on this computer has '
                "them; install one (e.g. Noto Sans CJK: apt-get install fonts-noto-cjk)"
            ]
            assert not pdf.parent.exists()  # nothing written
    finally:
        fonts.reset()
