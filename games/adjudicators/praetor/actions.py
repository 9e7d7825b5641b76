"""Section "actions" (行动阶段): activating a city tile, ordinary or special."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Reasoning, Result, Rules
from games.engine.declare import Bool, Choice, Int, Object, Player, ruled_out

from .common import WORDS, adjudicator


def _used_by_the_player(i):
    """A player who has activated the tile this round has activated it: the tile cannot be
    unused this round (pr.actions.special-marker: "放置一个标志来记录" — the marker on it records
    it; an ordinary tile holds the worker, pr.actions.activate-once-per-round)."""
    if i.player_used_this_round and not i.tile.used_this_round:
        clause = (
            "pr.actions.special-marker" if i.tile.kind == "grey" else "pr.actions.activate-once-per-round"
        )
        yield ruled_out(
            "player_used_this_round",
            _("If this player has activated the tile this round, it has been activated this round."),
            clause,
        )


ACTIVATION_INPUTS = Object(
    player=Player(label=gettext_lazy("Who wants to activate the tile?")),
    tile=Object(
        kind=Choice.of(WORDS["tiles"], label=gettext_lazy("Tile's action colour")),
        owner=Player(nullable=True, default=None, label=gettext_lazy("Who built it (empty: a start tile)")),
        fee=Int(0, 99, default=0, label=gettext_lazy("Fee on the tile")),
        used_this_round=Bool(default=False, label=gettext_lazy("Already activated this round?")),
        label=gettext_lazy("Tile"),
    ),
    player_used_this_round=Bool(
        default=False, label=gettext_lazy("Grey tile: has this player already activated it this round?")
    ),
    checks=[_used_by_the_player],
)


def _activation_summary(o: dict[str, Any]) -> str:
    if not o["allowed"]:
        return _("Not allowed.")
    if o["pays_owner"]:
        return _("Allowed; pay the owner %(fee)s.") % {"fee": o["fee_due"]}
    return _("Allowed, with no fee to pay.")


def _special_once(r: Reasoning, i: Any) -> bool:
    """pr.actions.special-once-per-player: "每个特殊城市板块每回合每个玩家只能执行一次"."""
    if i.player_used_this_round:
        r.step(
            "pr.actions.special-once-per-player",
            _("%(p)s has already activated this special tile this round.") % {"p": i.player},
        )
        return False
    r.step(
        "pr.actions.special-once-per-player",
        _("A special (grey) tile may be activated once per round by each player; %(p)s has not yet.")
        % {"p": i.player},
    )
    return True


def special_fee(r: Reasoning, player: str, owner: str | None, fee: int) -> bool:
    """pr.actions.special-fee: "你必须支付特殊城市板块的拥有者费用来执行它"; pr.actions.special-marker:
    "你不需要用活跃区的工人,而是放置一个标志来记录". Returns whether the owner is paid."""
    r.step("pr.actions.special-marker", _("No worker from the active area is needed: a marker records it."))
    if owner == player:
        r.step(
            "pr.actions.special-fee",
            _("%(p)s owns the tile, so the fee would come back to them.") % {"p": player},
        )
        r.gap("pr.actions.special-fee", "own-special-tile-fee")
    elif owner is None:
        r.step("pr.actions.special-fee", _("The tile has no owner to pay."))
        r.gap("pr.actions.special-fee", "fee-without-owner")
    else:
        r.step(
            "pr.actions.special-fee",
            _("%(p)s must pay the owner %(o)s the fee of %(f)s.") % {"p": player, "o": owner, "f": fee},
        )
    return owner not in (None, player)


def _activate_special(r: Reasoning, i: Any) -> tuple[bool, bool]:
    """A grey tile: once per player per round, a marker instead of a worker; (allowed, pays)."""
    allowed = _special_once(r, i)
    if not allowed:
        r.step("pr.actions.special-fee", _("Not activated, so no fee and no marker."))
        return False, False
    pays = special_fee(r, i.player, i.tile.owner, i.tile.fee)
    r.step("pr.upkeep.no-experience", _("No worker is placed, so no worker gains experience."))
    return True, pays


def activation_fee(r: Reasoning, player: str, owner: str | None, fee: int) -> bool:
    """pr.actions.activate-fee: "如果那个城市板块是别的玩家建造的,你需要支付费用,否则不需要"."""
    pays = owner not in (None, player)
    if pays:
        text = _("%(o)s built it, so %(p)s pays them the fee of %(f)s.")
    elif owner == player:
        text = _("%(p)s built it, so no fee is due.")
    else:
        text = _("No other player built it (a start tile), so no fee is due.")
    r.step("pr.actions.activate-fee", text % {"o": owner, "p": player, "f": fee})
    return pays


def _worker_experience(r: Reasoning, i: Any, rules: Rules) -> bool:
    """pr.upkeep.red-experience ("执行红色的城市板块的工人获得1经验") / pr.upkeep.no-experience."""
    if i.tile.kind == "red":
        r.step(
            "pr.upkeep.red-experience",
            _("A red tile: the worker gains %(gain)s experience at upkeep.")
            % {"gain": rules.param("red_experience")},
        )
        return True
    r.step("pr.upkeep.no-experience", _("A green tile: the worker gains no experience at upkeep."))
    r.gap("pr.concepts.workers-dice", "green-tile-experience")
    return False


def _activate_ordinary(r: Reasoning, i: Any, rules: Rules) -> tuple[bool, bool, bool]:
    """A green or red tile: a worker, once per round by anyone; (allowed, pays, gains)."""
    r.step("pr.actions.activate-place", _("Activating it takes one of your active workers."))
    # pr.actions.activate-once-per-round: "每个城市板块一回合只能被执行一次".
    if i.tile.used_this_round:
        r.step(
            "pr.actions.activate-once-per-round",
            _("This tile has already been activated this round: it cannot be activated again."),
        )
        return False, False, False
    r.step(
        "pr.actions.activate-once-per-round",
        _("Nobody has activated this tile this round, so it is free to use."),
    )
    pays = activation_fee(r, i.player, i.tile.owner, i.tile.fee)
    return True, pays, _worker_experience(r, i, rules)


@adjudicator("activation", inputs=ACTIVATION_INPUTS, summary=_activation_summary)
def activation(i: Any, *, variant: str, rules: Rules) -> Result:
    """Decide whether a player may activate a tile, whether the owner is paid, and experience."""
    r = Reasoning()
    if i.tile.kind == "grey":
        allowed, pays = _activate_special(r, i)
        gains = False
    else:
        allowed, pays, gains = _activate_ordinary(r, i, rules)
    return r.result(
        {
            "allowed": allowed,
            "pays_owner": pays,
            "fee_due": i.tile.fee if pays else 0,
            "needs_worker": i.tile.kind != "grey",
            "gains_experience": gains,
        }
    )
