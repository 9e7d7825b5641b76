"""The password change page counts a wrong old password as a failed login (django-axes), by
user name and client address like the login page: guessing a password there is no easier."""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordChangeForm
from django.core.exceptions import ValidationError


class CountedPasswordChangeForm(PasswordChangeForm):
    """The old password is checked by ``authenticate``: axes refuses a locked-out user name and
    address before checking, and counts a wrong one (Django's ``user_login_failed``)."""

    def __init__(self, user, *args, request=None, **kwargs):
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self):
        old_password = self.cleaned_data["old_password"]
        checked = authenticate(self.request, username=self.user.get_username(), password=old_password)
        if checked is None or checked.pk != self.user.pk:
            raise ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        return old_password


class PasswordChangeView(auth_views.PasswordChangeView):
    form_class = CountedPasswordChangeForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}
