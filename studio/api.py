"""Designer API (docs/api.md): drafts, clause revisions, the impact report, publishing,
and the parameters of any edition.

Writes need a signed-in user (session) or ``Authorization: Token <key>``: anonymous →
401, a user who is not a designer of the game → 403 (``rules.permissions``). Every error
is ``{"errors": {path: [messages]}}``; a revision based on an outdated version is a 409
that carries the current version, and the designer's text is never lost.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import ERROR_400, ERROR_404, ErrorOut
from config.parsers import BoundedJSONParser, NulFreeFormParser, NulFreeMultiPartParser
from config.uploads import accepts_upload
from games import snapshot
from games.api import EDITION_QUERY, doc_serializer, load_snapshot, parse_edition
from games.impact import Impact, draft_report
from rules import revision_request, services
from rules import selectors as rule_selectors
from rules.models import ClauseVersion
from rules.permissions import IsDesignerOfGame

from . import document, refusals, selectors, write_request
from . import services as studio_services

MAX_TEXT = 20_000
ERROR_401 = OpenApiResponse(ErrorOut, description="Not signed in (session or `Authorization: Token <key>`).")
ERROR_403 = OpenApiResponse(ErrorOut, description="Signed in, but not a designer of this game.")
# A 409 that is not a text conflict: the draft is no longer in a state for this (published, behind).
ERROR_409_STATE = OpenApiResponse(
    ErrorOut, description="Conflict: the draft is no longer in a state for this; the errors say why."
)
ERROR_409 = OpenApiResponse(
    inline_serializer(
        "RevisionConflict",
        {
            "errors": serializers.DictField(child=serializers.ListField(child=serializers.CharField())),
            "current": inline_serializer(
                "CurrentVersion",
                {"number": serializers.IntegerField(), "text": serializers.CharField()},
                required=False,
            ),
            "text": serializers.CharField(required=False, help_text="Your text, given back."),
        },
    ),
    description="Someone else revised the clause first: the current version, and your text back. "
    "Or the draft was published meanwhile: `errors.edition` names it.",
)


class ParameterOut(serializers.Serializer):
    """``ParameterOut`` in the OpenAPI document (the parameters endpoint refers to it by name)."""

    value = serializers.JSONField()
    clause = serializers.CharField()
    version = serializers.IntegerField()
    words = serializers.CharField(help_text="The exact words of the clause text stating the value.")


class EditionOut(serializers.Serializer):
    edition = serializers.IntegerField()


class RevisionIn(serializers.Serializer):
    """The revision body as the OpenAPI document shows it; ``rules.revision_request`` reads it."""

    text = serializers.CharField(max_length=MAX_TEXT, trim_whitespace=False)
    based_on = serializers.IntegerField(min_value=0, max_value=10**9, help_text="The version you revised.")
    status = serializers.ChoiceField(choices=ClauseVersion.Status.choices)
    note = serializers.CharField(
        max_length=MAX_TEXT,
        required=False,
        allow_blank=True,
        help_text="The designer's note (why, what is uncertain); left out, the revised version's note is kept.",
    )
    wording_only = serializers.CharField(
        max_length=2000,
        required=False,
        allow_blank=True,
        default="",
        help_text="Record the revision as wording only (the meaning unchanged), and why: rulings "
        'then carry a quiet note (`kind` "wording-only") instead of the warning.',
    )
    confirm_not_executable = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Confirm a revision that adds a figure or a rule to a clause declared not executable "
        "(clauses.toml `not_executable`): no adjudicator reads it, so referees cannot rule on what it "
        "says. Without it such a revision is a 400 naming this field.",
    )
    bindings = serializers.DictField(
        child=serializers.CharField(max_length=300, allow_null=True),
        required=False,
        help_text="Re-bind a parameter to new words ({name: template with one {num}/{int}/{choice:…}}) "
        "or remove it ({name: null}).",
    )


class UnboundOut(serializers.Serializer):
    value = serializers.JSONField(help_text="The last stated figure, which rulings read meanwhile.")
    version = serializers.IntegerField(help_text="The version whose words stated it.")
    words = serializers.CharField(help_text="Those words.")
    candidates = serializers.ListField(
        child=serializers.CharField(), help_text="Where a figure now stands: send one as bindings.<name>."
    )


class RevisionOut(serializers.Serializer):
    key = serializers.CharField()
    number = serializers.IntegerField()
    status = serializers.CharField()
    parameters = serializers.DictField(child=ParameterOut())
    unbound = serializers.DictField(
        child=UnboundOut(),
        help_text="The clause's figures the code reads that the text no longer states (CONTRACT.md §5): "
        "taken into the draft, marked unbound until re-bound.",
    )


def parameters_json(params: dict[str, Any]) -> dict[str, Any]:
    return {
        name: {"value": p.value, "clause": p.clause, "version": p.version, "words": p.words}
        for name, p in sorted(params.items())
    }


def _game_or_404(slug: str):
    game = rule_selectors.game_get(slug)
    if game is None:
        raise NotFound("Unknown game.")
    return game


def refused(exc: Exception, *, clause=None) -> Response:
    """A refusal of the catalogue's writes as the API answers it (``studio.refusals``)."""
    refusal = refusals.answer(exc, clause=clause)
    return Response(refusal.body(), status=refusal.status)


def _draft_or_404(slug: str, number: int, *, writing: bool = False):
    """The game and its draft ``number``; 404 when there is no such edition. When
    ``writing``, an edition published meanwhile is a 409 naming it, not a 404: the write
    was refused because someone published first."""
    game = _game_or_404(slug)
    draft = selectors.draft_get(game, number)
    if draft is None:
        edition = selectors.edition_get(game, number) if writing else None
        if edition is None:
            raise NotFound("No such draft.")
        raise services.DraftClosed(edition)
    return game, draft


def designer_responses(ok: Any, *, code: int = 200, bad: bool = True, conflict: Any = None) -> dict:
    """The answers of a designer endpoint: ``ok`` under ``code``, its 400 (when it reads a
    body or a query: ``bad``), 401, 403 and 404, and ``conflict`` as its 409 when it has one."""
    out = {code: ok, 400: ERROR_400} if bad else {code: ok}
    out.update({401: ERROR_401, 403: ERROR_403, 404: ERROR_404})
    if conflict is not None:
        out[409] = conflict
    return out


class DesignerView(APIView):
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsDesignerOfGame]


class ParametersAPI(APIView):
    @extend_schema(
        parameters=[EDITION_QUERY],
        responses={
            200: OpenApiResponse(
                {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/ParameterOut"}},
                description="Parameter name → its value, clause, version and the words stating it.",
            ),
            400: ERROR_400,
            404: ERROR_404,
        },
        summary="The figures a game's rules read from the words of its clauses",
    )
    def get(self, request, slug: str):
        edition = parse_edition(request.query_params.get("edition"))
        return Response(
            parameters_json(load_snapshot(slug, lang=None, edition=edition, in_body=False).rules.params)
        )


class DraftListAPI(DesignerView):
    @extend_schema(
        request=None,
        responses=designer_responses(EditionOut, code=201, bad=False),
        summary="Open a draft edition (a copy of the latest published one)",
    )
    def post(self, request, slug: str):
        game = _game_or_404(slug)
        draft = services.draft_open(game=game, author=request.user.get_username(), now=timezone.now())
        return Response({"edition": draft.number}, status=status.HTTP_201_CREATED)


class DraftClauseAPI(DesignerView):
    @extend_schema(
        request=RevisionIn,
        responses=designer_responses(RevisionOut, code=201, conflict=ERROR_409),
        summary="Revise a clause in a draft: a new version, never an overwrite",
    )
    def post(self, request, slug: str, number: int, key: str):
        try:
            game, draft = _draft_or_404(slug, number, writing=True)
        except services.DraftClosed as exc:
            return refused(exc)
        found = selectors.draft_clause(draft, key)
        if found is None:
            raise NotFound("This draft has no such clause.")
        entry, _published, _newest = found
        try:
            rev = revision_request.revision_request(request.data)
            version = services.clause_revise(
                clause=entry.clause,
                author=request.user.get_username(),
                now=timezone.now(),
                draft=draft,
                **rev.service_kwargs(),
            )
        except refusals.REFUSED as exc:
            return refused(exc, clause=entry.clause)
        params = snapshot.read_params([(key, version.number, version.text, version.bindings)])
        return Response(
            {
                "key": key,
                "number": version.number,
                "status": version.status,
                "parameters": parameters_json(params),
                "unbound": selectors.unbound_json(draft, key, version.text),
            },
            status=status.HTTP_201_CREATED,
        )


class ImpactAPI(DesignerView):
    @extend_schema(
        responses=designer_responses(doc_serializer(Impact, "Impact"), bad=False),
        summary="What publishing a draft would change",
    )
    def get(self, request, slug: str, number: int):
        _game, draft = _draft_or_404(slug, number)
        report = draft_report(slug, based_on=draft.based_on.number, draft=draft.number, now=timezone.now())
        return Response(report.to_json())


class PublishIn(serializers.Serializer):
    confirm_unbound = serializers.ListField(
        child=serializers.CharField(max_length=80),
        max_length=500,
        required=False,
        default=list,
        help_text="Confirm publishing though the text no longer states these figures the code reads "
        "(the impact report's unbound_parameters, by name or clause key): rulings read the last stated "
        "figure. Without it such a publish is a 409 naming them.",
    )


class PublishAPI(DesignerView):
    @extend_schema(
        request=PublishIn,
        responses=designer_responses(EditionOut, conflict=ERROR_409_STATE),
        summary="Publish a draft as the game's current edition",
    )
    def post(self, request, slug: str, number: int):
        data = request.data if isinstance(request.data, dict) else None
        if data is None and request.data not in (None, "", []):
            raise ValidationError({"body": ["A JSON object is required."]})
        body = PublishIn(data=data or {})
        body.is_valid(raise_exception=True)
        try:
            _game, draft = _draft_or_404(slug, number, writing=True)
            services.draft_publish(
                draft=draft, now=timezone.now(), confirm_unbound=body.validated_data["confirm_unbound"]
            )
        except services.DraftOutdated as exc:
            return refused(exc)
        return Response({"edition": draft.number})


class ConflictOut(serializers.Serializer):
    key = serializers.CharField()
    draft_text = serializers.CharField(help_text="The clause as the draft has it.")
    published_text = serializers.CharField(help_text="The clause as the newest edition has it.")


class RebaseIn(serializers.Serializer):
    keep = serializers.DictField(
        child=serializers.ChoiceField(choices=["draft", "published"]),
        required=False,
        help_text="Resolve conflicts: clause key → `draft` (keep the draft's wording) or `published` "
        "(take the newest edition's). A revision of the clause in the draft resolves it too.",
    )


class RebaseOut(serializers.Serializer):
    edition = serializers.IntegerField(help_text="The draft.")
    based_on = serializers.IntegerField(help_text="The published edition it now compares against.")
    merged = serializers.ListField(
        child=serializers.CharField(), help_text="Clauses changed on one side only, merged by themselves."
    )
    conflicts = ConflictOut(many=True, help_text="Clauses changed on both sides, still to resolve.")


def rebase_json(result: services.Rebase) -> dict[str, Any]:
    return {
        "edition": result.edition,
        "based_on": result.based_on,
        "merged": result.merged,
        "conflicts": [
            {"key": k, "draft_text": mine, "published_text": theirs} for k, mine, theirs in result.conflicts
        ],
    }


class RebaseAPI(DesignerView):
    @extend_schema(
        request=RebaseIn,
        responses=designer_responses(RebaseOut, conflict=ERROR_409_STATE),
        summary="Bring a draft opened from an older edition onto the newest published one",
    )
    def post(self, request, slug: str, number: int):
        _game, draft = _draft_or_404(slug, number)
        data = request.data if isinstance(request.data, dict) else None
        if data is None and request.data not in (None, "", []):
            raise ValidationError({"body": ["A JSON object is required."]})
        body = RebaseIn(data=data or {})
        body.is_valid(raise_exception=True)
        try:
            # One transaction: a refused resolution leaves the draft as it was, not half rebased.
            with transaction.atomic():
                result = services.draft_rebase(draft=draft)
                keep = body.validated_data.get("keep") or {}
                unknown = [k for k in keep if k not in {c[0] for c in result.conflicts}]
                if unknown:
                    raise ValidationError({f"keep.{k}": ["This clause is not in conflict."] for k in unknown})
                for key, side in keep.items():
                    draft = services.draft_resolve(draft=draft, key=key, keep=side)
                if keep:
                    result = services.draft_rebase(draft=draft)
        except services.DraftOutdated as exc:
            return refused(exc)
        return Response(rebase_json(result))


class DocumentIn(serializers.Serializer):
    text = serializers.CharField(
        max_length=document.MAX_BYTES, required=False, trim_whitespace=False, help_text="The whole document."
    )
    file = serializers.FileField(required=False, help_text="Plain text, Markdown or .docx (multipart).")


class ChangeSerializer(serializers.Serializer):
    key = serializers.CharField(max_length=80)
    change = serializers.ChoiceField(choices=list(document.CHANGES))
    text = serializers.CharField(max_length=MAX_TEXT, allow_blank=True, trim_whitespace=False)
    section = serializers.CharField(max_length=80, allow_blank=True)


class DocumentOut(serializers.Serializer):
    changes = ChangeSerializer(many=True)
    based_on = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="The draft's version of each clause the document was compared against: send it "
        "back with the accept.",
    )


class AcceptIn(serializers.Serializer):
    changes = ChangeSerializer(many=True, allow_empty=False, max_length=write_request.MAX_CHANGES)
    based_on = serializers.DictField(
        child=serializers.IntegerField(min_value=0),
        help_text="The comparison's `based_on`: a clause revised in the draft since is a 409 naming it.",
    )


class AcceptOut(serializers.Serializer):
    edition = serializers.IntegerField()
    saved = serializers.ListField(child=serializers.DictField(), help_text="{key, change, version} each.")


@accepts_upload(document.MAX_BYTES)
class DocumentAPI(DesignerView):
    # A whole document's JSON may be as long as the largest page form (2.5 MB).
    parser_classes = [
        BoundedJSONParser.up_to(settings.DATA_UPLOAD_MAX_MEMORY_SIZE),
        NulFreeMultiPartParser,
        NulFreeFormParser,
    ]

    @extend_schema(
        request={"application/json": DocumentIn, "multipart/form-data": DocumentIn},
        responses=designer_responses(DocumentOut),
        summary="Compare a whole document with the draft, clause by clause (saves nothing)",
    )
    def post(self, request, slug: str, number: int):
        game, draft = _draft_or_404(slug, number)
        if not hasattr(request.data, "get"):
            raise ValidationError({"body": ["A JSON object or a multipart form is required."]})
        body = DocumentIn(data=request.data)
        body.is_valid(raise_exception=True)
        upload, text = body.validated_data.get("file"), body.validated_data.get("text")
        if upload is not None:
            try:
                text = document.read_file(upload.name or "", upload.read(document.MAX_BYTES + 1))
            except document.Unreadable as exc:
                raise ValidationError({"file": [str(exc)]}) from None
        if not text or not text.strip():
            raise ValidationError({"text": ["Send the document as text or as a file."]})
        if len(text) > document.MAX_CHARS:
            raise ValidationError(
                {"text": [f"Ensure the document has no more than {document.MAX_CHARS} characters."]}
            )
        try:
            changes, based_on = selectors.document_compare(game, draft, text)
        except document.TooDifferent as exc:
            raise ValidationError({"file" if upload is not None else "text": [str(exc)]}) from None
        return Response({"changes": changes, "based_on": based_on})


class DocumentAcceptAPI(DesignerView):
    @extend_schema(
        request=AcceptIn,
        responses=designer_responses(AcceptOut, conflict=ERROR_409),
        summary="Save the accepted changes of a document as the draft's revisions",
    )
    def post(self, request, slug: str, number: int):
        try:
            _game, draft = _draft_or_404(slug, number, writing=True)
            accept = write_request.accept_request(request.data)
            saved = studio_services.document_accept(
                draft=draft, accept=accept, author=request.user.get_username(), now=timezone.now()
            )
        except refusals.REFUSED as exc:
            return refused(exc)
        return Response({"edition": draft.number, "saved": [s.to_json() for s in saved]})
