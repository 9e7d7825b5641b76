"""Mega Civilization, section "winner" (victory points) and section "ast-move" (13.).

- ``victory-points``: ``mc.vp.cities`` (``vp_per_city``), ``mc.vp.cards-under-100``
  (``vp_card_low`` below ``vp_low_below``), ``mc.vp.cards-100-to-199`` (``vp_card_mid`` for
  ``vp_mid_from``-``vp_mid_to``), ``mc.vp.cards-above-200`` (``vp_card_high`` above
  ``vp_high_above``), ``mc.vp.ast-steps`` (``vp_per_ast_step``), ``mc.vp.late-iron-age``
  (``vp_late_iron_age``).
- ``winner``: ``mc.winner.most-points``.
- ``ast-move``: ``mc.ast-move.advance`` (``ast_forward``), ``mc.ast-move.no-city-back``
  (``ast_back``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules, names, tied_for_best
from games.engine.declare import Bool, Int, List, Map, Object, Player

from .common import MAX_LIMIT, adjudicator, cities_on_map, players_the_text_knows

# ---------------------------------------------------------------------------
# victory-points

VICTORY_POINTS_INPUTS = Object(
    cities=cities_on_map(),
    cards=List(
        Int(0, 9999, label=gettext_lazy("Cost")),
        max_length=200,
        label=gettext_lazy("Costs of the civilization advance cards held"),
    ),
    ast_steps=Int(0, MAX_LIMIT, label=gettext_lazy("Squares the A.S.T. marker has advanced")),
    sole_late_iron_age=Bool(
        default=False,
        label=gettext_lazy("The only player to have passed the Late Iron Age square"),
    ),
)


@dataclass(frozen=True)
class Bands:
    """The advance cards by cost band; ``hole`` are costs no band states (read as the top band)."""

    low: list[int]
    mid: list[int]
    high: list[int]
    hole: list[int]


def _bands(costs: tuple[int, ...], rules: Rules) -> Bands:
    """mc.vp.cards-under-100 ("κάτω από 100"), mc.vp.cards-100-to-199 ("100 έως 199"),
    mc.vp.cards-above-200 ("άνω των 200"). A cost between the middle band's top and "above"
    (exactly 200) is in no band; a cost below the middle band's bottom but not under the
    low bound (none as written) is read as middle."""
    low_below, mid_to, above = (
        rules.param("vp_low_below"),
        rules.param("vp_mid_to"),
        rules.param("vp_high_above"),
    )
    return Bands(
        low=[c for c in costs if c < low_below],
        mid=[c for c in costs if low_below <= c <= mid_to],
        high=[c for c in costs if c > above],
        hole=[c for c in costs if mid_to < c <= above],
    )


def _card_points(b: Bands, rules: Rules) -> int:
    high = len(b.high) + len(b.hole)
    return (
        rules.param("vp_card_low") * len(b.low)
        + rules.param("vp_card_mid") * len(b.mid)
        + rules.param("vp_card_high") * high
    )


def _explain_cards(r: Reasoning, b: Bands, rules: Rules) -> None:
    """Steps and the gap of the three card bands (mc.vp.cards-*)."""
    said = {
        "lo": rules.param("vp_low_below"),
        "from": rules.param("vp_mid_from"),
        "to": rules.param("vp_mid_to"),
        "above": rules.param("vp_high_above"),
    }
    if b.low:
        r.step(
            "mc.vp.cards-under-100",
            _("Cards costing under %(lo)s: %(k)s; victory points: %(p)s.")
            % {**said, "k": len(b.low), "p": rules.param("vp_card_low") * len(b.low)},
        )
    if b.mid:
        r.step(
            "mc.vp.cards-100-to-199",
            _("Cards costing %(from)s to %(to)s: %(k)s; victory points: %(p)s.")
            % {**said, "k": len(b.mid), "p": rules.param("vp_card_mid") * len(b.mid)},
        )
    high = len(b.high) + len(b.hole)
    if high:
        r.step(
            "mc.vp.cards-above-200",
            _("Cards costing above %(above)s: %(k)s%(x)s; victory points: %(p)s.")
            % {
                **said,
                "k": high,
                "x": _(" (counting %(n)s in no band: %(c)s)")
                % {"n": len(b.hole), "c": names(map(str, b.hole))}
                if b.hole
                else "",
                "p": rules.param("vp_card_high") * high,
            },
        )
    if b.hole:
        r.gap(
            "mc.vp.cards-above-200",
            "card-cost-in-no-band",
            **said,
            c=names(map(str, b.hole)),
            mid=rules.param("vp_card_mid"),
            high=rules.param("vp_card_high"),
            first=said["to"] + 1,
        )


def _explain_ast_and_bonus(r: Reasoning, i: Any, ast: int, bonus: int) -> None:
    """mc.vp.ast-steps and mc.vp.late-iron-age."""
    r.step(
        "mc.vp.ast-steps",
        ngettext(
            "The A.S.T. marker advanced %(n)s square: %(p)s points.",
            "The A.S.T. marker advanced %(n)s squares: %(p)s points.",
            i.ast_steps,
        )
        % {"n": i.ast_steps, "p": ast},
    )
    if i.sole_late_iron_age:
        r.step(
            "mc.vp.late-iron-age",
            ngettext(
                "Only this player passed the Late Iron Age square: %(n)s additional point.",
                "Only this player passed the Late Iron Age square: %(n)s additional points.",
                bonus,
            )
            % {"n": bonus},
        )
        r.gap("mc.vp.late-iron-age", "late-iron-age-one-player", n=bonus)


def _victory_points_summary(o: dict[str, Any]) -> str:
    return ngettext("%(n)s victory point.", "%(n)s victory points.", o["total"]) % {"n": o["total"]}


@adjudicator("victory-points", inputs=VICTORY_POINTS_INPUTS, summary=_victory_points_summary)
def victory_points(i: Any, *, variant: str, rules: Rules) -> Result:
    """Score cities, advance cards by cost, A.S.T. squares and the Late Iron Age bonus."""
    r = Reasoning()
    cities = rules.param("vp_per_city") * i.cities
    r.step(
        "mc.vp.cities",
        _("Cities on the map: %(n)s; victory points: %(p)s.") % {"n": i.cities, "p": cities},
    )
    bands = _bands(i.cards, rules)
    _explain_cards(r, bands, rules)
    cards = _card_points(bands, rules)
    ast = rules.param("vp_per_ast_step") * i.ast_steps
    bonus = rules.param("vp_late_iron_age") if i.sole_late_iron_age else 0
    _explain_ast_and_bonus(r, i, ast, rules.param("vp_late_iron_age"))
    total = cities + cards + ast + bonus
    return r.result({"cities": cities, "cards": cards, "ast": ast, "bonus": bonus, "total": total})


# ---------------------------------------------------------------------------
# ast-move

AST_MOVE_INPUTS = Object(
    meets_requirements=Bool(label=gettext_lazy("Meets the criteria to advance")),
    cities_on_board=cities_on_map(),
)


def _move_summary(o: dict[str, Any]) -> str:
    n = o["move"]
    if n > 0:
        return ngettext(
            "The marker moves %(n)s square forward.", "The marker moves %(n)s squares forward.", n
        ) % {"n": n}
    if n < 0:
        return ngettext("The marker moves %(n)s square back.", "The marker moves %(n)s squares back.", -n) % {
            "n": -n
        }
    return _("The marker stays where it is.")


@adjudicator("ast-move", inputs=AST_MOVE_INPUTS, summary=_move_summary)
def ast_move(i: Any, *, variant: str, rules: Rules) -> Result:
    """Forward when the criteria are met, back with no city on the map."""
    r = Reasoning()
    forward, back = rules.param("ast_forward"), rules.param("ast_back")
    # mc.ast-move.advance: "μετατοπίζει την θέση του δείκτη του κατά ένα τετράγωνο εμπρός".
    if i.meets_requirements:
        r.step(
            "mc.ast-move.advance",
            ngettext(
                "The player meets the criteria: their marker moves %(n)s square forward.",
                "The player meets the criteria: their marker moves %(n)s squares forward.",
                forward,
            )
            % {"n": forward},
        )
    else:
        r.step("mc.ast-move.advance", _("The player does not meet the criteria: no move forward."))
    # mc.ast-move.no-city-back: "δεν έχει καμία πόλη ... κατά ένα τετράγωνο πίσω".
    if i.cities_on_board == 0:
        r.step(
            "mc.ast-move.no-city-back",
            ngettext(
                "The player has no city on the map: their marker moves %(n)s square back.",
                "The player has no city on the map: their marker moves %(n)s squares back.",
                back,
            )
            % {"n": back},
        )
    else:
        r.step(
            "mc.ast-move.no-city-back",
            ngettext(
                "The player has %(n)s city on the map: no move back.",
                "The player has %(n)s cities on the map: no move back.",
                i.cities_on_board,
            )
            % {"n": i.cities_on_board},
        )
    if i.meets_requirements and i.cities_on_board == 0:
        r.gap("mc.ast-move.no-city-back", "no-city-on-the-map")
    move = (forward if i.meets_requirements else 0) - (back if i.cities_on_board == 0 else 0)
    return r.result({"move": move})


# ---------------------------------------------------------------------------
# winner

# No more points than every city, card and A.S.T. square could give; the bound keeps inputs sane.
MAX_POINTS = 99_999


def _someone(i: Any) -> Iterator[tuple[str, str]]:
    """A winner is named among at least one player."""
    if not i.points:
        yield "points", _("Give at least one player's victory points.")
    else:
        # The winner is one of every player of the game: as many as the text lets play.
        yield from players_the_text_knows("points", len(i.points))


WINNER_INPUTS = Object(
    points=Map(
        Player(),
        Int(0, MAX_POINTS, label=gettext_lazy("Victory points")),
        label=gettext_lazy("Victory points of each player (the victory-points ruling's total)"),
    ),
    checks=[_someone],
)


def _winner_summary(o: dict[str, Any]) -> str:
    return _("Winner: %(p)s.") % {"p": names(o["winners"])}


@adjudicator("winner", inputs=WINNER_INPUTS, summary=_winner_summary)
def winner(i: Any, *, variant: str, rules: Rules) -> Result:
    """Name the player with the most victory points."""
    r = Reasoning()
    best, top = tied_for_best(i.points, lambda p: i.points[p])
    r.step(
        "mc.winner.most-points",
        _("The winner is the one with the most victory points: %(p)s with %(n)s.")
        % {"p": names(top), "n": best},
    )
    if len(top) > 1:
        r.gap("mc.winner.most-points", "tied-winners")
    return r.result({"winners": top, "most_points": best})
