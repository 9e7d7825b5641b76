"""The adjudication engine: input declarations, the registry, Result/Step/Gap."""

from .common import names, unique_names
from .core import (
    Adjudicator,
    Dispute,
    Gap,
    Reasoning,
    Result,
    Step,
    adjudicator,
    all_adjudicators,
    dispute,
    disputes_for,
    for_game,
    get,
    registrar,
)
from .declare import Invalid
from .rules import Fmt, MissingParameter, P, Param, Rules, VariantRule, using

__all__ = [
    "Adjudicator",
    "Fmt",
    "MissingParameter",
    "P",
    "Param",
    "Rules",
    "VariantRule",
    "using",
    "Dispute",
    "Gap",
    "Invalid",
    "Reasoning",
    "Result",
    "Step",
    "adjudicator",
    "names",
    "unique_names",
    "all_adjudicators",
    "dispute",
    "disputes_for",
    "for_game",
    "get",
    "registrar",
]
