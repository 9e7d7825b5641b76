from django.contrib import admin

from .models import Ruling


@admin.register(Ruling)
class RulingAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "adjudicator", "variant", "created_at")
    list_filter = ("game", "adjudicator")
    readonly_fields = [f.name for f in Ruling._meta.fields]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
