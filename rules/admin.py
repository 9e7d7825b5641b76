from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from rest_framework.authtoken.admin import TokenAdmin
from rest_framework.authtoken.models import TokenProxy

from config.languages import is_language_code
from config.numbers import is_ascii_digits

from . import models, revision_request, services
from .diff import word_diff
from .permissions import can_design, can_work_on, designed_games, may_save_translation


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request, obj=None):
        return False


class VersionInline(ReadOnlyInline):
    model = models.ClauseVersion
    fields = ("number", "status", "text", "note", "author", "created_at")
    readonly_fields = fields


class GivesConflictsBack:
    """A write that a service refuses because someone else saved first (``services.Conflict``)
    saves nothing: the admin's transaction rolls back, and the editor gets the form again with
    their text in a message instead of an error page or a false "changed successfully"."""

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except services.Conflict as exc:
            self.message_user(request, f"Not saved: {exc}. Your text: {exc.text}", level=messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())


class TouchesCatalogue:
    """Admin edits are catalogue writes too: they replace the game's stamp, like the services.

    The stamp moves after the related objects are saved too (a variant's clauses), and on
    deletion; ``touches_rules`` marks models that rulings read (variants, tables)."""

    touches_rules = False

    def _touch(self, obj):
        game_id = obj.pk if isinstance(obj, models.Game) else obj.game_id
        services.catalogue_touch(game_id=game_id, rules=self.touches_rules)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        self._touch(form.instance)

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        self._touch(obj)

    def delete_queryset(self, request, queryset):
        objs = list(queryset)
        super().delete_queryset(request, queryset)
        for obj in objs:
            self._touch(obj)


class DesignersWrite:
    """A game's clauses, variants, tables and glossary are changed here by its designers (and
    superusers) only, as in the studio (``rules.permissions.can_design``): Django's model
    permissions open the pages, the role says of which game. Anyone else with the model
    permissions sees them read-only."""

    def _game_id(self, obj):
        return obj.pk if isinstance(obj, models.Game) else obj.game_id

    def _designs_some_game(self, request) -> bool:
        return bool(designed_games(request.user))

    def has_add_permission(self, request):
        return super().has_add_permission(request) and self._designs_some_game(request)

    def has_change_permission(self, request, obj=None):
        if not super().has_change_permission(request, obj):
            return False
        if obj is None:
            return self._designs_some_game(request)
        return can_design(request.user, self._game_id(obj))

    def has_delete_permission(self, request, obj=None):
        if not super().has_delete_permission(request, obj):
            return False
        if obj is None:
            return self._designs_some_game(request)
        return can_design(request.user, self._game_id(obj))

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "game":
            kwargs["queryset"] = models.Game.objects.filter(id__in=designed_games(request.user))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request, obj, form, change):
        # The form offers only the user's games; a forged post is refused all the same.
        if not can_design(request.user, self._game_id(obj)):
            raise PermissionDenied(_("Only a designer of this game may change it."))
        super().save_model(request, obj, form, change)


@admin.register(models.Game)
class GameAdmin(DesignersWrite, TouchesCatalogue, admin.ModelAdmin):
    list_display = ("slug", "title", "language", "position")
    actions = ["publish_edition"]

    @admin.action(description="Publish a new edition (the newest non-draft version of every clause)")
    def publish_edition(self, request, queryset):
        for game in queryset:
            if not can_design(request.user, game):
                self.message_user(
                    request, f"{game.title}: only its designers publish it.", level=messages.ERROR
                )
                continue
            edition = services.edition_publish(game=game, name=None, now=timezone.now())
            self.message_user(request, f"{game.title}: published {edition.name}.", level=messages.SUCCESS)

    def has_add_permission(self, request):
        # A new game is the site's owner's to add.
        return request.user.is_superuser and super().has_add_permission(request)


@admin.register(models.Clause)
class ClauseAdmin(DesignersWrite, TouchesCatalogue, admin.ModelAdmin):
    list_display = ("key", "game", "kind", "position")
    list_filter = ("game", "kind")
    search_fields = ("key",)
    inlines = [VersionInline]

    def get_readonly_fields(self, request, obj=None):
        # A clause key is never reused and a clause never moves to another game.
        return ("game", "key", "new_version") if obj else ()

    @admin.display(description="Revise")
    def new_version(self, obj):
        url = reverse("admin:rules_clauseversion_add") + f"?clause={obj.pk}"
        return format_html('<a href="{}">Write a new version of {}</a>', url, obj.key)


class ClauseVersionForm(forms.ModelForm):
    """A new version of a clause, written from the version the designer started from: if
    someone added another version meanwhile, the form says so instead of overwriting it."""

    # Read by rules.revision_request, as the designer's editor and the API read it (ASCII digits).
    expected_version = forms.CharField(
        max_length=10,
        help_text="The version this text was written from (the newest one when you opened the form).",
    )

    class Meta:
        model = models.ClauseVersion
        fields = ("clause", "text", "status", "note")

    def clean(self):
        data = super().clean()
        asked = {
            "text": data.get("text", self.data.get("text")),
            "status": data.get("status", self.data.get("status")),
            "note": data.get("note") or "",
            "based_on": self.data.get("expected_version", ""),
        }
        try:
            data["expected_version"] = revision_request.revision_request(asked).based_on
        except revision_request.RequestInvalid as exc:
            data.pop("expected_version", None)
            for path, messages_ in exc.errors.items():
                field = "expected_version" if path == "based_on" else path
                if field in self.fields and field not in self.errors:
                    self.add_error(field, messages_)
        clause, expected = data.get("clause"), data.get("expected_version")
        if clause is not None and expected is not None:
            newest = clause.versions.order_by("-number").values_list("number", flat=True).first() or 0
            if newest != expected:
                self.add_error(
                    "expected_version",
                    f"{clause.key} is now at version {newest}, not {expected}: reopen it and apply your change "
                    "to the newest text.",
                )
        return data


@admin.register(models.ClauseVersion)
class ClauseVersionAdmin(GivesConflictsBack, admin.ModelAdmin):
    """Versions are append-only: the admin adds one through rules.services.clause_revise and
    never edits or deletes one."""

    form = ClauseVersionForm
    list_display = ("clause", "number", "status", "author", "created_at")
    list_filter = ("clause__game", "status")
    search_fields = ("clause__key",)
    raw_id_fields = ("clause",)

    def has_add_permission(self, request):
        return super().has_add_permission(request) and bool(designed_games(request.user))

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        newest = (
            models.ClauseVersion.objects.filter(clause_id=initial.get("clause")).order_by("-number").first()
            if is_ascii_digits(str(initial.get("clause", "")))
            else None
        )
        if newest is not None:
            initial.update(
                text=newest.text, status=newest.status, note=newest.note, expected_version=newest.number
            )
        return initial

    def save_model(self, request, obj, form, change):
        # Model permissions say "may add versions"; the role says of which game.
        if not can_design(request.user, obj.clause.game_id):
            raise PermissionDenied(_("Only a designer of this game may revise its clauses."))
        version = services.clause_revise(
            clause=obj.clause,
            text=obj.text,
            status=obj.status,
            note=obj.note,
            author=request.user.get_username(),
            expected_version=form.cleaned_data["expected_version"],
            now=timezone.now(),
        )
        # The admin's "added" message and redirect refer to the version the service wrote.
        obj.pk, obj.number, obj.created_at = version.pk, version.number, version.created_at


@admin.register(models.Edition)
class EditionAdmin(admin.ModelAdmin):
    """A published edition never changes, for anyone (the database refuses it too:
    rules/append_only.py); a draft's name is its designers' to change. Everything else moves
    only through the services: opening, revising, publishing (the studio and its API)."""

    list_display = ("game", "number", "name", "status", "is_current", "created_at")
    list_filter = ("game", "status")
    readonly_fields = (
        "game",
        "number",
        "status",
        "is_current",
        "based_on",
        "opened_by",
        "created_at",
        "published_at",
        "conflicts",
    )

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        if not super().has_change_permission(request, obj):
            return False
        if obj is None:
            return bool(designed_games(request.user))
        return obj.status == models.Edition.Status.DRAFT and can_design(request.user, obj.game_id)

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(models.Variant)
class VariantAdmin(DesignersWrite, TouchesCatalogue, admin.ModelAdmin):
    list_display = ("game", "slug", "title")
    touches_rules = True


class TranslationStartForm(forms.ModelForm):
    """The first revision of a translation of one clause version into one language."""

    class Meta:
        model = models.Translation
        fields = ("based_on", "lang", "text", "state")

    def clean_lang(self):
        lang = self.cleaned_data["lang"]
        if not is_language_code(lang):
            raise forms.ValidationError("Not a BCP 47 language code (e.g. en, pl, el, zh-Hans).")
        return lang

    def clean(self):
        data = super().clean()
        version, lang = data.get("based_on"), data.get("lang")
        if version is not None and lang and version.translations.filter(lang=lang).exists():
            self.add_error(
                "lang", f"Version {version.number} of {version.clause.key} already has a {lang} translation."
            )
        return data


class TranslationChangeForm(forms.ModelForm):
    """A new revision of a translation, checked against the revision the form was opened on
    (not the one in the database when it is posted): if someone else saved meanwhile, the
    form comes back with both texts, the translator's still in the box."""

    expected_revision = forms.IntegerField(min_value=1, widget=forms.HiddenInput)

    class Meta:
        model = models.Translation
        fields = ("text", "state")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.fields["expected_revision"].initial = self.instance.revision

    def clean(self):
        data = super().clean()
        expected = data.get("expected_revision")
        if expected is None or self.instance.pk is None:
            return data
        current = models.Translation.objects.get(pk=self.instance.pk)
        if current.revision != expected:
            # Saving again means "mine replaces theirs": it is then made from the revision shown.
            self.data = self.data.copy()
            self.data["expected_revision"] = str(current.revision)
            self.add_error(
                None,
                forms.ValidationError(
                    "%(who)s saved revision %(revision)s while you were editing revision %(expected)s. "
                    "Their text: «%(theirs)s». Your text is kept below: save again to make it the next "
                    "revision, or copy what you need from theirs.",
                    params={
                        "who": current.translator or current.reviewer or "Someone",
                        "revision": current.revision,
                        "expected": expected,
                        "theirs": current.text,
                    },
                    code="conflict",
                ),
            )
        return data


class StaleFilter(admin.SimpleListFilter):
    """Translations made from a version that is not the clause's current one."""

    title = "stale"
    parameter_name = "stale"

    def lookups(self, request, model_admin):
        return (("yes", "Stale"), ("no", "Not stale"))

    def queryset(self, request, queryset):
        # The pages' rule (``TranslationQuerySet.stale``), so the admin and the reader agree.
        if self.value() == "yes":
            return queryset.stale()
        if self.value() == "no":
            return queryset.up_to_date()
        return queryset


@admin.register(models.Translation)
class TranslationAdmin(GivesConflictsBack, admin.ModelAdmin):
    list_display = ("__str__", "game", "lang", "state", "stale", "revision", "updated_at")
    list_filter = ("clause__game", "lang", "state", StaleFilter)
    list_select_related = ("based_on__clause", "clause__game")
    search_fields = ("clause__key", "text")
    list_per_page = 200
    raw_id_fields = ("based_on",)

    @admin.display(description="game", ordering="clause__game")
    def game(self, obj):
        return obj.clause.game.slug

    def has_change_permission(self, request, obj=None):
        # A translator or reviewer of the translation's language, as in the workspace.
        if not super().has_change_permission(request, obj):
            return False
        if obj is None:
            return True
        # Just added through the service (save_model), the object knows its version only.
        game_id = obj.clause.game_id if obj.clause_id else obj.based_on.clause.game_id
        return can_work_on(request.user, game_id, obj.lang)

    def has_delete_permission(self, request, obj=None):
        return False  # append-only: a translation is revised, never removed

    def get_queryset(self, request):
        return super().get_queryset(request).with_stale()

    @admin.display(description="stale", boolean=True, ordering="stale")
    def stale(self, obj):
        return obj.stale

    def get_fields(self, request, obj=None):
        if obj is None:
            return TranslationStartForm.Meta.fields
        return (
            "based_on",
            "clause",
            "lang",
            "changes_since",
            "text",
            "state",
            "revision",
            "expected_revision",
            "current_revision",
        )

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ()
        return ("based_on", "clause", "lang", "changes_since", "revision", "current_revision", "updated_at")

    def get_form(self, request, obj=None, change=False, **kwargs):
        kwargs["form"] = TranslationStartForm if obj is None else TranslationChangeForm
        return super().get_form(request, obj, change=change, **kwargs)

    @admin.display(description="The original since this translation")
    def changes_since(self, obj):
        """What changed in the original since the version translated, with a link to translate
        the current one: the translator's to-do, inside the form they edit."""
        current = (
            models.EditionEntry.objects.filter(clause_id=obj.clause_id, edition__is_current=True)
            .select_related("version")
            .first()
        )
        if current is None or not obj.is_stale(current.version_id):
            return "Up to date: this translation is of the current version."
        pieces = render_to_string(
            "rules/_diff.html", {"diff": word_diff(obj.based_on.text, current.version.text)}
        )
        url = reverse("admin:rules_translation_add") + f"?based_on={current.version_id}&lang={obj.lang}"
        return format_html(
            '<p>Stale: version {} was translated; the current edition has version {}.</p><p class="diff">{}</p>'
            '<p><a href="{}">Translate version {}</a> (starting from this translation’s text)</p>',
            obj.based_on.number,
            current.version.number,
            pieces,
            url,
            current.version.number,
        )

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        version_id, lang = str(initial.get("based_on", "")), initial.get("lang")
        if is_ascii_digits(version_id) and lang:
            previous = (
                models.Translation.objects.filter(clause__versions__id=version_id, lang=lang)
                .order_by("-based_on__number")
                .first()
            )
            if previous is not None:
                # A translation of another version is a fuzzy match: it needs review until the
                # translator has brought it in line with this version.
                initial.update(text=previous.text, state=models.Translation.State.NEEDS_REVIEW)
        return initial

    def save_model(self, request, obj, form, change):
        # Model permissions say "may change translations"; the role says into which language
        # (and approving is a reviewer's).
        game_id = obj.clause.game_id if obj.clause_id else obj.based_on.clause.game_id
        if not may_save_translation(request.user, game_id, obj.lang, obj.state):
            raise PermissionDenied(
                f"Only a translator (or, to approve, a reviewer) of {obj.lang} may do this."
            )
        # One write path with the translator's pages and the import (services.translation_save):
        # a translation someone else created or saved meanwhile is a conflict given back with
        # the text (GivesConflictsBack), not an IntegrityError page; translations stay
        # append-only, an edit becomes a new revision.
        saved = services.translation_save(
            version=obj.based_on,
            lang=obj.lang,
            text=obj.text,
            state=obj.state,
            expected_revision=form.cleaned_data["expected_revision"] if change else 0,
            author=request.user.get_username(),
            now=timezone.now(),
        )
        obj.pk = saved.pk


@admin.register(models.Term)
class TermAdmin(DesignersWrite, TouchesCatalogue, admin.ModelAdmin):
    list_display = ("game", "key")
    list_filter = ("game",)


@admin.register(models.TableRow)
class TableRowAdmin(DesignersWrite, TouchesCatalogue, admin.ModelAdmin):
    touches_rules = True
    list_display = ("game", "table", "position", "clause", "flagged")


class OwnTokenAdmin(TokenAdmin):
    """API tokens: a superuser sees every one; anyone else with the model permissions sees only
    their own and cannot create, change or delete one (a token is a password: reading another
    user's is signing in as them)."""

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        return queryset if request.user.is_superuser else queryset.filter(user=request.user)

    def has_add_permission(self, request):
        return request.user.is_superuser and super().has_add_permission(request)

    def has_change_permission(self, request, obj=None):
        return request.user.is_superuser and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser and super().has_delete_permission(request, obj)


admin.site.unregister(TokenProxy)
admin.site.register(TokenProxy, OwnTokenAdmin)


class RoleInline(admin.TabularInline):
    """A user's roles on the user's own page (superusers only: a role is a permission)."""

    model = models.Role
    extra = 1

    def _superuser(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    has_view_permission = has_add_permission = has_change_permission = has_delete_permission = _superuser


@admin.register(models.Role)
class RoleAdmin(admin.ModelAdmin):
    """Who may write what (rules.permissions): given and taken by superusers only; validated
    by ``Role.clean`` (no translator of a game's original language)."""

    list_display = ("user", "kind", "game", "lang")
    list_filter = ("kind", "game", "lang")
    search_fields = ("user__username", "lang")

    def _superuser(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    has_view_permission = has_add_permission = has_change_permission = has_delete_permission = _superuser
    has_module_permission = _superuser


class UserWithRolesAdmin(UserAdmin):
    """Users, with their roles. Staff with ``auth.change_user`` cannot give what they do not
    hold: superuser status is a superuser's to give, the permissions and groups offered are the
    ones the staff user holds (and is in), those outside that reach are kept as they were when
    the user is saved, and a superuser's page (whose password would sign in as one) is not
    theirs to change."""

    inlines = [*UserAdmin.inlines, RoleInline]

    @staticmethod
    def _superuser(request) -> bool:
        return request.user.is_active and request.user.is_superuser

    def has_change_permission(self, request, obj=None):
        if obj is not None and obj.is_superuser and not self._superuser(request):
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        if obj is not None and obj.is_superuser and not self._superuser(request):
            return False
        return super().has_delete_permission(request, obj)

    def get_readonly_fields(self, request, obj=None):
        fields = tuple(super().get_readonly_fields(request, obj))
        return fields if self._superuser(request) else (*fields, "is_superuser")

    @staticmethod
    def _reach(request, field: str):
        """The permissions (or groups) ``request.user`` may give: those it holds (is in)."""
        if field == "groups":
            return request.user.groups.all()
        held = request.user.get_all_permissions()
        return Permission.objects.filter(
            pk__in=[
                pk
                for pk, app, code in Permission.objects.values_list(
                    "pk", "content_type__app_label", "codename"
                )
                if f"{app}.{code}" in held
            ]
        )

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        if db_field.name in ("groups", "user_permissions") and not self._superuser(request):
            kwargs["queryset"] = self._reach(request, db_field.name)
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    def save_related(self, request, form, formsets, change):
        kept = {}
        if change and not self._superuser(request):
            # The form offered only what the staff user holds: what else the user had stays.
            for field in ("groups", "user_permissions"):
                if field in form.cleaned_data:
                    reach = self._reach(request, field)
                    kept[field] = list(getattr(form.instance, field).exclude(pk__in=reach))
        super().save_related(request, form, formsets, change)
        for field, rows in kept.items():
            getattr(form.instance, field).add(*rows)


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), UserWithRolesAdmin)
