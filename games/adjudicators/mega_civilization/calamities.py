"""Mega Civilization, section "calamity-selection" (8.) and the hand limit of section "advances" (12.).

- ``calamity-hand``: ``mc.calamity-selection.hand`` (``calamity_hand_max`` in all, at most
  ``calamity_major_max`` Major, none twice).
- ``hand-limit``: ``mc.hand-limit.5-to-11`` (``hand_limit_small`` for
  ``small_game_min_players``-``small_game_max_players``), ``mc.hand-limit.12-to-18``
  (``hand_limit_large`` for ``large_game_min_players``-``large_game_max_players``),
  ``mc.hand-limit.intro`` for a player count neither line covers.
- ``calamity-order``: ``mc.calamity-selection.declare``, ``mc.calamity-resolution.reveal``,
  ``.minor-order`` (each player in A.S.T. order, ascending stack), then ``.non-tradable-first``
  and ``.major-order`` (ascending number), equal numbers by ``mc.ast-order.ties``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import labels
from games.engine import Fmt, P, Reasoning, Result, Rules, names
from games.engine.declare import Bool, Choice, Int, List, Map, Object, Player, Str, ruled_out
from games.engine.rules import active as rules_in_force

from .common import GAME, adjudicator, ast_order

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


# ---------------------------------------------------------------------------
# calamity-order (section "calamity-resolution", 9., with mc.calamity-selection.declare)
def _hands_revealed(i: Any):
    """mc.calamity-selection.hand: what a player reveals at 9.1 is the hand they held, and
    calamity-hand's own rules (``_violations``, one function for both) say what a hand may be:
    a hand they could not hold is not revealed."""
    rules = rules_in_force()
    for player in i.ast_order:
        held = [n for n, c in enumerate(i.calamities) if c.player == player]
        if not held:
            continue
        cards = [i.calamities[n] for n in held]
        broken = _violations(len(cards), sum(1 for c in cards if c.major), _duplicates(cards), rules)
        if broken:
            words = names(str(labels.value_label(GAME, "violations", v)) for v in broken)
            yield ruled_out(
                f"calamities.{held[-1]}",
                _("%(p)s could not hold these calamities (%(v)s), so cannot reveal them.")
                % {"p": player, "v": words},
                "mc.calamity-selection.hand",
            )


CALAMITY_ORDER_INPUTS = Object(
    ast_order=ast_order(),
    calamities=List(
        Object(
            player=Player(among="ast_order", label=gettext_lazy("Held by")),
            name=Str(1, 40, label=gettext_lazy("Calamity")),
            stack=Choice(range(1, 10), label=gettext_lazy("Number (its trade-card stack)")),
            major=Bool(label=gettext_lazy("Major")),
            tradable=Bool(default=True, label=gettext_lazy("Tradable")),
        ),
        max_length=60,
        label=gettext_lazy("Calamities revealed"),
    ),
    declared=Map(
        Player(among="ast_order"),
        Int(0, 60, label=gettext_lazy("Declared")),
        default={},
        label=gettext_lazy("How many calamities each player declared (optional)"),
    ),
    checks=[_hands_revealed],
)


def _declared(r: Reasoning, i: Any) -> list[str]:
    """mc.calamity-selection.declare: "ειλικρινώς δηλώνουν τον αριθμό" — a count that differs
    from what the player reveals was not honest."""
    if not i.declared:
        return []
    held = {p: sum(1 for c in i.calamities if c.player == p) for p in i.ast_order}
    wrong = [p for p in i.ast_order if p in i.declared and i.declared[p] != held[p]]
    r.step(
        "mc.calamity-selection.declare",
        _("Every player must honestly declare how many calamities they hold; declared a wrong number: %(p)s.")
        % {"p": names(f"{p} ({i.declared[p]}≠{held[p]})" for p in wrong)},
    )
    return wrong


def _minor(r: Reasoning, i: Any) -> list[Any]:
    """mc.calamity-resolution.minor-order: each player in A.S.T. order, their minor calamities in
    ascending number of their stack."""
    seat = {p: n for n, p in enumerate(i.ast_order)}
    minor = sorted((c for c in i.calamities if not c.major), key=lambda c: (seat[c.player], c.stack))
    r.step(
        "mc.calamity-resolution.minor-order",
        _("Each player in A.S.T. order resolves their minor calamities, in ascending stack number: %(o)s.")
        % {"o": names(f"{c.player}: {c.name} ({c.stack})" for c in minor)},
    )
    return minor


def _major(r: Reasoning, i: Any) -> list[Any]:
    """mc.calamity-resolution.major-order ("με αύξοντα αριθμό") and
    mc.calamity-resolution.non-tradable-first; equal numbers in A.S.T. order (mc.ast-order.ties)."""
    seat = {p: n for n, p in enumerate(i.ast_order)}
    major = sorted((c for c in i.calamities if c.major), key=lambda c: (c.tradable, c.stack, seat[c.player]))
    if not major:
        return []
    r.step(
        "mc.calamity-resolution.non-tradable-first",
        _("The non-tradable Major calamities are resolved first: %(n)s; then the tradable ones: %(t)s.")
        % {
            "n": names(c.name for c in major if not c.tradable),
            "t": names(c.name for c in major if c.tradable),
        },
    )
    r.step(
        "mc.calamity-resolution.major-order",
        _("The Major calamities are resolved in ascending number: %(o)s.")
        % {"o": names(f"{c.player}: {c.name} ({c.stack})" for c in major)},
    )
    r.gap("mc.calamity-resolution.major-order", "who-resolves-majors")
    if any(
        (a.tradable, a.stack) == (b.tradable, b.stack) and a.player != b.player
        for a, b in zip(major, major[1:], strict=False)
    ):
        r.step(
            "mc.ast-order.ties", _("Major calamities of the same kind and number are taken in A.S.T. order.")
        )
    return major


def _calamity_order_summary(o: dict[str, Any]) -> str:
    return _("Calamities resolved in order: %(o)s.") % {
        "o": names(f"{c['player']}: {c['calamity']}" for c in o["resolution"])
    }


@adjudicator("calamity-order", inputs=CALAMITY_ORDER_INPUTS, summary=_calamity_order_summary)
def calamity_order(i: Any, *, variant: str, rules: Rules) -> Result:
    """Order the revealed calamities: minor ones by player in A.S.T. order, then the Major ones."""
    r = Reasoning()
    dishonest = _declared(r, i)
    r.step(
        "mc.calamity-resolution.reveal",
        ngettext(
            "All players reveal their calamities simultaneously: %(n)s calamity.",
            "All players reveal their calamities simultaneously: %(n)s calamities.",
            len(i.calamities),
        )
        % {"n": len(i.calamities)},
    )
    ordered = [*_minor(r, i), *_major(r, i)]
    return r.result(
        {
            "resolution": [
                {"player": c.player, "calamity": c.name, "stack": c.stack, "major": c.major} for c in ordered
            ],
            "dishonest": dishonest,
        }
    )
