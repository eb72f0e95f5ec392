"""Names people type (players, teams, tracks, boards): what racegen refuses in one, and which
two names in one race look alike (docs/names.md).

A name is printed on slips, sheets and the terminal, so a character that hides or turns text
is refused: a bidirectional control (U+202E turns "Bob" around) or an invisible format
character (U+200B, a soft hyphen, a Hangul filler), with the field, the character's code and
its Unicode name. Two names are one player only when they are written alike (each reader
says how: Triactor folds case); two that are different yet look alike, "Bob" and "Βob" with
a Greek capital Beta, are refused: "the names 'Bob' and 'Βob' look alike: rename one". Alike
means the same skeleton (Unicode Technical Standard #39: NFD, each character mapped to its
prototype, NFD again), from the table in confusables.txt (make_confusables.py says where it
comes from). Names that look alike only through ASCII letters and digits ("Arnie" and
"Amie", "Ian" and "lan", "B0b" and "BOb") stay apart: every keyboard types them, so they are
spelled differently on purpose. One word that mixes alphabets so that a letter imitates a
letter of the other ("Bоb" with a Cyrillic o) is refused on its own: it cannot be typed again
the same way, and on paper it reads as another name.
"""

from __future__ import annotations

import bisect
import unicodedata
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

from generator.errors import InvalidInput

BIDI_CONTROLS = frozenset(
    [chr(c) for c in range(0x202A, 0x202F)]  # LRE RLE PDF LRO RLO
    + [chr(c) for c in range(0x2066, 0x206A)]  # LRI RLI FSI PDI
    + ["\u200e", "\u200f", "\u061c"]  # LRM RLM ALM
)
# not format characters (Cf), yet they print nothing: the Hangul fillers, the combining
# grapheme joiner, the Mongolian free variation selectors, the Khmer inherent vowels, the
# blank Braille pattern
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u034f\u180b\u180c\u180d\u180f\u17b4\u17b5\u2800")
JOINERS = frozenset("\u200c\u200d")  # ZWNJ, ZWJ: spell Persian and Indic words, join emoji
ALPHABETS = {"Latn": "Latin", "Grek": "Greek", "Cyrl": "Cyrillic", "Armn": "Armenian"}


def is_variation_selector(ch: str) -> bool:
    return "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"


def describe(ch: str) -> str:
    """'U+202E RIGHT-TO-LEFT OVERRIDE'; Unicode's labels for what has no name
    ('U+0007 <control-0007>', 'U+FFFE <noncharacter-FFFE>')."""
    code = f"{ord(ch):04X}"
    label = {"Cc": "control", "Cs": "surrogate", "Co": "private-use"}.get(
        unicodedata.category(ch), "noncharacter" if _noncharacter(ch) else "reserved"
    )
    return f"U+{code} {unicodedata.name(ch, f'<{label}-{code}>')}"


def visible(text: str) -> str:
    """`text` with every character a name may not hold written as \\uXXXX, so an error that
    quotes it shows what is there and never turns the terminal's line around."""
    if text.isascii() and text.isprintable():  # nearly every name: nothing to write out
        return text
    return "".join(f"\\u{ord(ch):04x}" if _hidden(ch) else ch for ch in text)


def quoted(text: str) -> str:
    """`text` in quotes as an error shows it (visible)."""
    return f"'{visible(text)}'"


def _hidden(ch: str) -> bool:
    cat = unicodedata.category(ch)
    return (
        cat in ("Cc", "Cf", "Zl", "Zp", "Cs")
        or ch in FILLERS
        or is_variation_selector(ch)
        or _noncharacter(ch)
    )


def _noncharacter(ch: str) -> bool:
    cp = ord(ch)
    return 0xFDD0 <= cp <= 0xFDEF or (cp & 0xFFFE) == 0xFFFE


def refuse_hidden(name: str, what: str) -> None:
    """InvalidInput naming `what` (e.g. "bets.csv line 3 (...): player", "team 2") and the
    character when `name` holds one that hides or turns text, or nothing visible."""
    plain = name.isascii() and name.isprintable()  # nearly every name: nothing hidden
    for i, ch in enumerate("" if plain else name):
        why = _why_refused(name, i)
        if why:
            raise InvalidInput(f"{what} {quoted(name)} holds {describe(ch)}, {why}")
    if not "".join(name.split()):
        raise InvalidInput(f"{what} is empty: write a name")


def check_name(name: str, what: str) -> str:
    """`name` as given when it may be printed: nothing hidden (refuse_hidden) and no word
    whose letters imitate another alphabet's; InvalidInput naming `what` otherwise."""
    refuse_hidden(name, what)
    imitation = _imitation(name)
    if imitation is not None:
        ch, like, alphabet = imitation
        raise InvalidInput(
            f"{what} {name!r} mixes alphabets in one word: {describe(ch)} looks like the "
            f"{alphabet} {like!r}; write the name in one alphabet"
        )
    return name


def _why_refused(name: str, i: int) -> str:
    """Why name[i] may not stand in a name ('' when it may)."""
    ch = name[i]
    if ch in BIDI_CONTROLS:
        return "a bidirectional control that reorders the text around it: remove it"
    before = name[i - 1] if i else ""
    after = name[i + 1] if i + 1 < len(name) else ""
    if ch in JOINERS and _joins(before, after, ch):
        return ""
    if unicodedata.category(ch) == "Cf" or ch in FILLERS:
        return "an invisible character: remove it"
    if is_variation_selector(ch):
        if before and (unicodedata.category(before)[0] == "S" or _ideograph(before)):
            return ""  # an emoji's or an ideograph's variant
        return (
            "a variation selector with no symbol before it to vary (it prints nothing): remove it"
        )
    if unicodedata.category(ch) in ("Cc", "Zl", "Zp"):
        return "a control character or line break: write the name on one line"
    if unicodedata.category(ch) == "Cs" or _noncharacter(ch):
        return "a code that is not a character: remove it"
    return ""


def _joins(before: str, after: str, joiner: str) -> bool:
    """A zero-width (non-)joiner between two letters of a script that needs it (Persian,
    the Indic scripts), or a zero-width joiner between two symbols (an emoji sequence)."""
    if not before or not after:
        return False

    def letter(ch: str) -> bool:
        return unicodedata.category(ch)[0] in "LM" and not ch.isascii() and script(ch) == ""

    if joiner == "\u200d" and all(
        unicodedata.category(c)[0] == "S" or is_variation_selector(c) for c in (before, after)
    ):
        return True
    return letter(before) and letter(after)


def _ideograph(ch: str) -> bool:
    return unicodedata.name(ch, "").startswith("CJK ")


# --- the look-alike table ---------------------------------------------------------------


@cache
def _table() -> tuple[dict[str, str], list[int], list[tuple[int, str]]]:
    """(character -> its prototype, the starts of the alphabets' ranges, (end, alphabet) of
    each), read once from confusables.txt."""
    looks: dict[str, str] = {}
    starts: list[int] = []
    ranges: list[tuple[int, str]] = []
    text = Path(__file__).with_name("confusables.txt").read_text(encoding="ascii")
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("script "):
            _, first, last, code = line.split()
            starts.append(int(first, 16))
            ranges.append((int(last, 16), code))
            continue
        target, _, sources = line.partition(" < ")
        prototype = "".join(chr(int(c, 16)) for c in target.split())
        for c in sources.split():
            looks[chr(int(c, 16))] = prototype
    return looks, starts, ranges


def script(ch: str) -> str:
    """'Latn', 'Grek', 'Cyrl' or 'Armn' for a character of those alphabets, else ''."""
    _, starts, ranges = _table()
    i = bisect.bisect_right(starts, ord(ch)) - 1
    return ranges[i][1] if i >= 0 and ord(ch) <= ranges[i][0] else ""


def skeleton(text: str) -> str:
    """The TR39 skeleton of `text` after NFKC (so full-width "Ｂｏｂ" and "Ann²" meet "Bob" and
    "Ann2"); variation selectors and zero-width joiners, which print nothing, are dropped."""
    looks = _table()[0]
    out = []
    for ch in unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text)):
        if not (is_variation_selector(ch) or ch in JOINERS):
            out.append(looks.get(ch, ch))
    return unicodedata.normalize("NFD", "".join(out))


def ascii_skeleton(text: str) -> str:
    """`text` with only its ASCII characters mapped to their prototypes: two names with one
    ASCII skeleton look alike only through ASCII's own look-alikes (rn and m, I and l)."""
    mapped = text.translate(_ascii_looks())
    return mapped if mapped.isascii() else unicodedata.normalize("NFD", mapped)


@cache
def _ascii_looks() -> dict[int, str]:
    return {ord(c): p for c, p in _table()[0].items() if c.isascii()}


def _words(text: str) -> list[str]:
    words, word = [], []
    for ch in text:
        if unicodedata.category(ch)[0] in "LMN":
            word.append(ch)
        elif word:
            words.append("".join(word))
            word = []
    return [*words, "".join(word)] if word else words


def _imitation(name: str) -> tuple[str, str, str] | None:
    """(a letter, what it looks like, that alphabet) for the first letter of `name` that
    looks like a letter of another alphabet that its word also holds; None when none does."""
    if name.isascii():
        return None  # one alphabet
    looks = _table()[0]
    for word in _words(unicodedata.normalize("NFD", name)):
        present = {script(ch) for ch in word} - {""}
        for ch in word:
            like = looks.get(ch)
            if like is None or unicodedata.category(ch)[0] != "L":
                continue
            if not all(c.isascii() or script(c) not in ("", "Latn") for c in like):
                continue  # an extended Latin letter (Greek capital sigma is like esh)
            for alphabet in {script(c) for c in like if c.isalpha()} - {"", script(ch)}:
                if alphabet in present:
                    return ch, like, ALPHABETS[alphabet]
    return None


# --- names that look alike ----------------------------------------------------------------


def look_alike(a: str, b: str, fold: bool = False) -> bool:
    """Do `a` and `b` look alike beyond ASCII's own look-alikes? fold: compare them with case
    folded too (for a reader that takes "Bob" and "bob" for one name)."""
    pairs = [(a, b)]
    if fold:
        pairs.append((a.casefold(), b.casefold()))
    return any(
        skeleton(x) == skeleton(y) and ascii_skeleton(x) != ascii_skeleton(y) for x, y in pairs
    )


def unlike(a: str, b: str) -> str:
    """Where `b` differs from `a`: its first character that is not ASCII, described, or ''."""
    for ch in unicodedata.normalize("NFC", b):
        if not ch.isascii() and ch not in a:
            return f" ({describe(ch)})"
    return ""


class Names:
    """The names of one race, file or table, met one at a time: `meet` checks each (check_name)
    and refuses one that looks like a name met before without being it. `same` says which
    spellings are one name (the identity: only names written alike). Each skeleton keeps the
    first name met with it (a second ASCII spelling of it is refused or is the same), so a
    file of 100,000 players is checked in linear time."""

    def __init__(self, what: str, same: Callable[[str], str] = str, fold: bool = False) -> None:
        self.what = what
        self.same = same
        self.fold = fold
        self._met: set[str] = set()  # same(name) of every name met
        # (folded?, skeleton) -> (its ASCII skeleton, the first name with it, its place)
        self._seen: dict[tuple[bool, str], tuple[str, str, str]] = {}

    def _keys(self, name: str) -> list[tuple[tuple[bool, str], str]]:
        forms = [(False, name)] + ([(True, name.casefold())] if self.fold else [])
        out = []
        for folded, x in forms:
            plain = ascii_skeleton(x)
            out.append(((folded, plain if x.isascii() else skeleton(x)), plain))
        return out

    def meet(self, name: str, what: str | None = None, at: str = "") -> str:
        """`name`, checked; `what` names its field in an error (default: self.what), `at`
        where it stands (" (line 2)"), said of it when a later name looks like it."""
        where = what or self.what
        key = self.same(name)
        if key in self._met:
            return name
        refuse_hidden(name, where)
        keys = self._keys(name)
        for k, plain in keys:
            if k in self._seen and self._seen[k][0] != plain:
                _, other, other_at = self._seen[k]
                raise InvalidInput(
                    f"{where}: the names {other!r}{other_at} and {name!r}"
                    f"{unlike(other, name)} look alike: rename one"
                )
        check_name(name, where)
        self._met.add(key)
        for k, plain in keys:
            self._seen.setdefault(k, (plain, name, at))
        return name


def check_names(names: Iterable[str], what: str, fold: bool = False) -> list[str]:
    """Every name checked, and no two that look alike (Names.meet)."""
    met = Names(what, fold=fold)
    return [met.meet(n) for n in names]
