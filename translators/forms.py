"""The translation editor's form: what a saved translation must be, each error under its field."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.models import Translation

MAX_TEXT = 20_000


class TranslationForm(forms.Form):
    """The text and state of one clause's translation (``version`` and ``expected_revision``,
    the optimistic lock, are the view's: a stale value is a 409, not a 400)."""

    text = forms.CharField(
        strip=False,
        max_length=MAX_TEXT,
        error_messages={
            "required": _("Write the translation before saving."),
            "max_length": _("The text is too long or holds characters that cannot be stored."),
        },
    )
    state = forms.ChoiceField(
        choices=Translation.State.choices,
        error_messages={"required": _("Choose a state."), "invalid_choice": _("Choose a state.")},
    )

    def clean_text(self) -> str:
        text = self.cleaned_data["text"]
        if not text.strip():
            raise forms.ValidationError(_("Write the translation before saving."), code="required")
        return text
