from django.contrib import admin

from . import models


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


@admin.register(models.Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("slug", "title", "language", "position")


@admin.register(models.Clause)
class ClauseAdmin(admin.ModelAdmin):
    list_display = ("key", "game", "kind", "position")
    list_filter = ("game", "kind")
    search_fields = ("key",)
    inlines = [VersionInline]


@admin.register(models.Edition)
class EditionAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "name", "is_current", "created_at")


@admin.register(models.Variant)
class VariantAdmin(admin.ModelAdmin):
    list_display = ("game", "slug", "title")


@admin.register(models.Translation)
class TranslationAdmin(admin.ModelAdmin):
    list_display = ("based_on", "lang", "state", "revision")
    list_filter = ("lang", "state")
    readonly_fields = ("based_on", "clause", "revision", "current_revision", "updated_at")


@admin.register(models.Term)
class TermAdmin(admin.ModelAdmin):
    list_display = ("game", "key")
    list_filter = ("game",)


@admin.register(models.TableRow)
class TableRowAdmin(admin.ModelAdmin):
    list_display = ("game", "table", "position", "clause", "flagged")
