"""The playtest engine: play a game's subsystem many times through its adjudicators.

Pure Python, no ORM in the game loop: the rules of one edition (or draft) are loaded once
(``games.snapshot.load``) and every game calls the registered adjudicators with them, each
call's inputs validated by the adjudicator's own declaration — the referee's path without
the database. Nothing here or in a game model applies a rule itself; what the rules leave
open (which District to build, when to play a card) is the model's stated choice and the
seat policies' (``lab.rada``, ``lab.dolores``, ``lab.policies``; docs/lab.md).

Reproducible: game ``i`` of a run draws from ``random.Random("<game>:<seed>:<i>")`` and
returns integer sums (``lab.stats.Sums``), so any split of a run into shards adds up to
the same totals, and the same seed gives the same JSON.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from django.utils import translation

from config.numbers import is_ascii_digits, signed_number
from games import engine as adjudication
from games.engine import Rules
from games.engine.declare import MISSING, Field, Invalid, List, Map, Object, _record_type

from . import stats

MAX_GAMES = 1_000_000
MAX_SEED = 2**63 - 1
MAX_ROUNDS = 30
MAX_PLOTS = 100


class ConfigError(Invalid, ValueError):
    """Bad run parameters, by field name: {"players": ["…"]}."""


def trusted(declared: Field, value: Any) -> Any:
    """Freeze inputs the engine built itself into the record the declaration would parse
    them into, following the same declaration, without re-checking them.

    Validation costs 40 % of a council vote; a game model's inputs are right by
    construction, and a ``checked`` Referee (the tests) validates every one of them and
    asserts that this gives the same record."""
    return _freezer(declared)(value)


@functools.cache
def _freezer(declared: Field) -> Callable[[Any], Any]:
    """The declaration walked once into one function that freezes a value of it.

    The walk writes that function's source: an object becomes its record type called on its
    fields (a missing one takes its default), a map a read-only dict, a list a tuple, and a
    plain value stays as it is (a null stays null). A call is then one Python function, not
    one per field and item (the lab freezes thousands of inputs a second)."""
    names: dict[str, Any] = {"MappingProxyType": MappingProxyType}
    source = f"def freeze(value):\n    return {_freeze_source(declared, 'value', names, itertools.count())}\n"
    exec(source, names)
    return names["freeze"]


def _freeze_source(declared: Field, value: str, names: dict[str, Any], counter: Iterator[int]) -> str:
    """An expression freezing ``value`` (a name, or an expression to be read once) as
    ``declared`` parses it; the objects it calls are put in ``names``."""
    if not isinstance(declared, Object | Map | List):
        return value
    n = next(counter)
    it, bind = (value, value) if value.isidentifier() else (f"v{n}", f"(v{n} := {value})")
    if isinstance(declared, Object):
        names[f"record{n}"] = _record_type(tuple(declared.fields))
        parts = []
        for k, (name, sub) in enumerate(declared.fields.items()):
            names[f"default{n}_{k}"] = None if sub.default is MISSING else _freezer(sub)(sub.default)
            field = _freeze_source(sub, f"{it}[{name!r}]", names, counter)
            parts.append(f"({field} if {name!r} in {it} else default{n}_{k})")
        frozen = f"record{n}({', '.join(parts)})"
    elif isinstance(declared, Map):
        item = _freeze_source(declared.values, f"x{n}", names, counter)
        frozen = f"dict({it})" if item == f"x{n}" else f"{{k{n}: {item} for k{n}, x{n} in {it}.items()}}"
        frozen = f"MappingProxyType({frozen})"
    else:
        item = _freeze_source(declared.item, f"x{n}", names, counter)
        frozen = f"tuple({it})" if item == f"x{n}" else f"tuple([{item} for x{n} in {it}])"
    return f"(None if {bind} is None else {frozen})"


class Referee:
    """The adjudicators of one game under one edition's rules and one variant.

    ``checked``: validate every call's inputs by the adjudicator's declaration (as the
    referee's form and the API do) and check that the engine's own freezing agrees.

    Adjudicators are pure functions of their inputs and the rules, so a question asked
    again (the same support levels, votes and District: frequent, since the decay keeps
    levels low) is answered from ``memo`` when the caller gives its key; ``checked``
    Referees ask every time. The outcomes returned are shared: callers must not change them.
    """

    MEMO_MAX = 200_000

    def __init__(self, game: str, rules: Rules, variant: str, *, checked: bool = False):
        self.rules = rules
        self.variant = variant
        self.checked = checked
        self._adj = {a.name: a for a in adjudication.for_game(game)}
        self.calls: Counter[str] = Counter()
        self.hits: Counter[str] = Counter()
        self.memo: dict[Any, Any] = {}

    def ruling(self, name: str, raw: Mapping[str, Any], variant: str | None = None):
        """Rule on ``raw`` with the adjudicator ``name`` (a ``Result``)."""
        adj = self._adj[name]
        self.calls[name] += 1
        inputs = trusted(adj.inputs, raw)
        if self.checked:
            validated = adj.validate(raw, rules=self.rules)
            if validated != inputs:
                raise AssertionError(f"{name}: the engine froze {raw!r} unlike its declaration")
        return adj(inputs, rules=self.rules, variant=variant or self.variant)

    def result(self, name: str, raw, key: Any = None, variant: str | None = None):
        """The ``Result`` of ``name`` on ``raw``; ``key`` (hashable, standing for everything in
        ``raw``) lets a repeated question be answered from the memo. ``raw`` may be a function
        that builds the inputs, called only when the memo does not answer."""
        variant = variant or self.variant
        if key is None or self.checked:
            return self.ruling(name, raw() if callable(raw) else raw, variant)
        key = (name, variant, key)
        result = self.memo.get(key)
        if result is not None:
            self.hits[name] += 1
            return result
        if len(self.memo) >= self.MEMO_MAX:
            self.memo.clear()
        result = self.memo[key] = self.ruling(name, raw() if callable(raw) else raw, variant)
        return result

    def __call__(self, name: str, raw, key: Any = None) -> dict[str, Any]:
        """The outcome of ``name`` on ``raw`` under the run's variant (see ``result``)."""
        return self.result(name, raw, key).outcome


@dataclass(frozen=True)
class Config:
    """One run: which game, how many games of how many players, under which rules."""

    game: str
    players: int
    games: int
    seed: int
    edition: int
    variant: str
    policies: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "policies": list(self.policies), "options": dict(self.options)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Config:
        return cls(**{**data, "policies": tuple(data["policies"]), "options": dict(data["options"])})


# The metrics every whole-game model reports (CONTRACT.md §7), from its sums "first_wins"
# (a share of games: round 1's first player won) and "rounds" (a per-game mean).
CONTRACT_METRICS = (
    ("first_player_win_share", stats.SHARE, "first_wins", 1),
    ("rounds_mean", stats.MEAN, "rounds", 1),
)


class Model:
    """A game's simulation: its players' range, seat policies, one game, its metrics."""

    slug = ""
    min_players = 2
    max_players = 6
    policies: tuple[str, ...] = ()
    default_policy = ""
    # What the seat policies do, in a sentence the lab's form shows under them (gettext_lazy).
    policy_help: Any = ""
    version = 1
    # The game's disputes (games/adjudicators/<game>/disputes.toml keys) whose situation the
    # model reaches; ``play`` adds "dispute_arises:<key>" (share: the game met it),
    # "dispute_differs:<key>" (ratio: the readings' rulings differed, of the times it arose)
    # and, where the model replays a game under the other reading, "dispute_winner:<key>".
    disputes: tuple[str, ...] = ()
    # Named configurations the lab's form can be opened with (/lab/<game>/?preset=<name>):
    # players, rounds, plots, cards.
    presets: Mapping[str, Mapping[str, Any]] = MappingProxyType({})

    def reason(self, name: str, config: Config) -> str:
        """Why metric ``name`` has no value (no played game reached its situation)."""
        return f"No game of the {config.games} played reached the situation {name} is measured on."

    def dispute_reason(self, key: str, field: str, rules: Rules) -> str | None:
        """Why a dispute's ``field`` is not measured (None: it is)."""
        if field in ("differs_share", "winner_changed_share") and len(rules.variant_slugs) < 2:
            return "The edition has one reading (variant) of this point: no other ruling to compare."
        return None

    def options(self, players: int, **kw: Any) -> dict[str, Any]:
        return {}

    def charts(self, results: list[tuple[str, dict[str, Any]]]) -> list:
        """The run page's charts (``lab.charts.Chart``); none by default."""
        return []

    def label(self, name: str) -> str:
        """A metric's name in words; the name itself by default."""
        return name

    def play(self, ref: Referee, config: Config, index: int) -> stats.Sums:  # pragma: no cover
        raise NotImplementedError

    def metrics(self, config: Config, rules: Rules, sums: stats.Sums) -> tuple[list[tuple], dict]:
        """(name, kind, sums key, scale) of each metric, and the chart series."""
        raise NotImplementedError  # pragma: no cover


def models() -> dict[str, Model]:
    from .dolores import Dolores
    from .itf import ImperialTaxFarmer
    from .megaciv import MegaCivilization
    from .praetor import Praetor
    from .rada import RadaMiasta

    return {m.slug: m for m in (RadaMiasta(), Dolores(), Praetor(), ImperialTaxFarmer(), MegaCivilization())}


def model(game: str) -> Model | None:
    return models().get(game)


def load_rules(game: str, edition: int | None) -> Rules:
    """The rules of ``game`` under ``edition`` (None: the current published one), read once."""
    from games import snapshot

    return snapshot.load(game, edition=edition).rules


def parse_policies(model_: Model, players: int, specs: Iterable[str]) -> tuple[str, ...]:
    """Seat policies from "SEAT=POLICY" items (SEAT: 1…P, P1…Pn or "all"); others default."""
    names = [model_.default_policy] * players
    errors = []
    for spec in specs:
        seat, sep, policy = str(spec).partition("=")
        seat, policy = seat.strip(), policy.strip()
        if not sep or policy not in model_.policies:
            errors.append(f"{spec!r}: expected SEAT=POLICY with POLICY one of {', '.join(model_.policies)}.")
            continue
        if seat.lower() == "all":
            names = [policy] * players
            continue
        number = seat[1:] if seat[:1] in ("P", "p") else seat
        if not is_ascii_digits(number) or not 1 <= int(number) <= players:
            errors.append(f"{spec!r}: the seat must be 1-{players}, P1-P{players} or all.")
            continue
        names[int(number) - 1] = policy
    if errors:
        raise ConfigError({"policy": errors})
    return tuple(names)


def _int(errors, name: str, value: Any, low: int, high: int, default: int | None = None) -> int | None:
    if value in (None, ""):
        if default is None:
            errors[name] = ["This field is required."]
        return default
    if isinstance(value, str):
        n = signed_number(value.strip(), max_digits=18)  # "٣", "１": not a number here
    elif isinstance(value, int) and not isinstance(value, bool):
        n = value
    elif isinstance(value, float) and value.is_integer():  # not inf, nan or 2.5
        n = int(value)
    else:
        n = None
    if n is None:
        errors[name] = ["Enter a whole number."]
        return None
    if not low <= n <= high:
        errors[name] = [f"Must be between {low} and {high}."]
        return None
    return n


def configure(
    *,
    game: str,
    players: Any,
    games: Any,
    seed: Any = None,
    edition: Any = None,
    variant: str | None = None,
    policies: Iterable[str] = (),
    rounds: Any = None,
    plots: Any = None,
    cards: bool = True,
    max_games: int = MAX_GAMES,
) -> tuple[Config, Rules]:
    """Check a run's parameters and load its rules; raise ``ConfigError`` naming each bad field."""
    m = model(game)
    if m is None:
        raise ConfigError({"game": [f"No playtest model for {game!r}; one of: {', '.join(models())}."]})
    errors: dict[str, list[str]] = {}
    n_players = _int(errors, "players", players, m.min_players, m.max_players)
    n_games = _int(errors, "games", games, 1, max_games)
    n_seed = _int(errors, "seed", seed, 0, MAX_SEED, default=1)
    n_rounds = _int(errors, "rounds", rounds, 1, MAX_ROUNDS, default=0)
    n_plots = _int(errors, "plots", plots, 1, MAX_PLOTS, default=0)
    n_edition = _int(errors, "edition", edition, 1, 1_000_000, default=0)
    rules = None
    if "edition" not in errors:
        from games.snapshot import EditionNotFound

        try:
            rules = load_rules(game, n_edition or None)
        except EditionNotFound:
            errors["edition"] = [
                f"{game} has no edition {n_edition}." if n_edition else "Load the corpus first."
            ]
    variant = variant or "original"
    if rules is not None and variant not in rules.variant_slugs:
        errors["variant"] = [f"Must be one of: {', '.join(rules.variant_slugs)}."]
    names: tuple[str, ...] = ()
    if n_players is not None:
        try:
            names = parse_policies(m, n_players, policies)
        except ConfigError as e:
            errors.update(e.errors)
    if errors:
        raise ConfigError(errors)
    config = Config(
        game=game,
        players=n_players,
        games=n_games,
        seed=n_seed,
        edition=rules.edition,
        variant=variant,
        policies=names,
        options=m.options(n_players, rounds=n_rounds or None, plots=n_plots or None, cards=bool(cards)),
    )
    return config, rules


def run_range(config: Config, rules: Rules, start: int, stop: int, ref: Referee | None = None) -> stats.Sums:
    """Play games ``start`` … ``stop - 1`` of the run and return their sums."""
    m = models()[config.game]
    ref = ref or Referee(config.game, rules, config.variant)
    sums = stats.Sums()
    # The rulings' explanations are not read here: English source strings skip the
    # catalogue lookups (a third of a council vote's time).
    with translation.override(None):
        for index in range(start, stop):
            sums.merge(m.play(ref, config, index))
    return sums


def summarize(config: Config, rules: Rules, sums: Mapping[str, list[int]]) -> dict[str, Any]:
    """The run's JSON: the contract's fields, then the series and the run's settings."""
    m = models()[config.game]
    specs, series = m.metrics(config, rules, stats.Sums(sums))
    metrics = {}
    for name, kind, key, scale in specs:
        metrics[name] = stats.estimate(kind, sums.get(key), scale).as_json()
        if metrics[name]["value"] is None:
            metrics[name]["reason"] = m.reason(name, config)
    return {
        "game": config.game,
        "games": config.games,
        "players": config.players,
        "edition": config.edition,
        "seed": config.seed,
        "warnings": warnings(config.game, rules),
        "metrics": metrics,
        "disputes": disputes(m, config, rules, sums),
        "variant": config.variant,
        "policies": list(config.policies),
        "options": dict(config.options),
        "draft": rules.draft,
        "parameters": {name: p.value for name, p in sorted(rules.params.items())},
        "series": series,
        "model": f"{config.game}/{m.version}",
    }


DISPUTE_FIELDS = (
    ("arises_share", stats.SHARE, "dispute_arises"),
    ("differs_share", stats.RATIO, "dispute_differs"),
    ("winner_changed_share", stats.SHARE, "dispute_winner"),
)


def disputes(m: Model, config: Config, rules: Rules, sums: Mapping[str, list[int]]) -> list[dict[str, Any]]:
    """Per dispute the model reaches: the share of games where its situation arises, the share
    of those times the readings rule differently, the share of games whose winner changes
    with the reading (each a number, its 95 % interval beside it as ``<field>_ci``; null with
    ``<field>_reason`` where it cannot be measured)."""
    rows = []
    for key in m.disputes:
        row: dict[str, Any] = {"id": key}
        for name, kind, prefix in DISPUTE_FIELDS:
            reason = m.dispute_reason(key, name, rules)
            est = None if reason else stats.estimate(kind, sums.get(f"{prefix}:{key}"))
            if est is not None and est.value is None:
                reason = "The situation did not arise in any game played."
            if reason:
                row[name], row[f"{name}_ci"], row[f"{name}_reason"] = None, None, reason
                continue
            js = est.as_json()
            row[name], row[f"{name}_ci"] = js["value"], [js["ci_low"], js["ci_high"]]
        rows.append(row)
    return rows


def warnings(game: str, rules: Rules) -> list[dict[str, Any]]:
    """The ruling warnings of the edition played (docs/api.md): the referee's pin warnings
    (``games.pins.warnings_for``, one mechanism for both) for every clause the game's
    adjudicators implement — cite, or read as a parameter or a table row — since a run may ask
    any of them."""
    from games.coverage import implemented_keys
    from games.pins import warnings_for

    keys = implemented_keys(game, rules)
    return [w.to_json() for w in warnings_for(game, rules, keys)]


def shard_bounds(games: int, shards: int) -> list[tuple[int, int]]:
    """Split games 0 … games-1 into ``shards`` contiguous ranges differing by at most one."""
    shards = max(1, min(shards, games))
    cuts = [n * games // shards for n in range(shards + 1)]
    return list(zip(cuts, cuts[1:], strict=False))


class Rule:
    """One game of a whole-game model: its seeded generator (``random.Random`` of
    "<game>:<seed>:<index>"), its seats P1…Pn, and, called with an adjudicator's name and
    inputs, the ruling's outcome under the run's variant, each ruling shown to the game's
    ``DisputeWatch``."""

    def __init__(self, ref: Referee, config: Config, index: int, disputes: Iterable[str]):
        self.ref = ref
        self.rng = random.Random(f"{config.game}:{config.seed}:{index}")
        self.watch = DisputeWatch(config.game, disputes)
        self.names = [f"P{n + 1}" for n in range(config.players)]

    def __call__(self, name: str, raw: dict[str, Any]) -> dict[str, Any]:
        result = self.ref.result(name, raw)
        self.watch.see(name, result)
        return result.outcome


class DisputeWatch:
    """Which of a game's disputes a ruling meets: a dispute arises when a ruling of its
    adjudicator reports a gap on one of its clauses (the ruling itself says the wording
    leaves the point open here). Counts per game; ``sums`` adds them as the engine reads
    them (``Model.disputes``)."""

    def __init__(self, game: str, keys: Iterable[str]):
        self.keys = tuple(keys)
        self.by_adjudicator: dict[str, list[tuple[str, frozenset[str], tuple[str, ...]]]] = {}
        for d in adjudication.disputes_for(game):
            if d.key in self.keys and d.adjudicator:
                self.by_adjudicator.setdefault(d.adjudicator, []).append(
                    (d.key, frozenset(d.clauses), d.at_stake)
                )
        self.arose: Counter[str] = Counter()
        self.differed: Counter[str] = Counter()

    def see(self, name: str, result, ref: Referee | None = None, raw: Any = None) -> None:
        """Count the disputes ``result`` (a ruling of ``name``) meets. With ``ref`` and
        ``raw`` and a game of several readings, the same inputs are ruled under every other
        variant: the dispute also arises where their rulings differ on what is at stake, and
        that counts as a difference."""
        for key, clauses, at_stake in self.by_adjudicator.get(name, ()):
            differs = False
            if ref is not None and len(ref.rules.variant_slugs) > 1:
                mine = [result.outcome.get(k) for k in at_stake]
                for v in ref.rules.variant_slugs:
                    if (
                        v != ref.variant
                        and [ref.ruling(name, raw, v).outcome.get(k) for k in at_stake] != mine
                    ):
                        differs = True
            if differs or any(g.clause in clauses for g in result.gaps):
                self.arose[key] += 1
                self.differed[key] += differs

    def sums(self, out: stats.Sums, winner_changed: bool | None = None) -> None:
        """Add the game's dispute counts; ``winner_changed``: the game replayed under the
        other reading had another winner (counted for the disputes whose rulings differed)."""
        for key in self.keys:
            out.add(f"dispute_arises:{key}", stats.share_obs(self.arose[key] > 0))
            out.add(f"dispute_differs:{key}", stats.ratio_obs(self.differed[key], self.arose[key]))
            if winner_changed is not None:
                out.add(f"dispute_winner:{key}", stats.share_obs(bool(winner_changed and self.differed[key])))
