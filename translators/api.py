"""Translator API (docs/api.md): export a game's translation in a language as XLIFF 2.0,
XLIFF 1.2, PO or TMX; import an XLIFF or PO file; align a whole translated document to the
clauses; the glossary as TBX; propose a term's form in a language (a translator) and approve or
reject a proposal (a reviewer of the language: 403 for anyone else, 409 once it is decided).

Session or ``Authorization: Token <key>``, as the designer API: anonymous → 401, a user who
is not a translator or reviewer of the language (of the game, or of every game) → 403
(``rules.permissions``). Errors are ``{"errors": {field: [messages]}}``.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError as ModelValidationError
from django.http import HttpResponse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import ERROR_400, ERROR_404, ErrorOut
from config.languages import LANG_MAX, LANG_RE, parse_lang
from config.parsers import BoundedJSONParser, NulFreeFormParser, NulFreeMultiPartParser
from config.uploads import accepts_upload
from rules import selectors as rule_selectors
from rules.permissions import IsTranslatorOfGame, IsTranslatorOfLanguage, can_review, is_original_language

from . import align, exchange, selectors, services
from .models import TermProposal

ERROR_401 = OpenApiResponse(ErrorOut, description="Not signed in (session or `Authorization: Token <key>`).")
ERROR_403 = OpenApiResponse(
    ErrorOut, description="Signed in, but not a translator or reviewer of this language."
)
LANG_PATH = OpenApiParameter(
    "lang",
    {"type": "string", "pattern": LANG_RE.pattern, "maxLength": LANG_MAX},
    OpenApiParameter.PATH,
    description="BCP 47 code of the translation (not the original's language).",
)


class TranslatorView(APIView):
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsTranslatorOfLanguage]

    def perform_content_negotiation(self, request, force=False):
        # ``?format=`` names the exchange format here, not one of DRF's renderers: errors are
        # JSON whatever it says, and the files are plain responses.
        return JSONRenderer(), JSONRenderer.media_type

    def game_and_lang(self, slug: str, lang: str):
        lang = parse_lang(lang)
        game = rule_selectors.game_get(slug)
        if game is None:
            raise NotFound("Unknown game.")
        if is_original_language(game, lang):  # "pl-PL" for a Polish original too
            raise ValidationError({"lang": [f"{lang} is the language of {game.slug}'s original."]})
        return game, lang


def _file(data: bytes, content_type: str, name: str) -> HttpResponse:
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _file_responses(formats: dict[str, tuple[str, str]]) -> dict:
    out = {
        (200, content_type.split(";")[0]): OpenApiResponse(OpenApiTypes.STR, description=f"The {fmt} file.")
        for fmt, (content_type, _suffix) in formats.items()
    }
    return {**out, 400: ERROR_400, 401: ERROR_401, 403: ERROR_403, 404: ERROR_404}


class TranslationFileAPI(TranslatorView):
    @extend_schema(
        parameters=[
            LANG_PATH,
            OpenApiParameter(
                "format",
                {"type": "string", "enum": list(exchange.FORMATS)},
                description="xliff2 (XLIFF 2.0, the default), xliff (XLIFF 1.2), po (gettext PO: msgctxt is "
                "the clause key, a stale unit is fuzzy with the translated version as #| msgid) or tmx (the "
                "translated pairs). Every unit carries the version and revision it was exported from.",
            ),
        ],
        responses=_file_responses(exchange.FORMATS),
        summary="Export a game's translation into a language",
    )
    def get(self, request, slug: str, lang: str):
        game, lang = self.game_and_lang(slug, lang)
        fmt = request.query_params.get("format", "xliff2")
        if fmt not in exchange.FORMATS:
            raise ValidationError({"format": [f"One of: {', '.join(exchange.FORMATS)}."]})
        content_type, suffix = exchange.FORMATS[fmt]
        return _file(exchange.export(fmt, game, lang), content_type, f"{game.slug}.{lang}.{suffix}")


class ReportUnitOut(serializers.Serializer):
    clause = serializers.CharField(help_text="The clause key the unit named (empty when it named none).")
    result = serializers.ChoiceField(choices=["applied", "unchanged", "conflict", "rejected"])
    reason = serializers.CharField()


class ReportOut(serializers.Serializer):
    applied = serializers.IntegerField(help_text="Units saved as a new revision.")
    unchanged = serializers.IntegerField(help_text="Units whose text and state are what the clause has.")
    conflicts = serializers.IntegerField(
        help_text="Units made from another wording or revision than the current: kept as suggestions."
    )
    rejected = serializers.IntegerField(help_text="Units naming no clause, doubled, empty or too long.")
    units = ReportUnitOut(many=True)


@accepts_upload(exchange.MAX_FILE)
class ImportAPI(TranslatorView):
    parser_classes = [NulFreeMultiPartParser, NulFreeFormParser]

    @extend_schema(
        parameters=[LANG_PATH],
        request={
            "multipart/form-data": inline_serializer("TranslationImport", {"file": serializers.FileField()})
        },
        responses={
            200: ReportOut,
            400: ERROR_400,
            401: ERROR_401,
            403: ERROR_403,
            404: ERROR_404,
            413: OpenApiResponse(ErrorOut, description="Past the import's limits (5 MB, 5,000 units)."),
        },
        summary="Import an XLIFF or PO file: apply what is safe, keep the rest as suggestions",
    )
    def post(self, request, slug: str, lang: str):
        game, lang = self.game_and_lang(slug, lang)
        upload = request.FILES.get("file")
        if upload is None:
            raise ValidationError({"file": ["An XLIFF or PO file is required (multipart field `file`)."]})
        try:
            report = exchange.import_upload(
                game=game, lang=lang, upload=upload, user=request.user, now=timezone.now()
            )
        except exchange.TooLarge as exc:
            return Response({"errors": {"file": [str(exc)]}}, status=413)
        except exchange.Refused as exc:
            raise ValidationError({"file": [str(exc)]}) from None
        return Response(report.to_json())


def _json_body(request, serializer) -> dict:
    """The request's JSON object validated by ``serializer`` (a 400 naming the fields)."""
    if not isinstance(request.data, dict):
        raise ValidationError({"body": ["A JSON object is required."]})
    body = serializer(data=request.data)
    body.is_valid(raise_exception=True)
    return body.validated_data


class AlignIn(serializers.Serializer):
    text = serializers.CharField(
        max_length=align.MAX_TEXT,
        trim_whitespace=False,
        help_text="A whole translated document, plain text or Markdown; paragraphs separated by blank lines.",
    )


class PairOut(serializers.Serializer):
    clause = serializers.CharField()
    text = serializers.CharField(allow_blank=True, help_text="The proposed translation; empty when none.")
    confidence = serializers.FloatField(min_value=0, max_value=1)


class AlignOut(serializers.Serializer):
    pairs = PairOut(many=True, help_text="Every translatable clause, in document order.")


class AlignAPI(TranslatorView):
    parser_classes = [BoundedJSONParser]

    @extend_schema(
        parameters=[LANG_PATH],
        request=AlignIn,
        responses={200: AlignOut, 400: ERROR_400, 401: ERROR_401, 403: ERROR_403, 404: ERROR_404},
        summary="Align a whole translated document to the clauses (nothing is saved)",
    )
    def post(self, request, slug: str, lang: str):
        game, lang = self.game_and_lang(slug, lang)
        body = _json_body(request, AlignIn)
        result = align.align_game(game, lang, body["text"])
        return Response({"pairs": [p.to_json() for p in result]})


class GlossaryAPI(TranslatorView):
    permission_classes = [IsTranslatorOfGame]

    @extend_schema(
        parameters=[
            OpenApiParameter("format", {"type": "string", "enum": ["tbx"]}, description="tbx (the default)."),
            OpenApiParameter(
                "lang",
                {"type": "string", "pattern": LANG_RE.pattern, "maxLength": LANG_MAX},
                description="The target language of the term pairs (default en).",
            ),
        ],
        responses=_file_responses({"tbx": exchange.TBX}),
        summary="A game's glossary as TBX",
    )
    def get(self, request, slug: str):
        if request.query_params.get("format", "tbx") != "tbx":
            raise ValidationError({"format": ["Only tbx."]})
        lang = parse_lang(request.query_params.get("lang")) or "en"
        game = rule_selectors.game_get(slug)
        if game is None:
            raise NotFound("Unknown game.")
        content_type, suffix = exchange.TBX
        return _file(
            exchange.glossary_tbx(game, lang), content_type, f"{game.slug}.{game.language}-{lang}.{suffix}"
        )


class ProposalIn(serializers.Serializer):
    term = serializers.CharField(max_length=80, help_text="The glossary entry's key (e.g. kokosy).")
    text = serializers.CharField(
        max_length=services.MAX_TERM,
        help_text="The term's form in the language, as the glossary will give it.",
    )


class ProposalOut(serializers.Serializer):
    id = serializers.IntegerField()
    term = serializers.CharField()
    lang = serializers.CharField()
    text = serializers.CharField()
    author = serializers.CharField()
    created_at = serializers.DateTimeField()
    verdict = serializers.ChoiceField(
        choices=["", "approved", "rejected"], help_text="Empty while no reviewer has decided."
    )
    decided_by = serializers.CharField(allow_blank=True)
    decided_at = serializers.DateTimeField(allow_null=True)


class TermOut(serializers.Serializer):
    key = serializers.CharField()
    original = serializers.CharField(help_text="The form in the original's language.")
    corpus = serializers.CharField(allow_blank=True, help_text="The form the corpus ships in this language.")
    form = serializers.CharField(
        allow_blank=True, help_text="The form in effect: the newest approved proposal, else the corpus's."
    )
    proposals = ProposalOut(many=True, help_text="Every proposal in this language, oldest first.")


class TermListOut(serializers.Serializer):
    terms = TermOut(many=True)


class DecisionIn(serializers.Serializer):
    verdict = serializers.ChoiceField(choices=["approved", "rejected"])


class DecidedOut(serializers.Serializer):
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))
    proposal = ProposalOut(help_text="The proposal with the decision that stands.")


ERROR_409_DECIDED = OpenApiResponse(
    DecidedOut, description="Conflict: the proposal was decided already (errors.proposal says by whom)."
)


def _proposal_json(term_key: str, p, decision=None) -> dict:
    """A proposal (a model row with its ``decision``, or a ``selectors.Proposal``) as JSON."""
    if decision is None and isinstance(p, selectors.Proposal):
        decision = p if p.verdict else None
    return {
        "id": p.id,
        "term": term_key,
        "lang": p.lang,
        "text": p.text,
        "author": p.author,
        "created_at": p.created_at,
        "verdict": decision.verdict if decision else "",
        "decided_by": decision.decided_by if decision else "",
        "decided_at": decision.decided_at if decision else None,
    }


class TermListAPI(TranslatorView):
    @extend_schema(
        parameters=[LANG_PATH],
        responses={200: TermListOut, 400: ERROR_400, 401: ERROR_401, 403: ERROR_403, 404: ERROR_404},
        summary="A game's glossary in a language: each term's form in effect and its proposals",
        operation_id="games_glossary_terms",
    )
    def get(self, request, slug: str, lang: str):
        game, lang = self.game_and_lang(slug, lang)
        out = [
            {
                "key": t.key,
                "original": t.corpus_forms.get(game.language, ""),
                "corpus": t.corpus_forms.get(lang, ""),
                "form": t.forms.get(lang, ""),
                "proposals": [_proposal_json(t.key, p) for p in t.proposals if p.lang == lang],
            }
            for t in selectors.terms(game)
        ]
        return Response({"terms": out})


class ProposeAPI(TranslatorView):
    parser_classes = [BoundedJSONParser]

    @extend_schema(
        parameters=[LANG_PATH],
        request=ProposalIn,
        responses={
            201: ProposalOut,
            200: OpenApiResponse(
                ProposalOut, description="The same text is an open proposal already: that one."
            ),
            400: ERROR_400,
            401: ERROR_401,
            403: ERROR_403,
            404: ERROR_404,
        },
        summary="Propose a glossary term's form in a language (a translator or reviewer of it)",
    )
    def post(self, request, slug: str, lang: str):
        game, lang = self.game_and_lang(slug, lang)
        body = _json_body(request, ProposalIn)
        term = game.terms.filter(key=body["term"]).first()
        if term is None:
            raise ValidationError({"term": [f"{game.slug} has no glossary entry of that key."]})
        try:
            proposal, created = services.term_propose(
                term=term,
                lang=lang,
                text=body["text"],
                author=request.user.get_username(),
                now=timezone.now(),
            )
        except ModelValidationError as exc:
            raise ValidationError(exc.message_dict) from None
        return Response(
            _proposal_json(term.key, proposal),
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class DecideAPI(TranslatorView):
    parser_classes = [BoundedJSONParser]

    @extend_schema(
        parameters=[LANG_PATH],
        request=DecisionIn,
        responses={
            201: ProposalOut,
            400: ERROR_400,
            401: ERROR_401,
            403: OpenApiResponse(ErrorOut, description="Signed in, but not a reviewer of this language."),
            404: ERROR_404,
            409: ERROR_409_DECIDED,
        },
        summary="Approve or reject a proposed term (a reviewer of the language; once)",
    )
    def post(self, request, slug: str, lang: str, proposal_id: int):
        game, lang = self.game_and_lang(slug, lang)
        if not can_review(request.user, game, lang):
            raise PermissionDenied("Only a reviewer of this language may approve or reject its terms.")
        proposal = (
            TermProposal.objects.select_related("term")
            .filter(pk=proposal_id, term__game=game, lang=lang)
            .first()
        )
        if proposal is None:
            raise NotFound("No such proposal in this game's glossary in this language.")
        verdict = _json_body(request, DecisionIn)["verdict"]
        try:
            decision = services.term_decide(
                proposal=proposal,
                verdict=verdict,
                decided_by=request.user.get_username(),
                now=timezone.now(),
            )
        except services.AlreadyDecided as exc:
            d = exc.decision
            said = f"Already {d.verdict} by {d.decided_by} at {d.decided_at.isoformat()}."
            out = _proposal_json(proposal.term.key, proposal, d)
            return Response(
                {"errors": {"proposal": [said]}, "proposal": out}, status=status.HTTP_409_CONFLICT
            )
        return Response(_proposal_json(proposal.term.key, proposal, decision), status=status.HTTP_201_CREATED)
