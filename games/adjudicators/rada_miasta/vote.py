"""Rada Miasta, sections "vote-needed" and "vote" (Przebieg głosowania Rady Miasta): adjudicator council-vote.

Clauses, in the order a vote applies them:

- the motion: ``rm.vote-needed.rebuilding``, ``rm.vote.proposal``, ``rm.vote.order``,
  ``rm.vote.for-against``, ``rm.vote.proposer-either-way``;
- the cards played during the vote (section "events"): ``rm.events.councillor-absent``
  (lowers a count by 1, ``councillor_absent_points``), ``rm.events.technical-problems``
  and ``rm.events.technical-problems-cost``;
- the count: ``rm.support.groups`` (the three groups it is weighed in), ``rm.vote.tallies``, ``rm.vote.group-vote-for`` (``group_vote_for``),
  ``rm.vote.group-vote-none`` (``group_vote_none``), ``rm.vote.majority``
  (``council_votes_to_win``), ``rm.vote.unanimous`` (0 or all of them: derived from the
  number of groups);
- what follows: ``rm.vote.lost-ends-turn``, ``rm.vote.lost-stage-1`` (``pile_stage``),
  ``rm.vote.lost-stage-2-3``, ``rm.vote.decay`` (``decay_points``, ``decay_players``;
  the designer's uncertain "red text"), ``rm.vote.won-gain`` with the support rules
  (``rm.support.*``) and ``rm.support.limits``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import P, Reasoning, Result, Rules, around_table, names
from games.engine.declare import Choice, List, Map, Object, Player, Players, ruled_out
from games.engine.rules import active

from .common import (
    CARD_LABELS,
    DISTRICT_LABELS,
    GROUPS,
    VOTE_CARDS,
    WORDS,
    adjudicator,
    check_chosen_group_only_for_public,
    check_stage,
    district,
    district_built,
    district_name,
    group_name,
    group_support,
    levels,
    levels_text,
    optional_group,
)
from .support import add_district_support, capped, gain_amount

# ---------------------------------------------------------------- arithmetic


def voting_order(seating: list[str], proposer: str) -> list[str]:
    """rm.vote.order: from the proposer's left (next clockwise) round to the proposer."""
    ring = around_table(seating, proposer)
    return ring[1:] + ring[:1]


def absent_effects(
    support: Mapping[str, Any], events: Iterable[Any], rules: Rules
) -> tuple[dict[str, dict[str, int]], list[tuple[Any, int, int]]]:
    """rm.events.councillor-absent: each card lowers its target's count "tymczasowo … o 1"
    in the chosen group, never below 0 (rm.support.limits). Return the counted support
    (a copy: the track is untouched) and each card's (event, before, after)."""
    counted = {p: levels(s) for p, s in support.items()}
    effects = []
    for e in events:
        if e.card != "councillor-absent":
            continue
        before = counted[e.target][e.group]
        counted[e.target][e.group], _removed = capped(before, -rules.param("councillor_absent_points"), rules)
        effects.append((e, before, counted[e.target][e.group]))
    return counted, effects


def tallies(counted: Mapping[str, Mapping[str, int]], votes: Mapping[str, str]) -> dict[str, dict[str, int]]:
    """rm.vote.tallies: the FOR voters' support and the AGAINST voters' support, per group."""
    return {
        g: {
            "for": sum(counted[p][g] for p, v in votes.items() if v == "for"),
            "against": sum(counted[p][g] for p, v in votes.items() if v == "against"),
        }
        for g in GROUPS
    }


def group_vote(tally: Mapping[str, int], rules: Rules) -> int:
    """rm.vote.group-vote-for: more FOR than AGAINST gives 1 City Council vote;
    rm.vote.group-vote-none: a tie or more AGAINST gives 0."""
    if tally["for"] > tally["against"]:
        return rules.param("group_vote_for")
    return rules.param("group_vote_none")


def council_votes(group_tallies: Mapping[str, Mapping[str, int]], rules: Rules) -> int:
    return sum(group_vote(t, rules) for t in group_tallies.values())


def unanimous_totals(rules: Rules) -> tuple[int, int]:
    """rm.vote.unanimous: "0 lub 3 GŁOSY" — every group against, or every group for."""
    return len(GROUPS) * rules.param("group_vote_none"), len(GROUPS) * rules.param("group_vote_for")


def decay(group_levels: Mapping[str, int], points: int) -> dict[str, int]:
    """rm.vote.decay: "po 1 punkcie poparcia … (o ile go posiadał)" — never below 0."""
    return {g: max(0, v - points) for g, v in group_levels.items()}


def decaying_players(order: list[str], proposer: str, votes: Mapping[str, str], rules: Rules) -> list[str]:
    """rm.vote.decay: whom it takes points from — "każdemu graczowi" (every player)."""
    who = rules.param("decay_players")
    if who == "every":
        return list(order)
    if who == "proposer":
        return [proposer]
    return [p for p in order if votes[p] == who]


# ---------------------------------------------------------------- inputs


def _vote_passes(i: Any) -> bool:
    """Whether a vote is won and not cancelled (used by the checks to ask for a chosen group)."""
    rules = active()
    if any(e.card == "technical-problems" for e in i.events):
        return False
    counted, _effects = absent_effects(i.support, i.events, rules)
    return council_votes(tallies(counted, i.votes), rules) >= rules.param("council_votes_to_win")


def _check_events(i: Any) -> Iterable[tuple[str, str]]:
    for n, e in enumerate(i.events):
        for name in ("target", "group"):
            if e.card == "councillor-absent" and getattr(e, name) is None:
                yield f"events.{n}.{name}", _("This field is required.")
            elif e.card != "councillor-absent" and getattr(e, name) is not None:
                yield f"events.{n}.{name}", _("Technical Problems names no target player or group.")


def _check_council_vote(i: Any) -> Iterable[tuple[str, str]]:
    if i.district.type == "terrain":
        # rm.intro.terrain: a Terrain cannot be rebuilt or used to rebuild.
        yield ruled_out(
            "district.type", _("A Terrain cannot be rebuilt or used to rebuild."), "rm.intro.terrain"
        )
        return
    if i.district.stage is None:
        yield "district.stage", _("This field is required.")
    yield from check_chosen_group_only_for_public(i)
    bad_events = list(_check_events(i))
    yield from bad_events
    if (
        not bad_events
        and i.district.stage is not None
        and i.district.type == "public"
        and i.chosen_group is None
        and _vote_passes(i)
    ):
        yield (
            "chosen_group",
            _(
                "The vote passes, and a Public District's support goes to a group the proposer chooses: choose one."
            ),
        )


COUNCIL_EVENT = Object(
    card=Choice(VOTE_CARDS, labels=CARD_LABELS, label=gettext_lazy("Card")),
    player=Player(among="seating", label=gettext_lazy("Played by")),
    target=Player(
        among="seating",
        required=False,
        nullable=True,
        label=gettext_lazy("Target player (Councillor Absent)"),
    ),
    group=optional_group(gettext_lazy("Group (Councillor Absent)")),
)

COUNCIL_VOTE_INPUTS = Object(
    seating=Players(label=gettext_lazy("Players, clockwise")),
    proposer=Player(among="seating", label=gettext_lazy("Proposer")),
    support=Map(
        Player(among="seating"),
        group_support(),
        complete=True,
        label=gettext_lazy("Each player's support"),
    ),
    votes=Map(
        Player(among="seating"),
        Choice.of(WORDS["ballot"]),
        complete=True,
        label=gettext_lazy("Votes"),
    ),
    **district_built(gettext_lazy("District to build by rebuilding")),
    events=List(COUNCIL_EVENT, default=[], label=gettext_lazy("Event cards played during the vote")),
    checks=[_check_council_vote],
)


# ---------------------------------------------------------------- steps


def _say_motion(r: Reasoning, i: Any, order: list[str]) -> None:
    """rm.vote-needed.rebuilding, rm.vote.proposal, rm.vote.order, rm.vote.for-against,
    rm.vote.proposer-either-way: what is voted on, by whom, in which order, and how."""
    proposer = i.proposer
    r.step(
        "rm.vote-needed.rebuilding",
        _("Building the %(district)s by rebuilding needs a won City Council vote.")
        % {"district": district_name(i.district)},
    )
    r.step(
        "rm.vote.proposal",
        _("%(player)s is the proposer; the rebuilding is the motion.") % {"player": proposer},
    )
    r.step(
        "rm.vote.order",
        _("Voting order, from the proposer's left clockwise and ending with the proposer: %(order)s.")
        % {"order": names(order)},
    )
    backers = [p for p in order if i.votes[p] == "for"]
    opponents = [p for p in order if i.votes[p] == "against"]
    r.step(
        "rm.vote.for-against",
        _("FOR the motion: %(for)s. AGAINST: %(against)s.")
        % {"for": names(backers, empty=_("nobody")), "against": names(opponents, empty=_("nobody"))},
    )
    r.step(
        "rm.vote.proposer-either-way",
        (
            _("%(player)s, the proposer, votes FOR their own motion, as they may.")
            if i.votes[proposer] == "for"
            else _("%(player)s, the proposer, votes AGAINST their own motion, which the rules allow.")
        )
        % {"player": proposer},
    )


def _say_absent(r: Reasoning, effects: list[tuple[Any, int, int]], rules: Rules) -> None:
    """rm.events.councillor-absent (with rm.support.limits when there is nothing to lower)."""
    points = rules.param("councillor_absent_points")
    for e, before, after in effects:
        words = {
            "player": e.player,
            "target": e.target,
            "group": group_name(e.group),
            "before": before,
            "after": after,
            "n": points,
        }
        if before > 0:
            text = _(
                "%(player)s plays Councillor Absent on %(target)s: for this vote only, %(target)s's "
                "%(group)s support counts %(n)s less, %(before)s → %(after)s."
            )
            r.step("rm.events.councillor-absent", text % words)
            continue
        r.step(
            "rm.events.councillor-absent",
            _(
                "%(player)s plays Councillor Absent on %(target)s, lowering their %(group)s support for this vote."
            )
            % words,
        )
        r.step(
            "rm.support.limits",
            _(
                "%(target)s already counts 0 %(group)s support, which cannot go negative: the card changes nothing."
            )
            % words,
        )
    if len(effects) > 1:
        r.gap("rm.events.councillor-absent", "several-councillors-absent", n=points)


def _say_group_votes(r: Reasoning, group_tallies: Mapping[str, Mapping[str, int]], rules: Rules) -> None:
    """rm.support.groups (the groups the vote is weighed in), rm.vote.tallies, then
    rm.vote.group-vote-for / rm.vote.group-vote-none for each group."""
    # rm.support.groups: "Rozważmy 3 podstawowe grupy społeczne o które gracz musi zabiegać" —
    # the groups each player holds support in, so the ones the vote is counted in, each once.
    r.step(
        "rm.support.groups",
        _("The vote is weighed in each of the %(n)s basic social groups the players court: %(groups)s.")
        % {"n": len(group_tallies), "groups": ", ".join(group_name(g) for g in group_tallies)},
    )
    r.step(
        "rm.vote.tallies",
        _("Support summed per group, FOR against AGAINST: %(tallies)s.")
        % {
            "tallies": "; ".join(
                f"{group_name(g)} {t['for']}-{t['against']}" for g, t in group_tallies.items()
            )
        },
    )
    for g, t in group_tallies.items():
        n = group_vote(t, rules)
        words = {"group": group_name(g), "for": t["for"], "against": t["against"], "n": n}
        if t["for"] > t["against"]:
            key = "rm.vote.group-vote-for"
            text = ngettext(
                "%(group)s: %(for)s for, %(against)s against, so the motion gets %(n)s City Council vote.",
                "%(group)s: %(for)s for, %(against)s against, so the motion gets %(n)s City Council votes.",
                n,
            )
        elif t["for"] == t["against"]:
            key = "rm.vote.group-vote-none"
            text = ngettext(
                "%(group)s: %(for)s for, %(against)s against, a tie, so the motion gets %(n)s City Council vote.",
                "%(group)s: %(for)s for, %(against)s against, a tie, so the motion gets %(n)s City Council votes.",
                n,
            )
        else:
            key = "rm.vote.group-vote-none"
            text = ngettext(
                "%(group)s: %(for)s for, %(against)s against, so the motion gets %(n)s City Council vote.",
                "%(group)s: %(for)s for, %(against)s against, so the motion gets %(n)s City Council votes.",
                n,
            )
        r.step(key, text % words)


def _say_cancelled(r: Reasoning, canceller: Any, votes_so_far: int) -> None:
    """rm.events.technical-problems (and its cost): the vote is cancelled; its silent points are gaps."""
    r.step(
        "rm.events.technical-problems",
        ngettext(
            "%(player)s plays Technical Problems: the vote is cancelled "
            "(it stood at %(n)s City Council vote), so it is neither won nor lost.",
            "%(player)s plays Technical Problems: the vote is cancelled "
            "(it stood at %(n)s City Council votes), so it is neither won nor lost.",
            votes_so_far,
        )
        % {"player": canceller.player, "n": votes_so_far},
    )
    r.step(
        "rm.events.technical-problems-cost",
        _("%(player)s must discard a card from their hand to play it.") % {"player": canceller.player},
    )
    r.gap("rm.vote.decay", "decay-after-cancelled-vote")
    r.gap("rm.vote.lost-ends-turn", "cancelled-vote-ends-turn")
    r.gap("rm.events.technical-problems", "district-of-cancelled-motion")


def _say_result(r: Reasoning, votes_won: int, rules: Rules) -> tuple[bool, bool]:
    """rm.vote.majority ("co najmniej 2 GŁOSY") and rm.vote.unanimous; return (passed, unanimous)."""
    need = rules.param("council_votes_to_win")
    passed = vote_passes(votes_won, rules)
    words = {"n": votes_won, "need": need}
    if passed:
        text = ngettext(
            "%(n)s City Council vote, at least %(need)s: the vote is won and the rebuilding goes ahead.",
            "%(n)s City Council votes, at least %(need)s: the vote is won and the rebuilding goes ahead.",
            votes_won,
        )
    else:
        text = ngettext(
            "%(n)s City Council vote, fewer than %(need)s: the vote is lost.",
            "%(n)s City Council votes, fewer than %(need)s: the vote is lost.",
            votes_won,
        )
    r.step("rm.vote.majority", text % words)
    opposed, supported = unanimous_totals(rules)
    if votes_won == supported:
        text = ngettext(
            "%(n)s City Council vote: the vote is unanimous, with unanimous support.",
            "%(n)s City Council votes: the vote is unanimous, with unanimous support.",
            votes_won,
        )
    elif votes_won == opposed:
        text = ngettext(
            "%(n)s City Council vote: the vote is unanimous, with unanimous opposition.",
            "%(n)s City Council votes: the vote is unanimous, with unanimous opposition.",
            votes_won,
        )
    else:
        text = ngettext(
            "%(n)s City Council vote: the vote is not unanimous.",
            "%(n)s City Council votes: the vote is not unanimous.",
            votes_won,
        )
    r.step("rm.vote.unanimous", text % words)
    return passed, votes_won in (opposed, supported)


def _lost_vote(r: Reasoning, proposer: str, district: Any, rules: Rules) -> str:
    """rm.vote.lost-ends-turn, then rm.vote.lost-stage-1 or rm.vote.lost-stage-2-3; return the fate."""
    r.step(
        "rm.vote.lost-ends-turn",
        _("The vote on the rebuilding is lost: %(player)s's turn ends at once.") % {"player": proposer},
    )
    if district.stage == rules.param("pile_stage"):
        r.step(
            "rm.vote.lost-stage-1",
            _("The motion concerned a stage %(stage)s District: it goes to the pile of unbuilt Districts.")
            % {"stage": district.stage},
        )
        return "returned-to-pile"
    r.step(
        "rm.vote.lost-stage-2-3",
        _(
            "The motion concerned a stage %(stage)s District: it stays in its place, "
            "and later players this round may try to build it."
        )
        % {"stage": district.stage},
    )
    return "stays"


def _decay_who(rules: Rules) -> str:
    return {
        "every": _("every player"),
        "proposer": _("the proposer"),
        "for": _("every player who voted FOR"),
        "against": _("every player who voted AGAINST"),
    }[rules.param("decay_players")]


def _say_decay(r: Reasoning, after: Mapping[str, Mapping[str, int]], rules: Rules) -> None:
    """The step of rm.vote.decay; it says the rule is uncertain only when this edition marks it so."""
    points = rules.param("decay_points")
    text = ngettext(
        "After the concluded vote %(who)s loses %(n)s support point in each group where they have any: %(after)s.",
        "After the concluded vote %(who)s loses %(n)s support points in each group where they have any: "
        "%(after)s.",
        points,
    ) % {
        "who": _decay_who(rules),
        "n": points,
        "after": "; ".join(f"{p}: {levels_text(s)}" for p, s in after.items()),
    }
    if rules.uncertain("rm.vote.decay"):
        text += " " + _("This rule is marked uncertain (the designer's red text) and may change.")
    r.step("rm.vote.decay", text)


def _won_gain(
    r: Reasoning, i: Any, before: Mapping[str, int], after: dict[str, int], decayed: bool, rules: Rules
) -> dict[str, int]:
    """rm.vote.won-gain: the new District gives the proposer support "zgodnie z zasadami"
    (rm.support.*), after the decay, in document order; a gap when the order matters."""
    proposer, district = i.proposer, i.district
    r.step(
        "rm.vote.won-gain",
        _(
            "After the won vote the new %(district)s gives its support to %(player)s, the proposer, by the usual rules."
        )
        % {"district": district_name(district), "player": proposer},
    )
    after, _gained, group, _discarded = add_district_support(
        r, after, district, i.chosen_group, proposer, rules
    )
    # Both effects come "after the vote"; the order only shows when the group is empty or near the limit.
    gain_first, _removed = capped(before[group], gain_amount(district, rules), rules)
    if decayed:
        gain_first = decay({group: gain_first}, rules.param("decay_points"))[group]
    if gain_first != after[group]:
        r.gap(
            "rm.vote.won-gain",
            "decay-or-gain-first",
            player=proposer,
            group=group_name(group),
            decay_first=after[group],
            gain_first=gain_first,
        )
    return after


# ---------------------------------------------------------------- council-vote


def _council_vote_summary(o: dict[str, Any]) -> str:
    if o["cancelled"]:
        return _("The vote is cancelled by Technical Problems.")
    words = {"n": o["council_votes"], "all": len(GROUPS) * P("group_vote_for").value()}
    if o["passed"]:
        return (
            _("The motion passes with %(n)s of %(all)s City Council votes; the District is rebuilt.") % words
        )
    fate = (
        _("the District returns to the pile of unbuilt Districts")
        if o["district_fate"] == "returned-to-pile"
        else _("the District stays in its place")
    )
    return _(
        "The motion fails with %(n)s of %(all)s City Council votes; the proposer's turn ends and %(fate)s."
    ) % {**words, "fate": fate}


@adjudicator("council-vote", inputs=COUNCIL_VOTE_INPUTS, summary=_council_vote_summary)
def council_vote(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule on a City Council vote on a rebuilding, and on what follows it."""
    r = Reasoning()
    seating = list(i.seating)
    order = voting_order(seating, i.proposer)
    _say_motion(r, i, order)
    counted, effects = absent_effects(i.support, i.events, rules)
    _say_absent(r, effects, rules)
    group_tallies = tallies(counted, i.votes)
    _say_group_votes(r, group_tallies, rules)
    votes_won = council_votes(group_tallies, rules)
    support_before = {p: levels(i.support[p]) for p in seating}
    outcome: dict[str, Any] = {"voting_order": order, "tallies": group_tallies, "council_votes": votes_won}

    canceller = next((e for e in i.events if e.card == "technical-problems"), None)
    if canceller is not None:
        _say_cancelled(r, canceller, votes_won)
        return r.result(
            {
                **outcome,
                "passed": False,
                "unanimous": False,
                "cancelled": True,
                "turn_ends": False,
                "district_fate": None,
                "support_after": support_before,
            }
        )

    passed, unanimous = _say_result(r, votes_won, rules)
    fate = "rebuilt" if passed else _lost_vote(r, i.proposer, i.district, rules)
    decaying = decaying_players(order, i.proposer, i.votes, rules)
    points = rules.param("decay_points")
    after = {p: decay(s, points) if p in decaying else dict(s) for p, s in support_before.items()}
    _say_decay(r, after, rules)
    if passed:
        after[i.proposer] = _won_gain(
            r, i, support_before[i.proposer], after[i.proposer], i.proposer in decaying, rules
        )
    return r.result(
        {
            **outcome,
            "passed": passed,
            "unanimous": unanimous,
            "cancelled": False,
            "turn_ends": not passed,
            "district_fate": fate,
            "support_after": after,
        }
    )


def vote_passes(votes_won: int, rules: Rules) -> bool:
    """rm.vote.majority: "co najmniej 2 GŁOSY" — at least that many City Council votes."""
    return votes_won >= rules.param("council_votes_to_win")


# ---------------------------------------------------------------- vote-needed


def _check_vote_needed(i: Any) -> Iterable[tuple]:
    """rm.intro.terrain: "Dzielnice typu Teren … nie mogą być przebudowane, nie mogą służyć do
    przebudowy" — nothing is built on a Terrain, and a Terrain is built on nothing."""
    yield from check_stage(i)
    if i.built_on is None:
        return
    if i.built_on == "terrain":
        yield ruled_out("built_on", _("A Terrain cannot be rebuilt."), "rm.intro.terrain")
    elif i.district.type == "terrain":
        yield ruled_out("district.type", _("A Terrain cannot be used to rebuild."), "rm.intro.terrain")


VOTE_NEEDED_INPUTS = Object(
    district=district(label=gettext_lazy("District to build")),
    built_on=Choice.of(
        DISTRICT_LABELS,
        required=False,
        nullable=True,
        label=gettext_lazy("Type of the District it is built on (empty: nothing is there)"),
    ),
    checks=[_check_vote_needed],
)


def _vote_needed_summary(o: dict[str, Any]) -> str:
    if o["needs_vote"]:
        return _("A rebuilding: it needs a won City Council vote.")
    return _("No City Council vote is needed.")


def _needs_vote(r: Reasoning, i: Any, same_type_rebuilds: bool) -> dict[str, Any]:
    """rm.vote-needed.rebuilding: "Aby przebudować Dzielnicę (budowa Dzielnicy na innej Dzielnicy
    zmieniając jej główny typ) potrzebne jest wygrane głosowanie Rady Miasta"; rm.vote.proposal:
    such a build is declared as a MOTION. ``same_type_rebuilds``: a District built on one of its
    own type counts as a rebuilding too (the gap's other reading)."""
    if i.built_on is None:
        r.step(
            "rm.vote-needed.rebuilding",
            _("Nothing stands where it is built: that is no rebuilding, so no City Council vote is needed."),
        )
        return {"needs_vote": False, "rebuilding": False}
    under, over = DISTRICT_LABELS[i.built_on], DISTRICT_LABELS[i.district.type]
    changes = i.built_on != i.district.type
    if changes or same_type_rebuilds:
        r.step(
            "rm.vote-needed.rebuilding",
            _(
                "A %(over)s District built on a %(under)s District is a rebuilding: it needs a won City Council vote."
            )
            % {"over": over, "under": under},
        )
        r.step(
            "rm.vote.proposal",
            _("The player declares it in their turn as a MOTION and becomes the PROPOSER."),
        )
        return {"needs_vote": True, "rebuilding": True}
    r.step(
        "rm.vote-needed.rebuilding",
        _(
            "A %(over)s District built on another %(under)s District does not change its main type, "
            "which is what a rebuilding is: no City Council vote is needed."
        )
        % {"over": over, "under": under},
    )
    return {"needs_vote": False, "rebuilding": False}


@adjudicator("vote-needed", inputs=VOTE_NEEDED_INPUTS, summary=_vote_needed_summary)
def vote_needed(i: Any, *, variant: str, rules: Rules) -> Result:
    """Does this build need a City Council vote: is it a rebuilding?"""
    r = Reasoning()
    outcome = _needs_vote(r, i, same_type_rebuilds=False)
    if i.built_on == i.district.type:
        other = _needs_vote(Reasoning(), i, same_type_rebuilds=True)
        r.gap(
            "rm.vote-needed.rebuilding",
            "same-type-rebuild",
            readings=[(_("Any District built on another is a rebuilding, whatever its type."), other)],
        )
    return r.result(outcome)
