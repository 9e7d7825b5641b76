"""Read API of the catalogue (docs/api.md)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import ERROR_400, ERROR_404
from config.languages import LANG_MAX, LANG_RE, parse_lang
from config.numbers import ascii_number

from . import selectors
from .models import Edition
from .permissions import can_design


class VariantOut(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()


class GameOut(serializers.Serializer):
    slug = serializers.CharField(source="game.slug")
    title = serializers.CharField(source="game.title")
    language = serializers.CharField(source="game.language", help_text="BCP 47 code of the original.")
    origin = serializers.CharField(source="game.origin")
    description = serializers.CharField(source="game.description")
    clause_count = serializers.IntegerField()
    languages = serializers.ListField(
        child=serializers.CharField(), help_text="Languages with a text for every clause, original first."
    )
    variants = VariantOut(many=True)


class TranslationOut(serializers.Serializer):
    lang = serializers.CharField()
    text = serializers.CharField()
    stale = serializers.BooleanField(help_text="True when made from an older version of the clause.")
    state = serializers.CharField()
    based_on = serializers.IntegerField(help_text="The clause version it was translated from.")


class ClauseOut(serializers.Serializer):
    key = serializers.CharField(source="clause.key")
    section = serializers.CharField(source="clause.section.key")
    section_title = serializers.CharField(source="clause.section.title")
    position = serializers.IntegerField(source="clause.position")
    kind = serializers.CharField(source="clause.kind")
    version = serializers.IntegerField(source="version.number")
    status = serializers.CharField(source="version.status")
    text = serializers.CharField(source="version.text")
    note = serializers.CharField(source="version.note")
    translation = serializers.SerializerMethodField()

    @extend_schema_field(TranslationOut(allow_null=True))
    def get_translation(self, view) -> dict | None:
        t = view.translation
        if t is None:
            return None
        return {
            "lang": t.lang,
            "text": t.text,
            "stale": view.stale,
            "state": t.state,
            "based_on": t.based_on.number,
        }


class VersionOut(serializers.Serializer):
    version = serializers.IntegerField(source="number")
    text = serializers.CharField()
    status = serializers.CharField()
    created_at = serializers.DateTimeField()
    note = serializers.CharField()
    author = serializers.CharField()


class GameListAPI(APIView):
    @extend_schema(responses=GameOut(many=True), summary="List the games, in catalogue order")
    def get(self, request):
        data = []
        for s in selectors.game_summaries():
            data.append(
                {
                    "game": s.game,
                    "clause_count": s.clause_count,
                    "languages": s.languages,
                    "variants": [{"slug": v.slug, "title": v.title} for v in s.variants],
                }
            )
        return Response(GameOut(data, many=True).data)


class ClauseListAPI(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "lang",
                {"type": "string", "pattern": LANG_RE.pattern, "maxLength": LANG_MAX},
                description="BCP 47 code of the translation wanted.",
            ),
            OpenApiParameter(
                "edition",
                {"type": "integer", "minimum": 1, "maximum": 10**9},
                description="An edition number (default: the current published edition). A draft is "
                "read by its game's designers; for anyone else it is a 404.",
            ),
        ],
        responses={200: ClauseOut(many=True), 400: ERROR_400, 404: ERROR_404},
        summary="The clauses of an edition of a game (default: the current one), in document order",
    )
    def get(self, request, slug: str):
        lang = parse_lang(request.query_params.get("lang"))
        number = _edition_number(request.query_params.get("edition"))
        game = selectors.game_get(slug)
        if game is None:
            raise NotFound("Unknown game.")
        if number is None:
            return Response(ClauseOut(selectors.current_clauses(game, lang), many=True).data)
        edition = selectors.edition_get(game, number)
        # A draft is its designers' work in progress: to anyone else it does not exist.
        if edition is None or (edition.status == Edition.Status.DRAFT and not can_design(request.user, game)):
            raise NotFound("Unknown edition.")
        return Response(ClauseOut(selectors.edition_clauses(edition, lang), many=True).data)


def _edition_number(value: str | None) -> int | None:
    """``?edition=``: ASCII digits (CONTRACT.md §5), None when not asked; anything else a 400."""
    if value is None or value == "":
        return None
    number = ascii_number(value, max_digits=10)
    if number is None or not 1 <= number <= 10**9:
        raise ValidationError({"edition": ["An edition number (a whole number from 1) is required."]})
    return number


class ClauseVersionsAPI(APIView):
    @extend_schema(
        responses={200: VersionOut(many=True), 404: ERROR_404},
        summary="Every version of one clause, oldest first",
    )
    def get(self, request, key: str):
        versions = selectors.clause_versions(key)
        if versions is None:
            raise NotFound("Unknown clause.")
        return Response(VersionOut(versions, many=True).data)
