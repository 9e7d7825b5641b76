"""The catalogue: games, documents, sections, clauses and their immutable versions,
editions, variants, translations (with their append-only revisions), glossary
terms and the structured rows of rule tables."""

from __future__ import annotations

import unicodedata
import uuid

from django.conf import settings
from django.db import models
from django.db.models import Case, Exists, OuterRef, Q, Value, When
from django.utils.translation import gettext_lazy as _

from config.languages import is_language_code, same_language, translation_language_problem


def search_form(text: str) -> str:
    """Fold case and strip accents so that search works alike for Polish, Greek and Chinese,
    and alike on SQLite (whose LIKE folds ASCII only) and PostgreSQL."""
    decomposed = unicodedata.normalize("NFKD", text.casefold()).translate(_UNDECOMPOSABLE)
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


# Letters whose "accent" is not a combining mark, so NFKD leaves them whole.
_UNDECOMPOSABLE = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ŧ": "t", "ß": "ss"})


class ImmutableError(Exception):
    """An attempt to change or delete a record that is append-only."""


class AppendOnlyQuerySet(models.QuerySet):
    """Refuse bulk updates and deletes: these rows are never rewritten."""

    def update(self, **kwargs):
        raise ImmutableError(f"{self.model.__name__} rows are append-only")

    def delete(self):
        raise ImmutableError(f"{self.model.__name__} rows are append-only")


class AppendOnlyModel(models.Model):
    """A row that can be inserted once and never updated or deleted."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ImmutableError(f"{type(self).__name__} {self.pk} is immutable once saved")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableError(f"{type(self).__name__} {self.pk} is immutable once saved")


class Game(models.Model):
    slug = models.SlugField(max_length=60, unique=True)
    title = models.CharField(max_length=200)
    language = models.CharField(max_length=20, help_text=_("BCP 47 code of the original."))
    origin = models.CharField(max_length=300, blank=True)
    description = models.TextField(blank=True)
    position = models.PositiveSmallIntegerField(default=0)
    # Replaced by ``rules.services.catalogue_touch`` in the same transaction as every write
    # to this game's clauses, editions or translations. Readers key their per-process caches
    # on it (``games.snapshot``, the reader's fragment cache). A random value,
    # not a counter: a rolled-back write restores the old stamp, and the next write can never
    # produce a stamp that a cache already holds for different content.
    catalogue_stamp = models.UUIDField(default=uuid.uuid4, editable=False)
    # Replaced, together with the catalogue stamp, by writes to the game's variants and
    # tables only: what a ruling reads besides its edition's clauses (``games.snapshot``)
    # is re-read when this changes, so a clause edit costs no re-read of them.
    rules_stamp = models.UUIDField(default=uuid.uuid4, editable=False)

    class Meta:
        ordering = ["position", "slug"]

    def __str__(self) -> str:
        return self.title


class Document(models.Model):
    """The source document a game's clauses come from (verbatim)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="documents")
    name = models.CharField(max_length=200)
    language = models.CharField(max_length=20)
    text = models.TextField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "name"], name="uniq_document_name")]

    def __str__(self) -> str:
        return self.name


class Section(models.Model):
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="sections")
    key = models.SlugField(max_length=80)
    title = models.CharField(max_length=300)
    title_en = models.CharField(max_length=300, blank=True)
    position = models.PositiveIntegerField()

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["document", "key"], name="uniq_section_key")]

    def __str__(self) -> str:
        return self.title


class Clause(models.Model):
    """A stable, citable unit of the original wording; its key is never reused."""

    class Kind(models.TextChoices):
        HEADING = "heading", _("Heading")
        RULE = "rule", _("Rule")
        TABLE = "table", _("Table row")
        COMMENTARY = "commentary", _("Commentary")
        EXAMPLE = "example", _("Example")
        CLARIFICATION = "clarification", _("Clarification")
        FURNITURE = "furniture", _("Page furniture")

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="clauses")
    section = models.ForeignKey(Section, on_delete=models.PROTECT, related_name="clauses")
    key = models.CharField(max_length=80, unique=True)
    position = models.PositiveIntegerField()
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.RULE)

    class Meta:
        ordering = ["game", "position"]
        indexes = [models.Index(fields=["game", "position"])]

    def __str__(self) -> str:
        return self.key


class ClauseVersion(AppendOnlyModel):
    """One immutable wording of a clause. Rulings and translations point here."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        UNCERTAIN = "uncertain", _("Uncertain")

    clause = models.ForeignKey(Clause, on_delete=models.PROTECT, related_name="versions")
    number = models.PositiveIntegerField()
    text = models.TextField()
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PUBLISHED)
    note = models.TextField(blank=True)
    author = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField()
    search_text = models.TextField(blank=True, editable=False)
    # Parameter name → binding template (rules/params.py). A version's parameters are read
    # from its own text through these; a revision inherits them unless re-bound.
    bindings = models.JSONField(default=dict, blank=True)
    # The designer's reason when they record this revision as changing the wording only, not
    # the meaning: rulings then note it quietly instead of warning (games.pins.WordingNote).
    wording_only = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["clause", "number"]
        constraints = [
            models.UniqueConstraint(fields=["clause", "number"], name="uniq_clause_version_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="clause_version_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.clause_id} v{self.number}"

    def save(self, *args, **kwargs):
        self.search_text = search_form(self.text)
        super().save(*args, **kwargs)


class Edition(models.Model):
    """A named, dated point-in-time set of clause versions of one game.

    A published edition never changes. A draft is a designer's working copy of the latest
    published edition: revising a clause in it points its entry at the new version, and
    publishing it makes it the game's current edition (``rules.services.draft_publish``)."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="editions")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=200)
    created_at = models.DateTimeField()
    is_current = models.BooleanField(default=False)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PUBLISHED)
    based_on = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    opened_by = models.CharField(max_length=150, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    # A draft brought onto a newer edition (rules.services.draft_rebase): the keys of the
    # clauses revised both in the draft and in that edition, until the designer resolves each.
    conflicts = models.JSONField(default=list, blank=True)
    # Figures the code reads whose words a revision or a deletion in this draft removed
    # (CONTRACT.md §5): parameter → the last stated figure and the version that stated it
    # (``rules.services.unbound_entry``); rulings read that figure with a gap quoting it.
    unbound = models.JSONField(null=True, blank=True)
    versions = models.ManyToManyField(ClauseVersion, through="EditionEntry", related_name="editions")

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="uniq_edition_number"),
            models.UniqueConstraint(
                fields=["game"], condition=Q(is_current=True), name="one_current_edition_per_game"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}: {self.name}"


# Past any position a document reaches: where ``renumber`` puts entries before placing them.
OUT_OF_THE_WAY = 1_000_000


class EditionEntryQuerySet(AppendOnlyQuerySet):
    def repoint(self, version: ClauseVersion) -> int:
        """Point these entries of a draft edition at ``version`` (``draft_entries`` only)."""
        if self.exclude(edition__status=Edition.Status.DRAFT).exists():
            raise ImmutableError("only a draft edition's entries can be repointed")
        return models.QuerySet.update(self, version=version)

    def shift(self, by: int) -> int:
        """Move these entries of a draft edition ``by`` places (to make room for a clause
        placed before them: ``studio.services.document_accept``)."""
        if self.exclude(edition__status=Edition.Status.DRAFT).exists():
            raise ImmutableError("only a draft edition's entries can be moved")
        return models.QuerySet.update(self, position=models.F("position") + by)

    def place(self, position: int) -> int:
        """Put these entries of a draft edition at ``position``."""
        if self.exclude(edition__status=Edition.Status.DRAFT).exists():
            raise ImmutableError("only a draft edition's entries can be moved")
        return models.QuerySet.update(self, position=position)

    def renumber(self, ids: list[int]) -> None:
        """Number these entries of a draft edition 1, 2, … in the order of ``ids`` (all of
        them), in two statements whatever their number: first out of the way (past every
        position in use), then each in its place, so no two ever share a position."""
        if self.exclude(edition__status=Edition.Status.DRAFT).exists():
            raise ImmutableError("only a draft edition's entries can be moved")
        models.QuerySet.update(self, position=models.F("position") + OUT_OF_THE_WAY)
        if ids:
            order = models.Case(*(models.When(pk=pk, then=models.Value(n)) for n, pk in enumerate(ids, 1)))
            models.QuerySet.update(self.filter(pk__in=ids), position=order)

    def drop(self) -> int:
        """Take these entries out of a draft edition (a clause the edition it is brought onto
        no longer has: ``rules.services.draft_rebase``)."""
        if self.exclude(edition__status=Edition.Status.DRAFT).exists():
            raise ImmutableError("only a draft edition's entries can be dropped")
        return models.QuerySet.delete(self)[0]


class EditionEntry(AppendOnlyModel):
    """One clause version in an edition. Append-only, except that a draft edition's entry
    is repointed when the designer revises its clause (``rules.services.clause_revise``)."""

    edition = models.ForeignKey(Edition, on_delete=models.PROTECT, related_name="entries")
    clause = models.ForeignKey(Clause, on_delete=models.PROTECT, related_name="+")
    version = models.ForeignKey(ClauseVersion, on_delete=models.PROTECT, related_name="+")
    position = models.PositiveIntegerField()

    objects = EditionEntryQuerySet.as_manager()

    class Meta:
        ordering = ["edition", "position"]
        constraints = [
            models.UniqueConstraint(fields=["edition", "clause"], name="uniq_edition_clause"),
            # The order of an edition's clauses is defined: no two share a place.
            models.UniqueConstraint(fields=["edition", "position"], name="uniq_edition_position"),
        ]

    def __str__(self) -> str:
        return f"{self.edition_id}: {self.version}"

    @classmethod
    def draft_entries(cls, draft: Edition) -> EditionEntryQuerySet:
        return cls.objects.filter(edition=draft, edition__status=Edition.Status.DRAFT)


class Variant(models.Model):
    """A named overlay: `original`, or a clarification set such as GNIAZDO's proposals."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="variants")
    slug = models.SlugField(max_length=60)
    title = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    position = models.PositiveSmallIntegerField(default=0)
    activates = models.ManyToManyField(Clause, related_name="activated_by", blank=True)
    overrides = models.ManyToManyField(Clause, related_name="overridden_by", blank=True)

    class Meta:
        ordering = ["game", "position"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="uniq_variant_slug")]

    def __str__(self) -> str:
        return f"{self.game_id}/{self.slug}"


class TranslationQuerySet(models.QuerySet):
    """The one definition of a stale translation, for queries (the admin's list and filter):
    the clause's current edition holds another version than the one it was made from. A
    clause no current edition holds (removed) has nothing newer, so its translations are not
    stale: the clause page says the same (``Translation.is_stale`` beside no current version)."""

    def with_stale(self) -> TranslationQuerySet:
        """Each translation with ``stale`` (a boolean) annotated."""
        newer = EditionEntry.objects.filter(
            edition__is_current=True, clause_id=OuterRef("clause_id")
        ).exclude(version_id=OuterRef("based_on_id"))
        return self.annotate(stale=Exists(newer))

    def stale(self) -> TranslationQuerySet:
        """The stale translations."""
        return self.with_stale().filter(stale=True)

    def up_to_date(self) -> TranslationQuerySet:
        """The translations that are not stale."""
        return self.with_stale().filter(stale=False)


class Translation(models.Model):
    """A translation of one clause version into one language.

    Its text and state change only through ``rules.services``, which keeps
    every state as an immutable ``TranslationRevision`` and bumps ``revision``
    (the optimistic-lock counter). Stale is computed: the translation is stale
    when ``based_on`` is not the clause's current version.

    The states are the ones translators' tools know (Weblate, XLIFF): a clause with no
    translation in a language is *untranslated* (no row); *needs review* is a draft or a
    fuzzy match (XLIFF ``initial``, PO ``fuzzy``); *translated*; *approved* by a reviewer.
    Readers and rulings quote translated or approved text (``QUOTABLE``) and mark
    anything else they show; a translation that needs review never clears the stale flag.
    """

    class State(models.TextChoices):
        NEEDS_REVIEW = "needs-review", _("Needs review")
        TRANSLATED = "translated", _("Translated")
        APPROVED = "approved", _("Approved")

    based_on = models.ForeignKey(ClauseVersion, on_delete=models.PROTECT, related_name="translations")
    clause = models.ForeignKey(Clause, on_delete=models.PROTECT, related_name="translations")
    lang = models.CharField(max_length=20)
    text = models.TextField()
    state = models.CharField(max_length=20, choices=State.choices, default=State.NEEDS_REVIEW)
    revision = models.PositiveIntegerField(default=1)
    current_revision = models.ForeignKey(
        "TranslationRevision", on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    translator = models.CharField(max_length=100, blank=True)
    reviewer = models.CharField(max_length=100, blank=True)
    updated_at = models.DateTimeField()
    search_text = models.TextField(blank=True, editable=False)

    objects = TranslationQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["based_on", "lang"], name="uniq_translation_per_version_lang")
        ]
        indexes = [models.Index(fields=["clause", "lang"])]

    def __str__(self) -> str:
        # The clause key, not a database id: the admin lists translations by this.
        return f"{self.based_on.clause.key} v{self.based_on.number} [{self.lang}] r{self.revision}"

    def save(self, *args, **kwargs):
        self.search_text = search_form(self.text)
        super().save(*args, **kwargs)

    @property
    def quotable(self) -> bool:
        return self.state in QUOTABLE

    def is_stale(self, version: ClauseVersion | int | None) -> bool:
        """Stale beside ``version`` (the one shown, or its id; None: no current version)."""
        return Translation.made_from_other(self.based_on_id, version)

    @staticmethod
    def made_from_other(based_on_id: int | None, version: ClauseVersion | int | None) -> bool:
        """The stale rule on bare ids (rows read with ``values()``): a translation made from
        another version than the one shown beside it. Every page, the API and the admin use it."""
        version_id = version.pk if isinstance(version, ClauseVersion) else version
        return based_on_id is not None and version_id is not None and based_on_id != version_id


# What readers and rulings quote without a mark.
QUOTABLE = (Translation.State.TRANSLATED, Translation.State.APPROVED)


def quoted_translations(lang: str) -> models.QuerySet[Translation]:
    """The translations into ``lang`` of the clause of an outer ``EditionEntry`` query, the one
    shown beside the entry's wording first: by the reader, in rulings and in search alike.

    Only translations made from the entry's version or an earlier one: one made from a later
    version (a draft's) must not show unpublished wording. Of those, the newest translated or
    approved one, else the newest of any state (shown marked): a translation that needs review
    never hides an older translated one, so it never clears the stale flag. Use it as
    ``Subquery(quoted_translations(lang).values(...)[:1])`` on the entries."""
    return Translation.objects.filter(
        clause_id=OuterRef("clause_id"), lang=lang, based_on__number__lte=OuterRef("version__number")
    ).order_by(Case(When(state__in=QUOTABLE, then=Value(0)), default=Value(1)), "-based_on__number")


# Revisions written before the states were renamed keep the state they were written with
# (they are append-only); "draft" then meant what "needs review" means now.
LEGACY_DRAFT = "draft"


def revision_state(value: str) -> str:
    """A revision's state in today's vocabulary."""
    return Translation.State.NEEDS_REVIEW if value == LEGACY_DRAFT else value


class TranslationRevision(AppendOnlyModel):
    translation = models.ForeignKey(Translation, on_delete=models.PROTECT, related_name="revisions")
    revision = models.PositiveIntegerField()
    text = models.TextField()
    state = models.CharField(
        max_length=20, choices=[*Translation.State.choices, (LEGACY_DRAFT, _("Draft (needs review)"))]
    )
    author = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["translation", "revision"]
        constraints = [
            models.UniqueConstraint(fields=["translation", "revision"], name="uniq_translation_revision")
        ]

    def __str__(self) -> str:
        return f"{self.translation_id} r{self.revision}"


class Term(models.Model):
    """A glossary entry of one game, with its form in each language."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="terms")
    key = models.SlugField(max_length=80)
    forms = models.JSONField(default=dict, help_text=_("Language code → form of the term."))
    # The glossary's own regular expressions, where a form's stems do not find the term
    # (rules/corpus/FORMAT.md: ``match``, ``<lang>_match``): language code → pattern.
    matches = models.JSONField(
        default=dict, blank=True, help_text=_("Language code → regular expression that finds the term.")
    )
    note = models.TextField(blank=True)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "position"]
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="uniq_term_key")]

    def __str__(self) -> str:
        return f"{self.game_id}/{self.key}"


class TableRow(models.Model):
    """One structured row of a rule table, linked to the clause holding its wording."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="table_rows")
    table = models.CharField(max_length=40)
    position = models.PositiveIntegerField()
    clause = models.ForeignKey(Clause, on_delete=models.PROTECT, related_name="table_rows")
    data = models.JSONField()
    # JSON objects keep no key order on PostgreSQL (jsonb): the column order is kept here.
    columns = models.JSONField(default=list, blank=True)
    flagged = models.BooleanField(default=False)
    reading = models.TextField(blank=True)

    class Meta:
        ordering = ["game", "table", "position"]
        constraints = [models.UniqueConstraint(fields=["game", "table", "position"], name="uniq_table_row")]

    def __str__(self) -> str:
        return f"{self.table} row {self.position}"


class Role(models.Model):
    """What a user may write: designer of a game, translator or reviewer of a language
    (of one game, or of every game when ``game`` is empty). The one permission model for
    pages and API alike (``rules.permissions``); superusers may do everything, everyone
    else reads everything and writes only rulings."""

    class Kind(models.TextChoices):
        DESIGNER = "designer", _("Designer")
        TRANSLATOR = "translator", _("Translator")
        REVIEWER = "reviewer", _("Reviewer")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="roles")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, blank=True, related_name="roles")
    lang = models.CharField(max_length=20, blank=True, help_text=_("BCP 47 code (translators, reviewers)."))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind", "game", "lang"], name="uniq_role"),
            # NULLs are distinct in a unique index: a role for every game (no game) needs its own.
            models.UniqueConstraint(
                fields=["user", "kind", "lang"], condition=Q(game__isnull=True), name="uniq_role_every_game"
            ),
            models.CheckConstraint(
                condition=~Q(kind="designer") | (Q(game__isnull=False) & Q(lang="")),
                name="designer_role_names_a_game",
            ),
            models.CheckConstraint(
                condition=Q(kind="designer") | ~Q(lang=""), name="language_role_names_a_language"
            ),
        ]

    def __str__(self) -> str:
        where = self.game.slug if self.game_id else "*"
        return f"{self.user} {self.kind} {where}{' ' + self.lang if self.lang else ''}"

    def clean(self) -> None:
        """Refuse a role that could never be used: a designer without a game or with a language,
        a translator or reviewer of no language code, of a language no game can have
        (``translation_language_problem``), or of the game's original language, a regional form
        of it included (the workspace does not exist for it)."""
        from django.core.exceptions import ValidationError

        if self.kind == self.Kind.DESIGNER:
            if self.game_id is None:
                raise ValidationError({"game": _("A designer designs one game: choose it.")})
            if self.lang:
                raise ValidationError({"lang": _("A designer's role names no language.")})
            return
        if not is_language_code(self.lang):
            raise ValidationError({"lang": _("Not a BCP 47 language code (e.g. en, pl, el, zh-Hans).")})
        problem = translation_language_problem(self.lang)
        if problem:
            raise ValidationError({"lang": problem})
        if self.game_id is not None and same_language(self.lang, self.game.language):
            raise ValidationError(
                {
                    "lang": _("%(lang)s is the language of %(game)s's original: it has no translations.")
                    % {"lang": self.lang, "game": self.game.title}
                }
            )


class SearchEntry(models.Model):
    """One searchable text of a game's current published edition: a clause's wording, or
    its translation into one language, as the words the search matches (``rules.search``).

    Derived data, never edited: ``rules.search.index_refresh`` rebuilds a game's entries
    whenever its catalogue stamp has changed since they were built. On SQLite an FTS5
    table mirrors ``body`` (kept in step by triggers); on PostgreSQL a GIN index covers
    its ``tsvector`` (migration 0007)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    clause = models.ForeignKey(Clause, on_delete=models.CASCADE, related_name="+")
    version = models.ForeignKey(ClauseVersion, on_delete=models.CASCADE, related_name="+")
    # Empty for the original wording.
    translation = models.ForeignKey(
        Translation, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    lang = models.CharField(max_length=20)
    position = models.PositiveIntegerField()
    body = models.TextField()

    class Meta:
        indexes = [models.Index(fields=["clause", "lang"])]

    def __str__(self) -> str:
        return f"{self.clause_id} [{self.lang}]"


class SearchIndexStamp(models.Model):
    """The catalogue stamp a game's search entries were built from."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="+")
    stamp = models.UUIDField(null=True)

    def __str__(self) -> str:
        return f"{self.game_id}: {self.stamp}"
