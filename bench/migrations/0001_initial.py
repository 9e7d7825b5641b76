from django.db import migrations, models

# The 12 classic rows: one with markup to escape (11), one non-ASCII (12).
FORTUNES = [
    (1, "fortune: No such file or directory"),
    (2, "A computer scientist is someone who fixes things that aren't broken."),
    (3, "After enough decimal places, nobody gives a damn."),
    (4, "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1"),
    (5, "A computer program does what you tell it to do, not what you want it to do."),
    (6, "Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen"),
    (7, "Any program that runs right is obsolete."),
    (8, "A list is only as strong as its weakest link. — Donald Knuth"),
    (9, "Feature: A bug with seniority."),
    (10, "Computers make very fast, very accurate mistakes."),
    (11, '<script>alert("This should not be displayed in a browser alert box.");</script>'),
    (12, "フレームワークのベンチマーク"),
]


def insert(apps, schema_editor):
    Fortune = apps.get_model("bench", "Fortune")
    Fortune.objects.using(schema_editor.connection.alias).bulk_create(
        Fortune(id=pk, message=message) for pk, message in FORTUNES
    )


def delete(apps, schema_editor):
    Fortune = apps.get_model("bench", "Fortune")
    Fortune.objects.using(schema_editor.connection.alias).filter(id__in=[pk for pk, _ in FORTUNES]).delete()


class Migration(migrations.Migration):
    initial = True
    dependencies = []

    operations = [
        migrations.CreateModel(
            name="Fortune",
            fields=[
                ("id", models.IntegerField(primary_key=True, serialize=False)),
                ("message", models.CharField(max_length=2048)),
            ],
            options={"db_table": "bench_fortune"},
        ),
        migrations.RunPython(insert, delete),
    ]
