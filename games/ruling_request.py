"""One ruling request, read one way for the API and the referee form alike: the translation
(``lang``), the edition and the variant asked for and the situation (``inputs``) become the
validated inputs, the variant and the snapshot of the edition to rule under — or one
``RequestInvalid`` naming every wrong field by its dotted path (docs/api.md's 400). The API
answers it as that 400; the form shows the same messages above the form and beside the
fields, never a default in place of what was asked. Messages are in the active language, as
the declarations' are (English unless the request asks for another).

Reads only (the game's stamps, then its edition while the stamps hold: ``games.snapshot``);
storing the ruling is ``games.services.ruling_create``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from rest_framework.exceptions import ValidationError

from config.languages import parse_lang
from config.numbers import ascii_number

from . import engine, snapshot
from .engine.declare import MISSING
from .snapshot import Snapshot


class RequestInvalid(Exception):
    """A bad ruling request: ``errors`` by dotted field path (``edition``, ``lang``, ``variant``,
    ``inputs.…``), and the snapshot it was read against when lang and edition were good.
    ``clauses`` names, by the same paths, the clauses whose text rules the situation out
    (CONTRACT.md §1); their messages quote those clauses."""

    def __init__(
        self,
        errors: dict[str, list[str]],
        *,
        snapshot: Snapshot | None = None,
        clauses: dict[str, list[str]] | None = None,
    ):
        super().__init__(errors)
        self.errors = errors
        self.snapshot = snapshot
        self.clauses = clauses or {}


def quote(key: str, snap: Snapshot) -> str:
    """Clause ``key`` as the edition words it, in the request's language: its translation where
    the request asked for one and the clause has one made from this wording, else the original
    (a stale translation may state another figure than the one that refuses the value)."""
    cited = snap.clauses.get(key)
    if cited is None:
        return key
    translated = snap.lang != snap.language and cited.translation and not cited.translation_stale
    text = cited.translation if translated else cited.text
    return gettext("The rules (%(clause)s): “%(text)s”") % {"clause": key, "text": text.strip()}


def _quoted(errors: dict[str, list[str]], clauses: dict[str, list[str]], snap: Snapshot) -> None:
    """Give each message ruled out by the text the words that rule it out."""
    for path, keys in clauses.items():
        if path in errors and keys:
            words = " ".join(quote(key, snap) for key in keys)
            errors[path] = [f"{message} {words}" for message in errors[path]]


def edition_number(value: Any) -> int | None:
    """An edition number as asked (None, "": the latest published; digits as a string count)."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        value = ascii_number(value, max_digits=10)  # "²", "٣", "１": not an edition number
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10**9:
        raise RequestInvalid({"edition": [gettext("An edition number (a whole number from 1) is required.")]})
    return value


def load(slug: str, *, lang: str | None, edition: int | None) -> Snapshot:
    """The game's edition as rulings read it. An edition the game does not have is a
    ``RequestInvalid`` naming ``edition``; a game with no edition at all (not loaded, or
    unknown) is ``snapshot.EditionNotFound`` — the caller's 404."""
    try:
        return snapshot.load(slug, lang=lang, edition=edition)
    except snapshot.EditionNotFound:
        if edition is None:
            raise
        raise RequestInvalid(
            {"edition": [gettext("This game has no edition %(n)s.") % {"n": edition}]}
        ) from None


def _snapshot(slug: str, lang: Any, edition: Any) -> Snapshot:
    """Lang and edition checked together (both errors at once), then the edition loaded."""
    errors: dict[str, list[str]] = {}
    if lang is not None:
        try:
            lang = parse_lang(lang)
        except ValidationError as exc:
            errors.update({k: list(map(str, v)) for k, v in exc.detail.items()})
    try:
        edition = edition_number(edition)
    except RequestInvalid as exc:
        errors.update(exc.errors)
    if errors:
        raise RequestInvalid(errors)
    return load(slug, lang=lang, edition=edition)


def _variant(value: Any, snap: Snapshot, errors: dict[str, list[str]]) -> Any:
    """The variant asked for (None: "original"); one the edition does not have is an error."""
    variant = "original" if value is None else value
    variants = list(snap.rules.variant_slugs)
    if not isinstance(variant, str) or variant not in variants:
        errors["variant"] = [gettext("Must be one of: %(options)s.") % {"options": ", ".join(variants)}]
    return variant


def context(adj: engine.Adjudicator, *, lang: Any, edition: Any, variant: Any) -> tuple[str, Snapshot]:
    """The variant and the snapshot a request asks for, its situation aside (the form's row
    and player changes, which rule on nothing). ``lang`` None: the original only."""
    snap = _snapshot(adj.game, lang, edition)
    errors: dict[str, list[str]] = {}
    variant = _variant(variant, snap, errors)
    if errors:
        raise RequestInvalid(errors, snapshot=snap)
    return variant, snap


def parse(
    adj: engine.Adjudicator, *, lang: Any, edition: Any, variant: Any, inputs: Any = MISSING
) -> tuple[Any, str, Snapshot]:
    """A ruling request read: (inputs, variant, snapshot of the edition ruled under), or
    ``RequestInvalid``. ``lang`` None: the original only (the API asks for English when a
    body names none); ``edition`` None or "": the latest published; ``variant`` None:
    "original"; ``inputs`` MISSING: not sent. Lang and edition are checked first (the
    inputs' bounds depend on the edition), then the variant and the inputs together."""
    snap = _snapshot(adj.game, lang, edition)
    errors: dict[str, list[str]] = {}
    clauses: dict[str, list[str]] = {}
    variant = _variant(variant, snap, errors)
    if inputs is MISSING:
        errors["inputs"] = [gettext("This field is required.")]
    else:
        try:
            inputs = adj.validate(inputs, "inputs", rules=snap.rules)
        except engine.Invalid as exc:
            errors.update(exc.errors)
            clauses = {path: list(keys) for path, keys in exc.clauses.items() if path in exc.errors}
            _quoted(errors, clauses, snap)
    if errors:
        raise RequestInvalid(errors, snapshot=snap, clauses=clauses)
    return inputs, variant, snap
