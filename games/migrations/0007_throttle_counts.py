"""The throttles' counts when there is no Redis (games.throttle): one row per client and period."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0006_append_only_triggers'),
    ]

    operations = [
        migrations.CreateModel(
            name='ThrottleCount',
            fields=[
                ('key', models.CharField(max_length=120, primary_key=True, serialize=False)),
                ('window', models.BigIntegerField(help_text='The current window: epoch seconds // period.')),
                ('hits', models.PositiveIntegerField(help_text='Requests allowed in that window.')),
                ('previous', models.PositiveIntegerField(help_text='Requests allowed in the window before it.')),
                ('expires', models.BigIntegerField(help_text='Epoch seconds after which the row counts nothing.')),
            ],
        ),
    ]
