"""What a run's page says for the whole-game models (Praetor, Imperial Tax Farmer, Mega
Civilization): each metric's name in words, in the interface language, and the charts that
answer what their designers ask first — how the games end and whether round 1's first player
wins more than an even share, who wins by seat, how often each dispute arises (docs/lab.md).
A metric's key is for the downloads; the page shows its words."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from games import engine as adjudication

from .charts import Chart, Series
from .simulate import Model

LABELS = {
    "first_player_win_share": gettext_lazy("Round 1's first player wins"),
    "rounds_mean": gettext_lazy("Rounds per game"),
    "game_ended_share": gettext_lazy("Games ended by the rules (not cut off)"),
    "builds_per_game": gettext_lazy("Tiles built per game"),
    "winning_margin_mean": gettext_lazy("Winning margin (the winner's score minus the runner-up's)"),
    "no_winner_share": gettext_lazy("Games nobody wins"),
    "shared_win_share": gettext_lazy("Games with a shared win"),
    "all_rebelled_share": gettext_lazy("Games ending with every province but Imperia in rebellion"),
    "winner_changed_by_reading_share": gettext_lazy("Games whose winners change under the other reading"),
    "cities_at_end_mean": gettext_lazy("Cities on the board at the end"),
}
SEAT = "win_share_seat_"
# The "how the games end" chart's bars: a share of games each, in words short enough for
# the chart's axis.
ENDINGS = {
    "first_player_win_share": gettext_lazy("first player wins"),
    "shared_win_share": gettext_lazy("shared win"),
    "no_winner_share": gettext_lazy("nobody wins"),
    "all_rebelled_share": gettext_lazy("all provinces rebel"),
    "winner_changed_by_reading_share": gettext_lazy("winners change"),
    "game_ended_share": gettext_lazy("ended by the rules"),
}


def label(name: str) -> str:
    """Metric ``name`` in words (the key itself only for a metric this module does not know,
    which tests/lab/test_pages.py refuses)."""
    if name.startswith(SEAT) and name.removeprefix(SEAT).isdigit():
        return str(gettext_lazy("Seat %(n)s wins") % {"n": name.removeprefix(SEAT)})
    return str(LABELS.get(name, name))


def _series(results, names) -> list[Series]:
    """One series per configuration: the metrics ``names`` with their intervals."""
    out = []
    for tag, r in results:
        m = [r["metrics"].get(n) or {} for n in names]
        out.append(
            Series(
                tag, [x.get("value") for x in m], [x.get("ci_low") for x in m], [x.get("ci_high") for x in m]
            )
        )
    return out


def _even(results) -> tuple[tuple[float, ...], str]:
    """The even share's line and its caption, when every configuration has as many players."""
    players = {r["players"] for _tag, r in results}
    if len(players) != 1:
        return (), ""
    (n,) = players
    return (1 / n,), str(gettext_lazy("The line is an even share, 1 in %(n)s.") % {"n": n})


def _disputes(slug: str, results) -> Chart | None:
    """How often each dispute the model reaches arises; numbered, the titles in the caption."""
    keys = [d["id"] for d in results[0][1].get("disputes", ())]
    if not keys:
        return None
    titles = {d.key: str(d.title) for d in adjudication.disputes_for(slug)}
    series = []
    for tag, r in results:
        rows = {d["id"]: d for d in r.get("disputes", ())}
        found = [rows.get(k) or {} for k in keys]
        cis = [d.get("arises_share_ci") or (None, None) for d in found]
        series.append(
            Series(tag, [d.get("arises_share") for d in found], [c[0] for c in cis], [c[1] for c in cis])
        )
    return Chart(
        key="disputes",
        title=str(gettext_lazy("How often each known dispute arises (share of games)")),
        categories=[str(n) for n in range(1, len(keys) + 1)],
        series=series,
        caption="; ".join(f"{n}: {titles.get(k, k)}" for n, k in enumerate(keys, start=1)),
    )


def charts(slug: str, results: list[tuple[str, dict[str, Any]]]) -> list[Chart]:
    """Who wins (round 1's first player, and each seat where the model counts seats) against
    an even share; how the games end; how often each dispute arises."""
    metrics = results[0][1]["metrics"]
    lines, caption = _even(results)
    seats = sorted((n for n in metrics if n.startswith(SEAT)), key=lambda n: int(n.removeprefix(SEAT)))
    wins = ["first_player_win_share", *seats]
    out = [
        Chart(
            key="wins",
            title=str(
                gettext_lazy("Who wins: round 1's first player, and each seat")
                if seats
                else gettext_lazy("How often round 1's first player wins")
            ),
            categories=[str(gettext_lazy("first player"))]
            + [str(gettext_lazy("seat %(n)s") % {"n": n.removeprefix(SEAT)}) for n in seats],
            series=_series(results, wins),
            lines=lines,
            caption=caption,
        )
    ]
    endings = [n for n in ENDINGS if n in metrics and n not in wins]
    if len(endings) > 1:  # one bar is the table's row, not a chart
        out.append(
            Chart(
                key="endings",
                title=str(gettext_lazy("How the games end (share of games)")),
                categories=[str(ENDINGS[n]) for n in endings],
                series=_series(results, endings),
            )
        )
    disputes = _disputes(slug, results)
    return out + ([disputes] if disputes else [])


class WholeGame(Model):
    """A model that plays whole games: its page's words and charts are this module's."""

    def charts(self, results: list[tuple[str, dict[str, Any]]]) -> list[Chart]:
        return charts(self.slug, results)

    def label(self, name: str) -> str:
        return label(name)
