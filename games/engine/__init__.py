"""The adjudication engine: input declarations (``declare``), the rules snapshot and
parameter references (``rules``: ``Rules``, ``P``, ``Fmt``), the registry and
Result/Step/Gap (``core``), helpers every rule set shares (``common``), the clause →
code index (``citations``) and the loader of what each game says that is not computed —
its adjudicators' titles and clause keys, worked examples, disputes and known gaps, with their
translations — data files beside its package (``data``)."""

from .common import around_table, names, repeated, tied_for_best, ties, unique_names, unknown_players
from .core import (
    Adjudicator,
    Dispute,
    Gap,
    Reading,
    Reasoning,
    Refused,
    Result,
    Step,
    add_examples,
    adjudicator,
    all_adjudicators,
    dispute,
    disputes_for,
    for_game,
    get,
    registrar,
)
from .declare import Invalid, ruled_out
from .rules import Fmt, MissingParameter, P, Param, Rules, using

__all__ = [
    "Adjudicator",
    "Fmt",
    "MissingParameter",
    "P",
    "Param",
    "Rules",
    "using",
    "Dispute",
    "Gap",
    "Invalid",
    "Reading",
    "Refused",
    "ruled_out",
    "Reasoning",
    "Result",
    "Step",
    "adjudicator",
    "add_examples",
    "around_table",
    "names",
    "repeated",
    "tied_for_best",
    "ties",
    "unique_names",
    "unknown_players",
    "all_adjudicators",
    "dispute",
    "disputes_for",
    "for_game",
    "get",
    "registrar",
]
