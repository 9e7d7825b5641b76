"""Mega Civilization, section "calamity-selection" (8.) and the hand limit of section "advances" (12.).

- ``calamity-hand``: ``mc.calamity-selection.hand`` (``calamity_hand_max`` in all, at most
  ``calamity_major_max`` Major, none twice).
- ``hand-limit``: ``mc.hand-limit.5-to-11`` (``hand_limit_small`` for
  ``small_game_min_players``-``small_game_max_players``), ``mc.hand-limit.12-to-18``
  (``hand_limit_large`` for ``large_game_min_players``-``large_game_max_players``),
  ``mc.hand-limit.intro`` for a player count neither line covers.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import labels
from games.engine import Fmt, P, Reasoning, Result, Rules, names
from games.engine.declare import Bool, Int, List, Object, Str

from .common import GAME, adjudicator

# ---------------------------------------------------------------------------
# calamity-hand

CALAMITY_HAND_INPUTS = Object(
    calamities=List(
        Object(
            name=Str(1, 40, label=gettext_lazy("Calamity")),
            major=Bool(label=gettext_lazy("Major")),
        ),
        max_length=30,
        label=gettext_lazy("Calamities in the hand"),
    ),
)


def _duplicates(cards: list[Any]) -> list[str]:
    """mc.calamity-selection.hand: "καμία διπλή" — the same calamity twice (case aside)."""
    seen: list[str] = []
    duplicates: list[str] = []
    for c in cards:
        key = c.name.casefold()
        if key in seen and c.name not in duplicates:
            duplicates.append(c.name)
        seen.append(key)
    return duplicates


def _violations(total: int, majors: int, duplicates: list[str], rules: Rules) -> list[str]:
    """mc.calamity-selection.hand: "πάνω από τρεις Συμφορές, εκ των οποίων μέχρι 2 Μείζονες"."""
    out: list[str] = []
    if total > rules.param("calamity_hand_max"):
        out.append("more-than-three")
    if majors > rules.param("calamity_major_max"):
        out.append("more-than-two-major")
    if duplicates:
        out.append("duplicate")
    return out


def _calamity_hand_summary(o: dict[str, Any]) -> str:
    if o["valid"]:
        return _("The hand is allowed.")
    broken = names(str(labels.value_label(GAME, "violations", v)) for v in o["violations"])
    return _("The hand breaks the rule: %(v)s.") % {"v": broken}


@adjudicator("calamity-hand", inputs=CALAMITY_HAND_INPUTS, summary=_calamity_hand_summary)
def calamity_hand(i: Any, *, variant: str, rules: Rules) -> Result:
    """At most the hand's limit of calamities, at most the Major limit of them, none twice."""
    r = Reasoning()
    cards = list(i.calamities)
    majors = sum(1 for c in cards if c.major)
    minors = len(cards) - majors
    duplicates = _duplicates(cards)
    violations = _violations(len(cards), majors, duplicates, rules)
    r.step(
        "mc.calamity-selection.hand",
        ngettext(
            "%(n)s calamity (%(M)s major, %(m)s minor, duplicated: %(d)s): at most %(max)s, at most "
            "%(maxM)s major, none twice, so the hand is %(v)s.",
            "%(n)s calamities (%(M)s major, %(m)s minor, duplicated: %(d)s): at most %(max)s, at most "
            "%(maxM)s major, none twice, so the hand is %(v)s.",
            len(cards),
        )
        % {
            "n": len(cards),
            "M": majors,
            "m": minors,
            "d": names(duplicates),
            "max": rules.param("calamity_hand_max"),
            "maxM": rules.param("calamity_major_max"),
            "v": _("allowed") if not violations else _("not allowed (%(v)s)") % {"v": names(violations)},
        },
    )
    if majors and minors:
        r.gap(
            "mc.calamity-selection.hand",
            "mixed-calamity-hand",
            max=rules.param("calamity_hand_max"),
            maxM=rules.param("calamity_major_max"),
        )
    return r.result(
        {
            "valid": not violations,
            "violations": violations,
            "major": majors,
            "minor": minors,
            "duplicates": duplicates,
        }
    )


# ---------------------------------------------------------------------------
# hand-limit

HAND_LIMIT_INPUTS = Object(
    players=Int(
        P("small_game_min_players"),
        P("large_game_max_players"),
        label=gettext_lazy("Players in the game"),
        help=Fmt(
            gettext_lazy(
                "The text gives a hand limit only for games of %(small_game_min_players)s to "
                "%(large_game_max_players)s players."
            )
        ),
    ),
)

# (clause, limit, fewest players, most players) of each line of the list.
HAND_LIMIT_LINES = (
    ("mc.hand-limit.5-to-11", "hand_limit_small", "small_game_min_players", "small_game_max_players"),
    ("mc.hand-limit.12-to-18", "hand_limit_large", "large_game_min_players", "large_game_max_players"),
)


def _hand_limit_summary(o: dict[str, Any]) -> str:
    n = o["limit"]
    if n is None:
        return _("The text gives no hand limit for this number of players.")
    return ngettext(
        "Each player may hold at most %(n)s card.", "Each player may hold at most %(n)s cards.", n
    ) % {"n": n}


@adjudicator("hand-limit", inputs=HAND_LIMIT_INPUTS, summary=_hand_limit_summary)
def hand_limit(i: Any, *, variant: str, rules: Rules) -> Result:
    """The limit of the line of mc.hand-limit.* whose player range holds the game."""
    r = Reasoning()
    for clause, limit, fewest, most in HAND_LIMIT_LINES:
        lo, hi, n = rules.param(fewest), rules.param(most), rules.param(limit)
        if lo <= i.players <= hi:
            r.step(
                clause,
                ngettext(
                    "With %(n)s players (%(lo)s to %(hi)s) each player may hold at most %(k)s card.",
                    "With %(n)s players (%(lo)s to %(hi)s) each player may hold at most %(k)s cards.",
                    n,
                )
                % {"n": i.players, "lo": lo, "hi": hi, "k": n},
            )
            return r.result({"limit": n})
    # Only a draft whose two lines leave a hole between them reaches this.
    r.step(
        "mc.hand-limit.intro",
        ngettext(
            "Neither line of the list covers a game of %(n)s player.",
            "Neither line of the list covers a game of %(n)s players.",
            i.players,
        )
        % {"n": i.players},
    )
    r.gap("mc.hand-limit.intro", "no-hand-limit", n=i.players)
    return r.result({"limit": None})
