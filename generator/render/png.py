"""PNG previews: each page of a finished PDF rendered by PDFium.

Rendering the PDF (rather than drawing a third time) means the preview shows exactly what
prints. The pixel size is round(points * dpi / 72) on each side, and the PNG records the dpi,
so an image viewer or printer can show it at true size.
"""

from __future__ import annotations

import io
import math

from generator.errors import InvalidInput

# A page's PNG may have at most this many pixels (A3 and Tabloid at 1200 dpi have about 280 M;
# a 2 m poster sheet at 150 dpi has more): PDFium's bitmap takes 4 bytes a pixel.
MAX_PIXELS = 300_000_000


def pixel_size(width_pt: float, height_pt: float, dpi: int) -> tuple[int, int]:
    return round(width_pt * dpi / 72), round(height_pt * dpi / 72)


def png_pages(pdf: bytes, dpi: int) -> list[bytes]:
    """Each page of `pdf` as PNG bytes at `dpi`, on a white background."""
    if dpi <= 0:
        raise ValueError(f"dpi {dpi} must be positive")
    import pypdfium2 as pdfium
    from PIL import Image

    document = pdfium.PdfDocument(pdf)
    out = []
    # the pixel limit below is racegen's own; Pillow's guard against decompression bombs is for
    # images read from files, and would warn or fail on the images drawn here
    bomb_limit = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = None
    try:
        for i in range(len(document)):
            _check_pixels(i, *document[i].get_size(), dpi)
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
        Image.MAX_IMAGE_PIXELS = bomb_limit
        document.close()
    return out


def _check_pixels(index: int, width_pt: float, height_pt: float, dpi: int) -> None:
    w, h = pixel_size(width_pt, height_pt, dpi)
    if w * h <= MAX_PIXELS:
        return
    most = int(dpi * (MAX_PIXELS / (w * h)) ** 0.5)
    while most > 1 and math.prod(pixel_size(width_pt, height_pt, most)) > MAX_PIXELS:
        most -= 1
    mm = 25.4 / 72
    raise InvalidInput(
        f"page {index + 1} ({width_pt * mm:.0f} x {height_pt * mm:.0f} mm) as PNG at {dpi} dpi "
        f"would be {w} x {h} pixels, over the {MAX_PIXELS // 1_000_000} megapixels racegen "
        f"draws: use --dpi {most} or less, or --format pdf"
    )
