"""PNG previews: each page of a finished PDF rendered by PDFium.

Rendering the PDF (rather than drawing a third time) means the preview shows exactly what
prints. The pixel size is round(points * dpi / 72) on each side, and the PNG records the dpi,
so an image viewer or printer can show it at true size.
"""

from __future__ import annotations

import io


def pixel_size(width_pt: float, height_pt: float, dpi: int) -> tuple[int, int]:
    return round(width_pt * dpi / 72), round(height_pt * dpi / 72)


def png_pages(pdf: bytes, dpi: int) -> list[bytes]:
    """Each page of `pdf` as PNG bytes at `dpi`, on a white background."""
    if dpi <= 0:
        raise ValueError(f"dpi {dpi} must be positive")
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    out = []
    try:
        for i in range(len(document)):
            page = document[i]
            try:
                width_pt, height_pt = page.get_size()
                bitmap = page.render(
                    scale=dpi / 72,
                    fill_color=(255, 255, 255, 255),
                    may_draw_forms=False,
                )
                try:
                    image = bitmap.to_pil().convert("RGB")
                finally:
                    bitmap.close()
            finally:
                page.close()
            # PDFium rounds the bitmap up; trim the partial pixel to the exact size.
            size = pixel_size(width_pt, height_pt, dpi)
            if image.size != size:
                image = image.crop((0, 0, *size))
            buf = io.BytesIO()
            image.save(buf, format="PNG", dpi=(dpi, dpi))
            out.append(buf.getvalue())
    finally:
        document.close()
    return out
