"""No two entries of an edition share a position (issue #31): a rebase kept two clauses added
at the same place by the draft and by the published edition, so the merged order was
undefined. Editions that already hold such ties are renumbered first (ties in the order of
their clause), with the published-edition triggers lifted meanwhile; SQLite rebuilds the
table for the constraint, which drops its triggers, so they are made again after."""

from django.db import migrations, models

from rules import append_only


def renumber_ties(apps, schema_editor):
    EditionEntry = apps.get_model("rules", "EditionEntry")
    tied = (
        EditionEntry.objects.values("edition_id", "position")
        .annotate(n=models.Count("id"))
        .filter(n__gt=1)
        .values_list("edition_id", flat=True)
        .distinct()
    )
    editions = sorted(set(tied))
    if not editions:
        return
    append_only.drop_published(schema_editor)
    for edition_id in editions:
        entries = list(
            EditionEntry.objects.filter(edition_id=edition_id).order_by("position", "clause_id", "id")
        )
        EditionEntry.objects.filter(edition_id=edition_id).update(position=models.F("position") + 1_000_000)
        for n, entry in enumerate(entries, start=1):
            EditionEntry.objects.filter(pk=entry.pk).update(position=n)
    append_only.create_published(schema_editor)


def triggers(apps, schema_editor):
    append_only.create_published(schema_editor)


class Migration(migrations.Migration):
    dependencies = [("rules", "0013_role_unique_for_every_game")]

    operations = [
        migrations.RunPython(renumber_ties, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="editionentry",
            constraint=models.UniqueConstraint(fields=("edition", "position"), name="uniq_edition_position"),
        ),
        migrations.RunPython(triggers, migrations.RunPython.noop),
    ]
