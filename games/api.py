"""Adjudication API (docs/api.md)."""

from __future__ import annotations

import datetime as dt
from dataclasses import Field
from functools import cache
from types import UnionType
from typing import Any, Union, get_args, get_origin

from django.utils import timezone
from django.utils.translation import get_language
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import ERROR_400, ERROR_404, ErrorOut
from config.http import Page, page_response
from config.lru import LRU
from rules import corpus

from . import coverage, engine, ruling, ruling_request, selectors, services, snapshot
from .engine.declare import MISSING
from .snapshot import Snapshot
from .throttle import RulingThrottle

_SCALARS: dict[Any, type[serializers.Field]] = {
    str: serializers.CharField,
    int: serializers.IntegerField,
    float: serializers.FloatField,
    bool: serializers.BooleanField,
    dt.datetime: serializers.DateTimeField,
}


def _item(hint: Any) -> serializers.Field:
    """The serializer field of one item of a list (or value of a mapping) that is not a document."""
    if get_origin(hint) is dict:
        value = get_args(hint)[1]
        return serializers.DictField() if value is Any else serializers.DictField(child=_item(value))
    return _SCALARS[hint]()


def _described(f: Field, key: str, hint: Any) -> serializers.Field:
    """The serializer field describing one field of a document's JSON, from its type, its
    ``help``, ``choices`` and ``promised`` (``games.ruling.written``)."""
    kwargs: dict[str, Any] = {"help_text": f.metadata["help"]} if f.metadata.get("help") else {}
    if not f.metadata.get("promised", True):
        kwargs["required"] = False
    if key != f.name:
        kwargs["source"] = f.name
    args = get_args(hint)
    if get_origin(hint) in (Union, UnionType) and type(None) in args:
        kwargs["allow_null"] = True
        (hint,) = (a for a in args if a is not type(None))
    if f.metadata.get("choices"):
        return serializers.ChoiceField(choices=list(f.metadata["choices"]), **kwargs)
    if get_origin(hint) is list:
        item = get_args(hint)[0]
        if isinstance(item, type) and issubclass(item, ruling.WrittenDoc):
            return doc_serializer(item)(many=True, **kwargs)
        return serializers.ListField(child=_item(item), **kwargs)
    if get_origin(hint) is dict:
        value = get_args(hint)[1]
        if value is Any:
            return serializers.JSONField(**kwargs)
        return serializers.DictField(child=_item(value), **kwargs)
    return _SCALARS[hint](**kwargs)


@cache
def doc_serializer(
    cls: type[ruling.WrittenDoc], name: str = "", doc: str | None = None
) -> type[serializers.Serializer]:
    """The serializer that describes ``cls.to_json()`` in the OpenAPI document (named ``name``,
    else ``StepDoc`` → ``StepOut``; described as ``doc``), generated from the fields ``cls``
    declares: responses are ``to_json()``'s output, never this serializer's."""
    attrs: dict[str, Any] = {key: _described(f, key, hint) for f, key, hint in ruling.api_fields(cls)}
    attrs.update(__module__=__name__, __doc__=doc)
    return type(name or cls.__name__.removesuffix("Doc") + "Out", (serializers.Serializer,), attrs)


RulingOut = doc_serializer(
    ruling.RulingDoc,
    doc="Describes ``games.ruling.RulingDoc.to_json()`` for the OpenAPI document; responses are\n"
    "that method's output (a test compares the two for every adjudicator).",
)


class AdjudicatorOut(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    clauses = serializers.ListField(child=serializers.CharField())
    variants = serializers.ListField(child=serializers.CharField())
    inputs_schema = serializers.JSONField(help_text="JSON Schema of `inputs`.")
    example = serializers.JSONField(help_text="A valid `inputs` body.")


def _adjudicator_or_404(slug: str, name: str) -> engine.Adjudicator:
    adj = engine.get(slug, name)
    if adj is None:
        if not engine.for_game(slug):
            raise NotFound("Unknown game.")
        raise NotFound("Unknown adjudicator.")
    return adj


def parse_edition(value) -> int | None:
    """An edition number from a body or query (None: the latest published); 400 otherwise."""
    try:
        return ruling_request.edition_number(value)
    except ruling_request.RequestInvalid as exc:
        raise ValidationError(exc.errors) from None


class EditionNotFoundError(NotFound):
    """404 for an edition named in a query (a resource that does not exist)."""


def load_snapshot(slug: str, *, lang: str | None, edition: int | None, in_body: bool = True) -> Snapshot:
    """The game's edition as rulings read it. An edition it does not have is a 400 naming
    ``edition`` when asked for in a request body, a 404 when asked for in the query."""
    try:
        return ruling_request.load(slug, lang=lang, edition=edition)
    except snapshot.EditionNotFound:
        raise NotFound("Unknown game.") from None
    except ruling_request.RequestInvalid as exc:
        raise (ValidationError if in_body else EditionNotFoundError)(exc.errors) from None


def parse_request(adj: engine.Adjudicator, body) -> tuple[Any, str, Snapshot]:
    """Validate a ruling request body (``games.ruling_request``, as the referee form does):
    (inputs, variant, snapshot of the edition ruled under), or raise a 400 by field path."""
    if not isinstance(body, dict):
        raise ValidationError({"body": ["A JSON object with `inputs` is required."]})
    lang = body.get("lang")
    try:
        return ruling_request.parse(
            adj,
            lang="en" if lang is None else lang,
            edition=body.get("edition"),
            variant=body.get("variant"),
            inputs=body.get("inputs", MISSING),
        )
    except snapshot.EditionNotFound:
        raise NotFound("Unknown game.") from None
    except ruling_request.RequestInvalid as exc:
        raise RuledOut(exc.errors, clauses=exc.clauses) from None


class RuledOut(ValidationError):
    """A 400 whose situation the rule text rules out: the body names the clauses that do, by
    field path (``clauses``, CONTRACT.md §1), beside the messages that quote them."""

    def __init__(self, errors, *, clauses: dict[str, list[str]]):
        super().__init__(errors)
        self.clauses = clauses


EDITION_QUERY = OpenApiParameter(
    "edition",
    {"type": "integer", "minimum": 1, "maximum": 10**9},
    description="An edition number, drafts included (default: the latest published).",
)


class AdjudicatorListAPI(APIView):
    @extend_schema(
        parameters=[EDITION_QUERY],
        responses={200: AdjudicatorOut(many=True), 400: ERROR_400, 404: ERROR_404},
        summary="The adjudicators of a game, with their inputs' bounds under an edition",
    )
    def get(self, request, slug: str):
        adjs = engine.for_game(slug)
        if not adjs:
            raise NotFound("Unknown game.")
        edition = parse_edition(request.query_params.get("edition"))
        rules = load_snapshot(slug, lang=None, edition=edition, in_body=False).rules
        variants = list(rules.variant_slugs)
        return Response(
            AdjudicatorOut(
                [
                    {
                        "name": a.name,
                        "title": str(a.title),
                        "clauses": list(a.clauses),
                        "variants": variants,
                        "inputs_schema": a.schema(rules),
                        "example": a.examples[0] if a.examples else a.inputs.example(),
                    }
                    for a in adjs
                ],
                many=True,
            ).data
        )


class AdjudicateAPI(APIView):
    throttle_classes = [RulingThrottle]

    @extend_schema(
        request=None,  # the body schema is built from the declarations by games.schema.add_adjudication_request
        responses={
            200: RulingOut,
            400: ERROR_400,
            404: ERROR_404,
            429: OpenApiResponse(
                ErrorOut, description="Too many rulings requested; retry after Retry-After s."
            ),
        },
        summary="Rule on a situation",
    )
    def post(self, request, slug: str, name: str):
        adj = _adjudicator_or_404(slug, name)
        inputs, variant, snap = parse_request(adj, request.data)
        doc = services.ruling_create(
            adj=adj, inputs=inputs, variant=variant, snapshot=snap, now=timezone.now()
        )
        return Response(doc.to_json())


class RulingAPI(APIView):
    # Rendered documents, per process: (ruling id, its stamp, interface language) → the JSON
    # body, plain and compressed (config.http.Page). A ruling's row never changes, so one query
    # (its stamp) decides whether the kept document still holds; at most 256 kept, least
    # recently read first out.
    documents = LRU(256)

    @extend_schema(
        responses={200: RulingOut, 404: ERROR_404}, summary="A stored ruling, exactly as it was given"
    )
    def get(self, request, ruling_id: str):
        found = selectors.ruling_stamp(ruling_id)
        if found is None:
            raise NotFound("Unknown ruling.")
        key = (*found, get_language())  # the adjudicator's title is in the interface language
        page = self.documents.get(key)
        if page is None:
            doc = selectors.ruling_get(found[0])
            if doc is None:
                raise NotFound("Unknown ruling.")
            page = Page(JSONRenderer().render(doc.to_json()), [], {"Content-Type": "application/json"})
            self.documents.put(key, page)
        return page_response(request, page)


class ImplementerOut(serializers.Serializer):
    adjudicator = serializers.CharField()
    file = serializers.CharField()
    line = serializers.IntegerField()


class ClauseCoverageOut(serializers.Serializer):
    key = serializers.CharField()
    kind = serializers.ChoiceField(choices=corpus.RULE_KINDS)
    executable = serializers.BooleanField(help_text="False when the clause is declared not executable.")
    implemented_by = ImplementerOut(many=True)
    reason = serializers.ChoiceField(
        choices=corpus.NOT_EXECUTABLE_REASONS,
        allow_null=True,
        help_text="Why no adjudicator implements it; null when one does.",
    )


class CoverageSummaryOut(serializers.Serializer):
    rule_clauses = serializers.IntegerField()
    implemented = serializers.IntegerField()
    not_executable = serializers.IntegerField()


class CoverageOut(serializers.Serializer):
    clauses = ClauseCoverageOut(many=True)
    summary = CoverageSummaryOut()


def coverage_json(found: coverage.Coverage) -> dict:
    """The coverage API's answer (docs/api.md)."""
    return {
        "clauses": [
            {
                "key": c.key,
                "kind": c.kind,
                "executable": c.executable,
                "implemented_by": [
                    {"adjudicator": i.adjudicator, "file": i.file, "line": i.line} for i in c.implemented_by
                ],
                "reason": c.reason,
            }
            for c in found.clauses
        ],
        "summary": {
            "rule_clauses": found.rule_clauses,
            "implemented": found.implemented,
            "not_executable": found.not_executable,
        },
    }


class CoverageAPI(APIView):
    @extend_schema(
        parameters=[EDITION_QUERY],
        responses={200: CoverageOut, 400: ERROR_400, 404: ERROR_404},
        summary="Every rule clause of an edition: implemented by which adjudicators, or why none needs to",
    )
    def get(self, request, slug: str):
        edition = parse_edition(request.query_params.get("edition"))
        load_snapshot(slug, lang=None, edition=edition, in_body=False)  # the 404s, said as for every API
        return Response(coverage_json(selectors.coverage_of(slug, edition=edition)))
