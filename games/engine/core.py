"""Adjudicators, their registry, and the shape of what they return.

An adjudicator is a pure function ``fn(inputs, *, variant, rules) -> Result``: it
reads a frozen record of validated inputs, a variant slug and the rules of the
edition it rules under (``rules.Rules``: parameters, variants, tables), and returns the
outcome together with the steps (clause key + what that clause decided, in the
order applied) and the gaps (where the wording is silent or ambiguous for
these inputs, and what was assumed: the game's known gaps, declared with their texts
as data, ``KnownGap``). It never touches the database, the clock
or the request; the service in ``games/services.py`` resolves clause keys to
clause versions and translations and stores the ruling.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .declare import Object
from .rules import Rules, active, using

_ROOT = Path(__file__).resolve().parents[2]


def relative_path(filename: str) -> str:
    """A source file's path relative to the project (as the clause page shows it)."""
    try:
        return Path(filename).resolve().relative_to(_ROOT).as_posix()
    except ValueError:
        return filename


CLAUSE_KEY = re.compile(r"^[a-z]{2,3}\.[a-z0-9][a-z0-9.-]*$")


@dataclass(frozen=True)
class Step:
    """One clause applied: which clause, and what it decided here."""

    clause: str
    explanation: str


@dataclass(frozen=True)
class Reading:
    """Another reading of an open point, and the outcome keys it changes (CONTRACT.md §3)."""

    reading: str
    outcome: Mapping[str, Any]


@dataclass(frozen=True)
class Gap:
    """A point the wording leaves open for these inputs, what was assumed, and each other
    reading with the outcome keys it changes (none: the point changes no outcome here)."""

    clause: str | None
    question: str
    assumed: str
    readings: tuple[Reading, ...] = ()


@dataclass(frozen=True)
class Result:
    """An adjudicator's answer: the outcome, the steps that decided it, the gaps."""

    outcome: dict[str, Any]
    steps: tuple[Step, ...] = ()
    gaps: tuple[Gap, ...] = ()


@dataclass(frozen=True)
class KnownGap:
    """A point a game's wording leaves open, as the game's data declares it (its ``gaps.toml``,
    see ``data``): the clause it is about, and what is asked and what a ruling assumes, each a
    text that says itself in the active language with the figures of one ruling
    (``question(params)``)."""

    clause: str
    question: Callable[[Mapping[str, Any]], str]
    assumed: Callable[[Mapping[str, Any]], str]


_GAPS: dict[str, dict[str, KnownGap]] = {}


def add_gaps(game: str, gaps: Mapping[str, KnownGap]) -> None:
    """Give ``game`` its known gaps, by id (once: its data is loaded when its package registers)."""
    if game in _GAPS:
        raise ValueError(f"gaps of {game} given twice")
    _GAPS[game] = dict(gaps)


def gaps_of(game: str) -> dict[str, KnownGap]:
    """The known gaps of ``game``, by id, in the order its data declares them."""
    return dict(_GAPS.get(game, {}))


class Reasoning:
    """Collect steps and gaps while an adjudicator works, then build the Result."""

    def __init__(self) -> None:
        self._steps: list[Step] = []
        self._gaps: list[Gap] = []

    def step(self, clause: str, explanation: str) -> None:
        """Record that ``clause`` decided something, explained in one sentence."""
        self._steps.append(Step(clause, str(explanation)))

    def gap(
        self,
        clause: str,
        gap: str,
        *,
        readings: Iterable[tuple[str, Mapping[str, Any]]] = (),
        **params: Any,
    ) -> None:
        """Record where the wording of ``clause`` is silent, and the assumption the ruling makes:
        the known gap ``gap`` of the game whose rules are in force (every adjudicator runs under
        its game's rules, ``rules.using``), its texts said with ``params`` (``%(name)s``).
        ``readings`` are the other readings of the point, each ``(what it reads, the outcome
        keys it changes with their values under it)``; a reading that changes nothing is left
        out, so a gap that changes no outcome has none."""
        rules = active()
        known = _GAPS.get(rules.game, {}).get(gap) if rules is not None else None
        if known is None:
            game = rules.game if rules is not None else "no game's rules in force"
            raise LookupError(f"{game}: no known gap {gap!r} (the game's gaps.toml)")
        if known.clause != clause:
            raise ValueError(f"{rules.game}: the gap {gap!r} is about {known.clause}, not {clause}")
        others = tuple(Reading(str(text), dict(changes)) for text, changes in readings if changes)
        try:
            entry = Gap(clause, known.question(params), known.assumed(params), others)
        except KeyError as missing:
            raise TypeError(f"{rules.game}: the gap {gap!r} is said with {missing}, not given") from None
        if entry not in self._gaps:
            self._gaps.append(entry)

    def result(self, outcome: dict[str, Any]) -> Result:
        """Return the finished Result with ``outcome``."""
        return Result(outcome=outcome, steps=tuple(self._steps), gaps=tuple(self._gaps))


@dataclass(frozen=True)
class Adjudicator:
    """A registered adjudicator: its declaration, the clauses it cites, the function."""

    game: str
    name: str
    title: str
    inputs: Object
    clauses: tuple[str, ...]
    fn: Callable[..., Result]
    summary: Callable[[dict[str, Any]], str] | None = None

    # Templates read an adjudicator's attributes; they must not call it.
    do_not_call_in_templates = True

    @property
    def examples(self) -> tuple[dict[str, Any], ...]:
        """Its worked examples: valid input bodies (the game's ``examples.json``, see ``data``)."""
        return _EXAMPLES.get(self.game, {}).get(self.name, ())

    @property
    def refused(self) -> tuple[Refused, ...]:
        """Its worked examples of situations the rule text rules out (the game's ``refused.json``,
        see ``data``): each answered 400 naming the clauses that rule it out."""
        return _REFUSED.get(self.game, {}).get(self.name, ())

    def __call__(self, inputs: Any, *, rules: Rules, variant: str = "original") -> Result:
        with using(rules):
            return self.fn(inputs, variant=variant, rules=rules)

    def validate(self, raw: Any, path: str = "inputs", *, rules: Rules) -> Any:
        """Parse raw JSON inputs into a frozen record under ``rules``' bounds, or raise ``Invalid``."""
        return self.inputs.validate(raw, path, rules=rules)

    def schema(self, rules: Rules) -> dict[str, Any]:
        """The JSON Schema of the inputs under ``rules``' bounds."""
        with using(rules):
            return self.inputs.schema()

    def describe(self, outcome: dict[str, Any], *, rules: Rules) -> str:
        """Say the outcome in one plain sentence (in the active language)."""
        if self.summary is None:
            return ""
        with using(rules):
            return str(self.summary(outcome))

    @property
    def source(self) -> tuple[str, int]:
        """The file (relative to the project) and line where the function is defined."""
        code = self.fn.__code__
        return relative_path(code.co_filename), code.co_firstlineno


_REGISTRY: dict[str, dict[str, Adjudicator]] = {}


@dataclass(frozen=True)
class _Code:
    """What the code declares of an adjudicator, until its data entry completes it."""

    fn: Callable[..., Result]
    inputs: Object
    summary: Callable[[dict[str, Any]], str] | None


_DECLARED: dict[str, dict[str, _Code]] = {}


def adjudicator(
    name: str,
    *,
    game: str,
    inputs: Object,
    summary: Callable[[dict[str, Any]], str] | None = None,
) -> Callable[[Callable[..., Result]], Callable[..., Result]]:
    """Declare the decorated pure function as ``game``'s adjudicator ``name``.

    The code says what is code: the function, its ``inputs`` (the one declaration that
    drives validation, the JSON Schema and the form) and ``summary``, which turns an
    outcome into one plain sentence (a named function beside the adjudicator). What the
    game says about it is data (``register``, from the game's ``adjudicators.toml``): the
    question a referee picks (its title, with its translations) and the clause keys it
    may cite. An adjudicator is listed once its data entry registers it.
    """

    def declare(fn: Callable[..., Result]) -> Callable[..., Result]:
        book = _DECLARED.setdefault(game, {})
        if name in book or name in _REGISTRY.get(game, {}):
            raise ValueError(f"adjudicator {game}/{name} declared twice")
        book[name] = _Code(fn, inputs, summary)
        return fn

    return declare


def registrar(game: str) -> Callable[..., Any]:
    """``game``'s own ``adjudicator``: the same, with ``game`` filled in.

    A game package declares ``adjudicator = registrar(GAME)`` once, so that no declaration
    repeats which game it belongs to; its titles, clause keys, examples and disputes are
    data (``data.load``).
    """
    return functools.partial(adjudicator, game=game)


def register(game: str, name: str, *, title: Any, clauses: Iterable[str]) -> Adjudicator:
    """List the adjudicator the code declared as ``game``/``name``, completed by its data:
    ``title``, the plain-language question a referee picks ("Does the council vote pass?"),
    and ``clauses``, every clause key its function may cite. The registry lists a game's
    adjudicators in the order they are registered."""
    keys = tuple(clauses)
    for key in keys:
        if not isinstance(key, str) or not CLAUSE_KEY.match(key):
            raise ValueError(f"{game}/{name}: malformed clause key {key!r}")
    code = _DECLARED.get(game, {}).get(name)
    if code is None:
        raise ValueError(f"{game}/{name}: no adjudicator of that name in the code")
    entry = Adjudicator(
        game=game,
        name=name,
        title=title,
        inputs=code.inputs,
        clauses=keys,
        fn=code.fn,
        summary=code.summary,
    )
    del _DECLARED[game][name]
    _REGISTRY.setdefault(game, {})[name] = entry
    return entry


def declared(game: str) -> list[str]:
    """The adjudicators of ``game`` the code declares that no data entry has registered yet."""
    return list(_DECLARED.get(game, {}))


_EXAMPLES: dict[str, dict[str, tuple[dict[str, Any], ...]]] = {}


def add_examples(game: str, name: str, examples: Iterable[dict[str, Any]]) -> None:
    """Give the registered adjudicator ``game``/``name`` its worked examples: valid input
    bodies, used by the referee form, the API's listing, the impact report and the tests."""
    if get(game, name) is None:
        raise ValueError(f"examples for {game}/{name}: no such adjudicator")
    book = _EXAMPLES.setdefault(game, {})
    if name in book:
        raise ValueError(f"examples for {game}/{name} given twice")
    book[name] = tuple(examples)


@dataclass(frozen=True)
class Refused:
    """A worked example of a situation the text rules out: an input body, and the clauses that
    rule it out by field path (what the 400's ``clauses`` names, CONTRACT.md §1)."""

    id: str
    inputs: Mapping[str, Any]
    clauses: Mapping[str, tuple[str, ...]]


_REFUSED: dict[str, dict[str, tuple[Refused, ...]]] = {}


def add_refused(game: str, name: str, examples: Iterable[Refused]) -> None:
    """Give the registered adjudicator ``game``/``name`` its refused worked examples."""
    adj = get(game, name)
    if adj is None:
        raise ValueError(f"refused examples for {game}/{name}: no such adjudicator")
    book = _REFUSED.setdefault(game, {})
    if name in book:
        raise ValueError(f"refused examples for {game}/{name} given twice")
    book[name] = tuple(examples)


def for_game(game: str) -> list[Adjudicator]:
    """Return the adjudicators of ``game`` in declaration order."""
    return list(_REGISTRY.get(game, {}).values())


def get(game: str, name: str) -> Adjudicator | None:
    """Return one adjudicator, or None when the game or name is unknown."""
    return _REGISTRY.get(game, {}).get(name)


def all_adjudicators() -> list[Adjudicator]:
    """Return every registered adjudicator."""
    return [a for book in _REGISTRY.values() for a in book.values()]


@dataclass(frozen=True)
class Dispute:
    """A known disputed point of a game, with a worked example to run live.

    ``clauses`` are the wording in dispute (the original clause, the doubt
    raised about it, the clarification where one exists). The worked example runs
    ``adjudicator`` on ``inputs`` under every variant of the game; ``at_stake`` names
    the outcome fields the dispute is about, and ``agree`` says why every variant rules
    the same on them, where they do. A point no adjudicator rules yet has no example:
    ``open_question`` is what the wording leaves open and ``wording`` what it does say.
    """

    game: str
    key: str
    title: str
    question: str
    clauses: tuple[str, ...]
    adjudicator: str | None = None
    inputs: dict[str, Any] | None = None
    at_stake: tuple[str, ...] = ()
    agree: str | None = None
    open_question: str | None = None
    wording: str | None = None

    @property
    def ruled(self) -> bool:
        """True when an adjudicator rules the worked example."""
        return self.adjudicator is not None

    @property
    def doubt(self) -> tuple[int, bool] | None:
        """The numbered doubt of the source this point is about (Dolores's GNIAZDO list
        ``dl.doubt-8``), and whether it is that doubt itself (False: a further point drawn
        from it); None when it cites no numbered doubt."""
        for key in self.clauses:
            m = _DOUBT.search(key)
            if m:
                return int(m.group(1)), self.key == f"doubt-{m.group(1)}"
        return None


# A numbered doubt's clause key: "dl.doubt-8".
_DOUBT = re.compile(r"\.doubt-(\d+)$")


_DISPUTES: dict[str, list[Dispute]] = {}


def dispute(
    *,
    game: str,
    key: str,
    title: str,
    question: str,
    clauses: Iterable[str],
    adjudicator: str | None = None,
    inputs: dict[str, Any] | None = None,
    at_stake: Iterable[str] = (),
    agree: str | None = None,
    open_question: str | None = None,
    wording: str | None = None,
) -> Dispute:
    """Register a known disputed point of ``game`` (see ``Dispute``): either a worked example
    (``adjudicator``, ``inputs``, ``at_stake``) or, until an adjudicator rules the point,
    what is open (``open_question``) and what the wording says (``wording``)."""
    at_stake = tuple(at_stake)
    if adjudicator is not None and (inputs is None or not at_stake or open_question or wording):
        raise ValueError(f"dispute {game}/{key}: a worked example needs inputs and at_stake, nothing else")
    if adjudicator is None and (inputs is not None or at_stake or agree or not open_question or not wording):
        raise ValueError(f"dispute {game}/{key}: without an adjudicator, say open_question and wording")
    entry = Dispute(
        game,
        key,
        title,
        question,
        tuple(clauses),
        adjudicator,
        inputs,
        at_stake,
        agree,
        open_question,
        wording,
    )
    book = _DISPUTES.setdefault(game, [])
    if any(d.key == key for d in book):
        raise ValueError(f"dispute {game}/{key} registered twice")
    book.append(entry)
    return entry


def disputes_for(game: str) -> list[Dispute]:
    """Return the known disputed points of ``game`` in declaration order."""
    return list(_DISPUTES.get(game, []))
