"""Translation states as translators' tools know them (Weblate, XLIFF): needs review,
translated, approved (untranslated is a clause with no translation).

Existing translations are mapped by a new revision each, never by rewriting one (revisions
are append-only; the old ones keep the state they were written with):

- ``draft`` → ``needs-review`` (what a draft is: not yet fit to quote);
- the shipped English (newest revision written by the corpus, ``needs-review`` until now)
  → ``translated``: it is a finished translation that no reviewer has approved, which is
  what ``translated`` says; ``loadcorpus`` writes new shipped translations so too;
- ``needs-review`` written in the site and ``approved`` stay.
"""

import uuid

from django.db import migrations, models
from django.utils import timezone

CORPUS_AUTHOR = "corpus"


def forwards(apps, schema_editor):
    Translation = apps.get_model("rules", "Translation")
    TranslationRevision = apps.get_model("rules", "TranslationRevision")
    now = timezone.now()
    touched = set()
    for t in Translation.objects.filter(state__in=["draft", "needs-review"]).select_related("current_revision"):
        author = t.current_revision.author if t.current_revision_id else t.translator
        if t.state == "draft":
            state = "needs-review"
        elif author == CORPUS_AUTHOR:
            state = "translated"
        else:
            continue
        rev = TranslationRevision.objects.create(
            translation=t, revision=t.revision + 1, text=t.text, state=state, author=author, created_at=now
        )
        Translation.objects.filter(pk=t.pk).update(state=state, revision=t.revision + 1, current_revision=rev)
        touched.add(t.clause_id)
    # The readers' caches are keyed on the game's stamp: a changed state is a catalogue write.
    Game = apps.get_model("rules", "Game")
    for game_id in set(
        apps.get_model("rules", "Clause").objects.filter(id__in=touched).values_list("game_id", flat=True)
    ):
        Game.objects.filter(pk=game_id).update(catalogue_stamp=uuid.uuid4())


class Migration(migrations.Migration):

    dependencies = [
        ('rules', '0007_search_index'),
    ]

    operations = [
        migrations.AlterField(
            model_name='translation',
            name='state',
            field=models.CharField(choices=[('needs-review', 'Needs review'), ('translated', 'Translated'), ('approved', 'Approved')], default='needs-review', max_length=20),
        ),
        migrations.AlterField(
            model_name='translationrevision',
            name='state',
            field=models.CharField(choices=[('needs-review', 'Needs review'), ('translated', 'Translated'), ('approved', 'Approved'), ('draft', 'Draft (needs review)')], max_length=20),
        ),
        # The revisions written here are new rows; none is changed (rules/append_only.py).
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
