from django.contrib import admin, messages
from django.utils import timezone

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


@admin.register(models.Clause)
class ClauseAdmin(TouchesCatalogue, admin.ModelAdmin):
    list_display = ("key", "game", "kind", "position")
    list_filter = ("game", "kind")
    search_fields = ("key",)
    inlines = [VersionInline]

    def get_readonly_fields(self, request, obj=None):
        # A clause key is never reused and a clause never moves to another game.
        return ("game", "key") if obj else ()


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
