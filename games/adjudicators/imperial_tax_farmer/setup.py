"""Imperial Tax Farmer, the introduction (set-up), section "1. Rozmieszczanie Agentów", the order
of section "3. Akcje" and section "5. Zaopatrzenie".

- ``setup``: ``itf.setup.starting-stock`` (``start_agents``, ``start_gold``, ``start_points``),
  ``itf.setup.dice`` (``max_dice``), ``itf.setup.first-player``, ``itf.setup.three-players``
  (``min_players``).
- ``need-placement``: ``itf.setup.shuffle-needs``, ``itf.setup.place-needs``,
  ``itf.setup.matching-need``, ``itf.setup.nothing-cards``, ``itf.rebellion.while-rebelling``.
- ``agent-placement``: ``itf.placement.order``, ``.batch``, ``.one-district``, ``.next-left``,
  ``.until-all``.
- ``action-order``: ``itf.actions.order``, ``.next-player``, ``.one-at-a-time``, ``.collect``,
  ``.optional-action``, ``.fulfil-need``.
- ``supply``: ``itf.supply.coins`` (``supply_coins``), ``.remove-nothing``, ``.new-needs``,
  ``.next-round``.

"Left" is the next player clockwise (docs/api.md); the seating is entered clockwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import (
    P,
    Reasoning,
    Result,
    Rules,
    around_table,
    names,
    repeated,
    tied_for_best,
    unknown_players,
)
from games.engine.declare import Bool, Int, List, Map, Object, Player, Str, ruled_out

from .common import MAX_COUNT, Die, adjudicator

# itf.setup.estyx names the province (the input's words, compared case aside) and its two spaces.
ESTYX = "estyx"
ESTYX_SPACES = 2

# A NOTHING card ("karty, z napisem NIC") as the inputs name it; any other name is a good's card.
NOTHING = "nothing"
# Not in the text: enough need spaces and placements for any table.
MAX_SPACES = 40
MAX_PLACEMENTS = 200


def _seating(label: Any = None) -> List:
    """The players clockwise, each once (at most ``max_dice``: itf.setup.dice)."""
    return List(
        Player(),
        min_length=1,
        max_length=P("max_dice"),
        unique=True,
        label=label or gettext_lazy("Seating (clockwise)"),
    )


def _known(field: str) -> Any:
    """An input check: every name (or key) of ``field`` is seated."""

    def check(i: Any) -> Iterator[tuple[str, str]]:
        return unknown_players(i, field, list(i.seating))

    return check


def _distinct_spaces(i: Any) -> Iterator[tuple[str, str]]:
    """An input check: each need space is listed once."""
    for n, value in repeated(i.spaces, lambda s: s.id):
        yield f"spaces.{n}.id", _("Duplicate need space: %(s)s.") % {"s": value}


def _estyx_has_two(i: Any) -> Iterator[tuple]:
    """itf.setup.estyx: "Prowincja ESTYX ma dwa pola na KARTY POTRZEB." — two, not three."""
    estyx = [n for n, s in enumerate(i.spaces) if s.province.casefold() == ESTYX]
    if len(estyx) > ESTYX_SPACES:
        yield ruled_out(
            f"spaces.{estyx[ESTYX_SPACES]}.province",
            _("ESTYX has two need spaces; this is a third."),
            "itf.setup.estyx",
        )


def _left_by_the_round(i: Any) -> Iterator[tuple]:
    """What the round leaves on the need spaces before the supply phase.

    itf.rebellion.remove-needs / itf.rebellion.while-rebelling: a province's need cards are removed
    when it rebels and none is placed while the rebellion lasts, so none lies there now.
    itf.supply.coins / itf.actions.fulfil-need: coins lie on a need card ("Na każdą KARTĘ POTRZEB … połóż 2SZ") and
    leave with it, so an empty space holds none."""
    for n, s in enumerate(i.spaces):
        if s.card is not None and s.province in i.rebelling:
            yield ruled_out(
                f"spaces.{n}.card",
                _("%(p)s is in rebellion: its need cards were removed and none is placed there.")
                % {"p": s.province},
                "itf.rebellion.remove-needs",
                "itf.rebellion.while-rebelling",
            )
        elif s.card is None and s.coins:
            yield ruled_out(
                f"spaces.{n}.coins",
                _("Coins lie on a need card and go with it: an empty space holds none."),
                "itf.supply.coins",
            )


# ---------------------------------------------------------------------------
# setup

SETUP_INPUTS = Object(
    seating=_seating(),
    rolls=Map(
        Player(), Die(), default={}, label=gettext_lazy("Each player's roll for the first player (optional)")
    ),
    checks=[_known("rolls")],
)


def _first_player(r: Reasoning, i: Any) -> tuple[str | None, list[str]]:
    """itf.setup.first-player: the highest roll gets the FIRST PLAYER marker."""
    if not i.rolls:
        r.step(
            "itf.setup.first-player",
            _("The players roll a die; the highest result starts (no rolls given yet)."),
        )
        return None, []
    best, top = tied_for_best(i.rolls, i.rolls.get)
    if len(top) == 1:
        r.step(
            "itf.setup.first-player",
            _("%(p)s rolled highest (%(n)s) and receives the FIRST PLAYER marker.")
            % {"p": top[0], "n": best},
        )
        return top[0], []
    r.step(
        "itf.setup.first-player",
        _("%(p)s tie for the highest roll (%(n)s): the text names no first player.")
        % {"p": names(top), "n": best},
    )
    r.gap("itf.setup.first-player", "first-player-tie")
    return None, top


def _setup_summary(o: dict[str, Any]) -> str:
    first = o["first_player"] or _("not decided yet")
    return _("Each player starts with %(a)s agents, %(g)s gold and %(p)s points; first player: %(f)s.") % {
        "a": o["agents"],
        "g": o["gold"],
        "p": o["points"],
        "f": first,
    }


@adjudicator("setup", inputs=SETUP_INPUTS, summary=_setup_summary)
def setup(i: Any, *, variant: str, rules: Rules) -> Result:
    """Give the starting stock, the dice, the first player and the 3-player rebellion."""
    r = Reasoning()
    agents, gold, points = (rules.param(n) for n in ("start_agents", "start_gold", "start_points"))
    r.step(
        "itf.setup.starting-stock",
        _("Each player starts with %(a)s agents, %(g)s gold pieces and %(p)s points on the Election Track.")
        % {"a": agents, "g": gold, "p": points},
    )
    players = len(i.seating)
    r.step(
        "itf.setup.dice",
        _("Six-sided dice are needed, at most %(m)s: here %(n)s, one per player for the Rebellion Test.")
        % {"m": rules.param("max_dice"), "n": players},
    )
    if players < rules.param("min_players"):
        r.gap("itf.setup.three-players", "fewer-players", n=players)
    first, reroll = _first_player(r, i)
    rebel = players == rules.param("min_players")
    if rebel:
        r.step(
            "itf.setup.three-players",
            _(
                "With only %(n)s players one province starts with a REBELLION marker; its actions cannot be used until the rebellion is crushed."
            )
            % {"n": players},
        )
        r.gap("itf.setup.three-players", "which-province-rebels")
    return r.result(
        {
            "agents": agents,
            "gold": gold,
            "points": points,
            "dice": players,
            "first_player": first,
            "reroll": reroll,
            "rebellion_at_start": rebel,
        }
    )


# ---------------------------------------------------------------------------
# need-placement (set-up, and the new cards of the supply)


def _rebelling() -> List:
    """The provinces in rebellion (none by default): need-placement and supply put no new
    need card there."""
    return List(
        Str(1, 40),
        max_length=MAX_SPACES,
        unique=True,
        default=[],
        label=gettext_lazy("Provinces in rebellion"),
    )


NEED_PLACEMENT_INPUTS = Object(
    spaces=List(
        Object(
            id=Str(1, 40, label=gettext_lazy("Need space")),
            province=Str(1, 40, label=gettext_lazy("Province")),
            card=Str(1, 40, label=gettext_lazy("Card drawn (a good, or nothing)")),
            matches=Bool(default=False, label=gettext_lazy("The card matches the province's own demand")),
        ),
        min_length=1,
        max_length=MAX_SPACES,
        label=gettext_lazy("The need spaces and the card drawn for each"),
    ),
    rebelling=_rebelling(),
    checks=[_distinct_spaces, _estyx_has_two],
)


def _need_placement_summary(o: dict[str, Any]) -> str:
    return _("Cards placed: %(p)s; spaces left empty: %(e)s.") % {
        "p": names(f"{s} {c}" for s, c in o["placed"].items()),
        "e": names(o["empty"]),
    }


@adjudicator("need-placement", inputs=NEED_PLACEMENT_INPUTS, summary=_need_placement_summary)
def need_placement(i: Any, *, variant: str, rules: Rules) -> Result:
    """Place a drawn need card on each need space, leaving matching cards and rebel provinces out."""
    r = Reasoning()
    r.step(
        "itf.setup.shuffle-needs",
        _("The need deck holds the cards of goods and the NOTHING cards, shuffled together."),
    )
    placed: dict[str, str] = {}
    empty, reshuffled = [], []
    rebels = [s for s in i.spaces if s.province in i.rebelling]
    if rebels:
        r.step(
            "itf.rebellion.while-rebelling",
            _("No need card is placed in a province in rebellion: %(s)s.")
            % {"s": names(s.id for s in rebels)},
        )
    for s in i.spaces:
        if s.province in i.rebelling:
            empty.append(s.id)
        elif s.matches and s.card != NOTHING:
            empty.append(s.id)
            reshuffled.append(s.card)
        else:
            placed[s.id] = s.card
    r.step(
        "itf.setup.place-needs",
        _("A card is placed on every need space: %(p)s.")
        % {"p": names(f"{k} {c}" for k, c in placed.items())},
    )
    matching = [s for s in i.spaces if s.matches and s.card != NOTHING and s.province not in i.rebelling]
    if matching:
        r.step(
            "itf.setup.matching-need",
            _(
                "A card that matches its province's demand leaves the space empty this round and is shuffled back: %(s)s."
            )
            % {"s": names(f"{s.id} {s.card}" for s in matching)},
        )
        r.gap("itf.setup.matching-need", "matching-need-meaning")
    nothing = [k for k, c in placed.items() if c == NOTHING]
    if nothing:
        r.step(
            "itf.setup.nothing-cards",
            _("The NOTHING cards return to the deck at the end of the round: %(s)s.") % {"s": names(nothing)},
        )
    return r.result({"placed": placed, "empty": empty, "reshuffled": reshuffled, "nothing": nothing})


# ---------------------------------------------------------------------------
# agent-placement

AGENT_PLACEMENT_INPUTS = Object(
    seating=_seating(),
    first_player=Player(among="seating", label=gettext_lazy("First player")),
    agents=Map(Player(), Int(0, MAX_COUNT), label=gettext_lazy("Agents each player has to place this round")),
    placements=List(
        Object(
            player=Player(among="seating", label=gettext_lazy("Player")),
            districts=List(
                Str(1, 40), min_length=1, max_length=MAX_SPACES, label=gettext_lazy("District(s)")
            ),
            agents=Int(1, MAX_COUNT, label=gettext_lazy("Agents placed")),
        ),
        max_length=MAX_PLACEMENTS,
        default=[],
        label=gettext_lazy("The placements so far, in order"),
    ),
    checks=[_known("agents")],
)


def _next_with_agents(ring: list[str], after: int, left: dict[str, int]) -> int | None:
    """The index in ``ring`` of the next player clockwise from ``after`` (itself included) with agents left."""
    for step in range(len(ring)):
        k = (after + step) % len(ring)
        if left.get(ring[k], 0) > 0:
            return k
    return None


def _placement_summary(o: dict[str, Any]) -> str:
    if not o["valid"]:
        return _("A placement broke the rules; next to place: %(p)s.") % {"p": o["next_player"]}
    if o["all_placed"]:
        return _("Every agent is placed.")
    return _("Next to place: %(p)s.") % {"p": o["next_player"]}


@adjudicator("agent-placement", inputs=AGENT_PLACEMENT_INPUTS, summary=_placement_summary)
def agent_placement(i: Any, *, variant: str, rules: Rules) -> Result:
    """Check the placements in turn from the first player, to the left, one district each."""
    r = Reasoning()
    ring = around_table(i.seating, i.first_player)
    left = {p: i.agents.get(p, 0) for p in ring}
    r.step(
        "itf.placement.order",
        _("Placing starts with the FIRST PLAYER, %(p)s, and goes on to the left: %(o)s.")
        % {"p": i.first_player, "o": names(ring)},
    )
    r.step("itf.placement.batch", _("Each time, the player chooses how many agents to put down, and where."))
    r.step("itf.placement.one-district", _("Each placement puts agents in one district only."))
    turn = _next_with_agents(ring, 0, left)
    violation = None
    skipped = turn not in (0, None)
    for n, pl in enumerate(i.placements):
        expected = ring[turn] if turn is not None else None
        rule = None
        if expected is None:
            rule = "all-placed"
        elif pl.player != expected:
            rule = "out-of-turn"
        elif len(pl.districts) > 1:
            rule = "several-districts"
        elif pl.agents > left[pl.player]:
            rule = "more-than-left"
        if rule:
            violation = {"placement": n, "rule": rule}
            break
        left[pl.player] -= pl.agents
        following = _next_with_agents(ring, turn + 1, left)
        skipped = skipped or (following is not None and following != (turn + 1) % len(ring))
        turn = following
    if violation:
        clause = {
            "out-of-turn": "itf.placement.next-left",
            "several-districts": "itf.placement.one-district",
            "more-than-left": "itf.placement.batch",
            "all-placed": "itf.placement.until-all",
        }[violation["rule"]]
        r.step(
            clause,
            _("Placement %(n)s by %(p)s breaks this rule.")
            % {"n": violation["placement"] + 1, "p": i.placements[violation["placement"]].player},
        )
    elif i.placements:
        r.step(
            "itf.placement.next-left",
            _("After each placement the player to the left places: %(n)s placements in turn.")
            % {"n": len(i.placements)},
        )
    if skipped:
        r.gap("itf.placement.until-all", "placer-without-agents")
    current = ring[turn] if turn is not None else None
    r.step(
        "itf.placement.until-all",
        _("The cycle repeats until every agent is placed: %(p)s next.") % {"p": current}
        if current
        else _("The cycle repeats until every agent is placed: every agent is placed."),
    )
    return r.result(
        {
            "valid": violation is None,
            "violation": violation,
            "next_player": current,
            "remaining": left,
            "all_placed": current is None,
        }
    )


# ---------------------------------------------------------------------------
# action-order


def _one_majority(i: Any) -> Iterator[tuple]:
    """itf.actions.majority: a player acts in a province where they had "największą ilość AGENTÓW", and
    itf.actions.one-at-a-time: its agents are then removed — so no province is activated twice
    in a round, and no two players both have the majority in it."""
    seen: dict[str, str] = {}
    for player, provinces in i.provinces.items():
        for province in provinces:
            if province in seen:
                yield ruled_out(
                    f"provinces.{player}",
                    _("%(p)s is already %(o)s's: a province's agents are removed once it is activated.")
                    % {"p": province, "o": seen[province]},
                    "itf.actions.majority",
                    "itf.actions.one-at-a-time",
                )
            seen[province] = player


ACTION_ORDER_INPUTS = Object(
    seating=_seating(),
    first_player=Player(among="seating", label=gettext_lazy("First player")),
    provinces=Map(
        Player(),
        List(
            Str(1, 40),
            max_length=MAX_SPACES,
            unique=True,
            label=gettext_lazy("Provinces, in the order chosen"),
        ),
        label=gettext_lazy("Provinces where each player has the majority"),
    ),
    goods=Map(
        Str(1, 40),
        Str(1, 40, label=gettext_lazy("Goods card")),
        max_size=MAX_SPACES,
        default={},
        label=gettext_lazy("The goods card each province provides (optional)"),
    ),
    held=Map(
        Player(),
        List(Str(1, 40), max_length=MAX_SPACES, unique=True),
        default={},
        label=gettext_lazy("Goods cards each player already holds (optional)"),
    ),
    checks=[_known("provinces"), _known("held"), _one_majority],
)


def _collect(turns: list[dict[str, Any]], i: Any) -> list[dict[str, Any]]:
    """itf.actions.collect: "możesz mieć tylko jedną kartę danego typu" — each turn takes its
    province's goods card (``takes``) unless the player already holds one of that type; the
    turns that take none for that reason are returned."""
    held = {p: set(i.held.get(p, ())) for p in i.seating}
    refused = []
    for t in turns:
        good = i.goods.get(t["province"])
        t["takes"] = None
        if good is None:
            continue
        if good in held[t["player"]]:
            refused.append(t)
            continue
        held[t["player"]].add(good)
        t["takes"] = good
    return refused


# One activation, in the order the text gives it (itf.actions.collect, .optional-action,
# .fulfil-need, .one-at-a-time).
ACTIVATION = ("collect", "action", "fulfil-need", "remove-agents")


def _action_order_summary(o: dict[str, Any]) -> str:
    return _("Activations in order: %(t)s.") % {
        "t": names(f"{t['player']}: {t['province']}" for t in o["turns"])
    }


@adjudicator("action-order", inputs=ACTION_ORDER_INPUTS, summary=_action_order_summary)
def action_order(i: Any, *, variant: str, rules: Rules) -> Result:
    """Order the activations: from the first player, one province at a time, each in turn."""
    r = Reasoning()
    ring = around_table(i.seating, i.first_player)
    queue = {p: list(i.provinces.get(p, ())) for p in ring}
    r.step(
        "itf.actions.order",
        _("Actions start with the FIRST PLAYER, %(p)s.") % {"p": i.first_player},
    )
    turns = []
    while any(queue.values()):
        for p in ring:
            if queue[p]:
                turns.append({"player": p, "province": queue[p].pop(0)})
    refused = _collect(turns, i)
    r.step(
        "itf.actions.one-at-a-time",
        _("A player activates one province at a time and removes all agents from it when done."),
    )
    r.step(
        "itf.actions.next-player",
        _("Then the next player chooses a province: %(t)s.")
        % {"t": names(f"{t['player']} {t['province']}" for t in turns)},
    )
    r.gap("itf.actions.next-player", "next-player-direction")
    if len({t["player"] for t in turns}) < len(ring) and turns:
        r.gap("itf.actions.next-player", "player-without-province")
    r.step(
        "itf.actions.collect",
        _(
            "In each province the player first takes the money and goods it provides, one card of each type at most: %(t)s."
        )
        % {"t": names(f"{t['player']} {t['takes']}" for t in turns if t["takes"])},
    )
    if refused:
        r.step(
            "itf.actions.collect",
            _("A player already holding a card of that type takes no second one: %(t)s.")
            % {"t": names(f"{t['player']} {t['province']} ({i.goods[t['province']]})" for t in refused)},
        )
    r.step("itf.actions.optional-action", _("Then the player may carry out the province's action, or not."))
    r.step(
        "itf.actions.fulfil-need",
        _("Finally the player may fulfil the province's need, taking its reward and the coins on the card."),
    )
    return r.result({"turns": turns, "activation": list(ACTIVATION)})


# ---------------------------------------------------------------------------
# supply

SUPPLY_INPUTS = Object(
    spaces=List(
        Object(
            id=Str(1, 40, label=gettext_lazy("Need space")),
            province=Str(1, 40, label=gettext_lazy("Province")),
            card=Str(
                1,
                40,
                nullable=True,
                default=None,
                label=gettext_lazy("Card on it (a good, nothing, or empty)"),
            ),
            coins=Int(0, MAX_COUNT, default=0, label=gettext_lazy("Coins on the card")),
        ),
        min_length=1,
        max_length=MAX_SPACES,
        label=gettext_lazy("The need spaces"),
    ),
    rebelling=_rebelling(),
    first_player=Player(label=gettext_lazy("First player (after the end of the round)")),
    checks=[_distinct_spaces, _estyx_has_two, _left_by_the_round],
)


def _supply_summary(o: dict[str, Any]) -> str:
    return _("New need cards go on %(r)s; %(p)s starts the next round.") % {
        "r": names(o["refill"]),
        "p": o["starts"],
    }


@adjudicator("supply", inputs=SUPPLY_INPUTS, summary=_supply_summary)
def supply(i: Any, *, variant: str, rules: Rules) -> Result:
    """Put coins on the need cards left, take off the NOTHING cards, refill, and start the next round."""
    r = Reasoning()
    coins = rules.param("supply_coins")
    after = []
    for s in i.spaces:
        good = s.card is not None and s.card != NOTHING
        after.append({"id": s.id, "card": s.card, "coins": s.coins + (coins if good else 0)})
    r.step(
        "itf.supply.coins",
        _("%(c)s gold pieces go on every need card still on the board: %(s)s.")
        % {"c": coins, "s": names(a["id"] for a in after if a["card"] not in (None, NOTHING))},
    )
    nothing = [a for a in after if a["card"] == NOTHING]
    if nothing:
        r.gap("itf.supply.coins", "coins-on-nothing")
    for a in nothing:
        a["card"] = None
    r.step(
        "itf.supply.remove-nothing",
        _("The NOTHING cards are taken off the board: %(s)s.") % {"s": names(a["id"] for a in nothing)},
    )
    province = {s.id: s.province for s in i.spaces}
    refill = [a["id"] for a in after if a["card"] is None and province[a["id"]] not in i.rebelling]
    r.step(
        "itf.supply.new-needs",
        _("The need deck is shuffled and new cards go on the empty spaces: %(s)s.") % {"s": names(refill)},
    )
    held_back = [a["id"] for a in after if a["card"] is None and province[a["id"]] in i.rebelling]
    if held_back:
        r.step(
            "itf.rebellion.while-rebelling",
            _("No need card goes on a province in rebellion: %(s)s stay empty.") % {"s": names(held_back)},
        )
    r.step(
        "itf.supply.next-round",
        _("%(p)s, the FIRST PLAYER, starts the new round with placing agents.") % {"p": i.first_player},
    )
    return r.result({"spaces": after, "refill": refill, "starts": i.first_player})
