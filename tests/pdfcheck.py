"""Opening a Document's PDF in the tests: render it as racegen writes it (footers and all)
and read its page sizes in millimetres. Shared by the games' printable tests (importable as
`pdfcheck`: pytest puts this folder on sys.path for the test packages below it)."""

from __future__ import annotations

import io

from pypdf import PdfReader

from generator.output import render
from generator.render.pages import add_footers

MM_PER_PT = 25.4 / 72


def pdf_of(doc) -> PdfReader:
    add_footers(doc)
    return PdfReader(io.BytesIO(render(doc, "pdf")[0]))


def page_mm(reader: PdfReader, i: int = 0) -> tuple[float, float]:
    box = reader.pages[i].mediabox
    return round(float(box.width) * MM_PER_PT, 1), round(float(box.height) * MM_PER_PT, 1)
