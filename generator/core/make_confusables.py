"""Writes generator/core/confusables.txt, the look-alike table names.py reads (a maintainer's
tool, not run by racegen: it needs PyICU, e.g. Debian's python3-icu).

The mappings are Unicode's confusables.txt (Unicode Technical Standard #39, Unicode License v3)
as compiled into ICU: for every assigned character that NFD leaves alone, its TR39 skeleton
when that differs from the character (ICU's SpoofChecker.getSkeleton). Only mappings onto
Latin, Greek, Cyrillic and Armenian letters, digits and common signs are kept (2,798 of 5,247):
the names a race table types, and what imitates them. The scripts' ranges come from ICU's
Script property (Scripts.txt).

    /usr/bin/python3 -m generator.core.make_confusables           # from the repository's root
    /usr/bin/python3 -m generator.core.make_confusables --check   # names.skeleton against ICU

--check compares names.skeleton with ICU's on 20,000 seeded random strings of the four
alphabets' letters, marks and digits and ASCII (left out: the 9 characters whose prototype is
in another script, which the table drops, and what NFKC changes, which names.py folds first):
0 differ (ICU 72.1, 2026-12-07).
"""

from __future__ import annotations

import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

ALPHABETS = ("Latn", "Grek", "Cyrl", "Armn")  # the scripts whose look-alikes are kept
COMMON = ("Zyyy", "Zinh")  # digits, signs, combining marks


def main() -> None:
    import icu  # noqa: PLC0415

    checker = icu.SpoofChecker()

    def script(cp: int) -> str:
        return icu.Script.getScript(cp).getShortName()

    def assigned(cp: int) -> bool:
        return icu.Char.charType(chr(cp)) != icu.UCharCategory.UNASSIGNED

    codes = [cp for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF and assigned(cp)]
    looks: dict[str, list[int]] = defaultdict(list)
    for cp in codes:
        ch = chr(cp)
        if unicodedata.normalize("NFD", ch) != ch:
            continue
        skeleton = checker.getSkeleton(0, ch)
        if skeleton != ch and {script(ord(c)) for c in skeleton} <= {*ALPHABETS, *COMMON}:
            looks[skeleton].append(cp)
    runs: list[list] = []
    for cp in codes:
        s = script(cp)
        s = s if s in ALPHABETS else ""
        if runs and runs[-1][2] == s:
            runs[-1][1] = cp
        else:
            runs.append([cp, cp, s])
    lines = [
        "# racegen's look-alike table (generator/core/names.py), written by make_confusables.py",
        f"# from ICU {icu.ICU_VERSION} (Unicode {icu.UNICODE_VERSION}): Unicode's confusables.txt",
        "# (UTS #39) and Scripts.txt, (c) Unicode, Inc., Unicode License v3",
        "# (https://www.unicode.org/license.txt). Only mappings onto Latin, Greek, Cyrillic and",
        "# Armenian letters, digits and common signs.",
        "# 'script FIRST LAST CODE': the characters FIRST..LAST (hex) are of that script",
        "# 'PROTOTYPE < SOURCE SOURCE ...': each source character's skeleton is the prototype",
    ]
    lines += [f"script {a:04X} {b:04X} {s}" for a, b, s in runs if s]
    for skeleton, sources in sorted(looks.items()):
        target = " ".join(f"{ord(c):04X}" for c in skeleton)
        lines.append(f"{target} < " + " ".join(f"{cp:04X}" for cp in sources))
    out = Path(__file__).with_name("confusables.txt")
    out.write_text("\n".join(lines) + "\n", encoding="ascii")
    print(
        f"{out}: {sum(map(len, looks.values()))} mappings, {len(looks)} prototypes", file=sys.stderr
    )


def check() -> None:
    import random

    import icu  # noqa: PLC0415

    from generator.core import names

    checker = icu.SpoofChecker()
    looks, starts, ranges = names._table()

    def kept(ch: str) -> bool:
        return checker.getSkeleton(0, ch) == ch or ch in looks

    pool = [
        chr(cp)
        for first, (last, _) in zip(starts, ranges, strict=True)
        for cp in range(first, last + 1)
        if unicodedata.category(chr(cp))[0] in "LMN"
        and unicodedata.normalize("NFKC", chr(cp)) == chr(cp)
        and all(kept(d) for d in unicodedata.normalize("NFD", chr(cp)))
    ] + [chr(c) for c in range(0x20, 0x7F)]
    rng = random.Random(1)
    tried = differ = 0
    for _ in range(20_000):
        s = "".join(rng.choice(pool) for _ in range(rng.randint(1, 8)))
        s = unicodedata.normalize("NFC", s)
        if unicodedata.normalize("NFKC", s) != s:
            continue
        tried += 1
        differ += names.skeleton(s) != checker.getSkeleton(0, s)
    print(f"{len(pool)} characters, {tried} strings: {differ} skeletons differ from ICU's")


if __name__ == "__main__":
    check() if "--check" in sys.argv[1:] else main()
