"""Print layout, one import for the games: pages with safe margins and footers (pages),
text (text), marks (marks), sheets of pieces, two-sided items (sheets), and big drawings tiled
over sheets or drawn as posters (tiling). Everything a home printer needs to get true-size
pieces: nothing within 10 mm of the paper's edge, a 50 mm bar on every true-scale page, crop
marks outside the pieces, backs that land behind their fronts, tiles that overlap and line up.

It defines nothing and only the games' printing packages import it: render's own modules (nets,
sheets, tiling) and everything else import the module that defines a name, so nothing below
this facade imports it back; it re-exports no private name.
"""

from __future__ import annotations

from generator.render.clip import Box  # noqa: F401  (games take Box from here)
from generator.render.marks import (  # noqa: F401
    ALIGN,
    BAR_HEIGHT,
    BAR_LENGTH,
    BAR_STRIP,
    BAR_TEXT,
    CROP,
    CROP_LENGTH,
    CROP_MIN,
    CROP_OFFSET,
    REG_RADIUS,
    REGISTRATION,
    alignment_cross,
    calibration_bar,
    crop_marks,
    registration_mark,
)
from generator.render.pages import (  # noqa: F401
    FOOTER_BAND,
    FOOTER_COLOUR,
    FOOTER_ID,
    FOOTER_SIZE,
    MARGIN,
    add_footers,
    has_footer,
    page,
    usable_box,
)
from generator.render.sheets import (  # noqa: F401
    GUTTER_WORDS,
    NET_GAP,
    Grid,
    centred_grid,
    duplex,
    duplex_back_box,
    duplex_back_region,
    duplex_flip,
    duplex_marks,
    fewest_sheets,
    fit_count,
    gutter_fold,
    net_sheet,
    nup,
    place_piece,
)
from generator.render.text import (  # noqa: F401
    INSTRUCTION_SIZE,
    INSTRUCTIONS_ID,
    MIN_TEXT,
    PT,
    RULES_BODY,
    RULES_HEADING_ID,
    RULES_LINE,
    Draw,
    draw_legible,
    headed_sections,
    instructions,
    legible,
    rules_heading,
    text_corners,
    text_width,
    unique_id,
    wrap,
)
from generator.render.tiling import (  # noqa: F401
    CUT_LINE_ID,
    GLUE_MARGIN_ID,
    GLUE_TINT,
    LABEL_STRIP,
    MAP_TITLE,
    MASK,
    MAX_TILE_SHEETS,
    TILE_BLEED,
    TILE_CUT,
    TILE_MARK,
    TILE_OVERLAP,
    Tiling,
    drawing_text_boxes,
    fits_true_size,
    join_instruction,
    plan_tiles,
    poster,
    scale_text,
    sheet_label,
    tile,
    tile_plan,
    tiling_cost,
    tiling_paper,
    visible_part,
)
