from django import forms
from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html

from . import models, services


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


class TouchesCatalogue:
    """Admin edits are catalogue writes too: they replace the game's stamp, like the services."""

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        services.catalogue_touch(game_id=obj.pk if isinstance(obj, models.Game) else obj.game_id)


@admin.register(models.Game)
class GameAdmin(TouchesCatalogue, admin.ModelAdmin):
    list_display = ("slug", "title", "language", "position")
    actions = ["publish_edition"]

    @admin.action(description="Publish a new edition (the newest non-draft version of every clause)")
    def publish_edition(self, request, queryset):
        for game in queryset:
            edition = services.edition_publish(game=game, name=None, now=timezone.now())
            self.message_user(request, f"{game.title}: published {edition.name}.", level=messages.SUCCESS)


@admin.register(models.Clause)
class ClauseAdmin(TouchesCatalogue, admin.ModelAdmin):
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

    expected_version = forms.IntegerField(
        min_value=0,
        help_text="The version this text was written from (the newest one when you opened the form).",
    )

    class Meta:
        model = models.ClauseVersion
        fields = ("clause", "text", "status", "note")

    def clean(self):
        data = super().clean()
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
class ClauseVersionAdmin(admin.ModelAdmin):
    """Versions are append-only: the admin adds one through rules.services.clause_revise and
    never edits or deletes one."""

    form = ClauseVersionForm
    list_display = ("clause", "number", "status", "author", "created_at")
    list_filter = ("clause__game", "status")
    search_fields = ("clause__key",)
    raw_id_fields = ("clause",)

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        newest = (
            models.ClauseVersion.objects.filter(clause_id=initial.get("clause")).order_by("-number").first()
            if str(initial.get("clause", "")).isdigit()
            else None
        )
        if newest is not None:
            initial.update(text=newest.text, status=newest.status, expected_version=newest.number)
        return initial

    def add_view(self, request, form_url="", extra_context=None):
        try:
            return super().add_view(request, form_url, extra_context)
        except services.Conflict as exc:
            # Someone added a version between the form's check and the write: nothing was
            # saved (the admin's transaction rolled back); the text is given back.
            self.message_user(request, f"Not saved: {exc}. Your text: {exc.text}", level=messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())

    def save_model(self, request, obj, form, change):
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
    list_display = ("game", "number", "name", "is_current", "created_at")
    # Which edition is current changes only by publishing one (rules.services.edition_publish).
    readonly_fields = ("game", "number", "is_current", "created_at")

    def has_add_permission(self, request):
        return False


@admin.register(models.Variant)
class VariantAdmin(admin.ModelAdmin):
    list_display = ("game", "slug", "title")


@admin.register(models.Translation)
class TranslationAdmin(admin.ModelAdmin):
    list_display = ("based_on", "lang", "state", "revision")
    list_filter = ("lang", "state")
    readonly_fields = ("based_on", "clause", "lang", "revision", "current_revision", "updated_at")
    fields = ("based_on", "clause", "lang", "text", "state", "revision", "current_revision", "updated_at")

    def has_add_permission(self, request):
        return False

    def save_model(self, request, obj, form, change):
        # Translations are append-only: an edit becomes a new revision, as in the services.
        try:
            services.translation_submit(
                translation=models.Translation.objects.get(pk=obj.pk),
                text=obj.text,
                state=obj.state,
                expected_revision=obj.revision,
                author=request.user.get_username(),
                now=timezone.now(),
            )
        except services.Conflict as exc:
            self.message_user(request, f"Not saved: {exc}. Your text: {exc.text}", level=messages.ERROR)


@admin.register(models.Term)
class TermAdmin(admin.ModelAdmin):
    list_display = ("game", "key")
    list_filter = ("game",)


@admin.register(models.TableRow)
class TableRowAdmin(admin.ModelAdmin):
    list_display = ("game", "table", "position", "clause", "flagged")
