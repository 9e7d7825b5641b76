"""Adjudication API (CONTRACT.md §3)."""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from rules.api import ERROR_400, ERROR_404, ErrorOut, parse_lang

from . import engine, selectors, services
from .snapshot import rules_for


class StepOut(serializers.Serializer):
    clause = serializers.CharField(help_text="The clause key.")
    version = serializers.IntegerField(help_text="The clause version cited.")
    status = serializers.CharField(help_text="published, uncertain or draft.")
    original = serializers.CharField(help_text="Verbatim source-language text of that version.")
    translation = serializers.CharField(allow_null=True, help_text="Its text in lang, or null.")
    translation_stale = serializers.BooleanField()
    explanation = serializers.CharField(help_text="What this step decided, in lang.")
    newer_version = serializers.IntegerField(allow_null=True, required=False)


class GapOut(serializers.Serializer):
    clause = serializers.CharField(allow_null=True)
    question = serializers.CharField()
    assumed = serializers.CharField()


class AlternativeOut(serializers.Serializer):
    variant = serializers.CharField()
    title = serializers.CharField()
    outcome = serializers.JSONField()
    differs = serializers.BooleanField()
    summary = serializers.CharField()
    steps = StepOut(many=True)
    gaps = GapOut(many=True)


class RulingOut(serializers.Serializer):
    game = serializers.CharField()
    adjudicator = serializers.CharField()
    title = serializers.CharField()
    variant = serializers.CharField()
    lang = serializers.CharField()
    inputs = serializers.JSONField()
    outcome = serializers.JSONField()
    summary = serializers.CharField(help_text="The outcome in one plain sentence.")
    steps = StepOut(many=True)
    gaps = GapOut(many=True)
    alternatives = AlternativeOut(many=True)
    ruling = serializers.CharField(source="id")
    permalink = serializers.CharField()
    created_at = serializers.DateTimeField()
    newer_versions = serializers.DictField(child=serializers.IntegerField(), required=False)

    def to_representation(self, instance):
        """The same document as the declared fields give (a test compares the two for every
        adjudicator), built directly: a ruling is a hot path and DRF's generic field walk
        over the nested steps cost about a third of the request."""
        return ruling_json(
            instance, created_at=self.fields["created_at"].to_representation(instance.created_at)
        )


_DATETIME = serializers.DateTimeField()


def ruling_json(view, *, created_at: str) -> dict:
    def steps(items):
        return [
            {
                "clause": str(s.clause),
                "version": s.version,
                "status": str(s.status),
                "original": str(s.original),
                "translation": None if s.translation is None else str(s.translation),
                "translation_stale": bool(s.translation_stale),
                "explanation": str(s.explanation),
                "newer_version": s.newer_version,
            }
            for s in items
        ]

    def gaps(items):
        return [
            {
                "clause": None if g["clause"] is None else str(g["clause"]),
                "question": str(g["question"]),
                "assumed": str(g["assumed"]),
            }
            for g in items
        ]

    return {
        "game": str(view.game),
        "adjudicator": str(view.adjudicator),
        "title": str(view.title),
        "variant": str(view.variant),
        "lang": str(view.lang),
        "inputs": view.inputs,
        "outcome": view.outcome,
        "summary": str(view.summary),
        "steps": steps(view.steps),
        "gaps": gaps(view.gaps),
        "alternatives": [
            {
                "variant": str(a.variant),
                "title": str(a.title),
                "outcome": a.outcome,
                "differs": bool(a.differs),
                "summary": str(a.summary),
                "steps": steps(a.steps),
                "gaps": gaps(a.gaps),
            }
            for a in view.alternatives
        ],
        "ruling": str(view.id),
        "permalink": str(view.permalink),
        "created_at": created_at,
        "newer_versions": {str(k): int(v) for k, v in view.newer_versions.items()},
    }


class AdjudicatorOut(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    clauses = serializers.ListField(child=serializers.CharField())
    variants = serializers.ListField(child=serializers.CharField())
    inputs_schema = serializers.JSONField(help_text="JSON Schema of `inputs`.")
    example = serializers.JSONField(help_text="A valid `inputs` body.")


class RulingThrottle(AnonRateThrottle):
    """Per-client limit on rulings (each one is stored); the rate is read per request."""

    scope = "rulings"

    def get_rate(self):
        return settings.RULING_RATE


def _adjudicator_or_404(slug: str, name: str) -> engine.Adjudicator:
    adj = engine.get(slug, name)
    if adj is None:
        if not engine.for_game(slug):
            raise NotFound("Unknown game.")
        raise NotFound("Unknown adjudicator.")
    return adj


def parse_request(adj: engine.Adjudicator, body, rules: engine.Rules) -> tuple:
    """Validate a ruling request body: (inputs, variant, lang), or raise a 400 by field path."""
    if not isinstance(body, dict):
        raise ValidationError({"body": ["A JSON object with `inputs` is required."]})
    errors: dict[str, list[str]] = {}
    variants = list(rules.variant_slugs)
    variant = body.get("variant", "original")
    if variant is None:
        variant = "original"
    if not isinstance(variant, str) or variant not in variants:
        errors["variant"] = [f"Must be one of: {', '.join(variants)}."]
    lang = None
    try:
        lang = parse_lang(body.get("lang"))
    except ValidationError as exc:
        errors.update({k: list(map(str, v)) for k, v in exc.detail.items()})
    inputs = None
    if "inputs" not in body:
        errors["inputs"] = ["This field is required."]
    else:
        try:
            inputs = adj.validate(body["inputs"], "inputs", rules=rules)
        except engine.Invalid as exc:
            errors.update(exc.errors)
    if errors:
        raise ValidationError(errors)
    return inputs, variant, lang or "en"


class AdjudicatorListAPI(APIView):
    @extend_schema(
        responses={200: AdjudicatorOut(many=True), 404: ERROR_404}, summary="The adjudicators of a game"
    )
    def get(self, request, slug: str):
        adjs = engine.for_game(slug)
        if not adjs:
            raise NotFound("Unknown game.")
        rules = rules_for(slug)
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
        rules = rules_for(slug)
        inputs, variant, lang = parse_request(adj, request.data, rules)
        view = services.ruling_create(
            adj=adj, inputs=inputs, variant=variant, lang=lang, now=timezone.now(), rules=rules
        )
        return Response(RulingOut(view).data)


class RulingAPI(APIView):
    @extend_schema(
        responses={200: RulingOut, 404: ERROR_404}, summary="A stored ruling, exactly as it was given"
    )
    def get(self, request, ruling_id: str):
        view = selectors.ruling_get(ruling_id)
        if view is None:
            raise NotFound("Unknown ruling.")
        return Response(RulingOut(view).data)
