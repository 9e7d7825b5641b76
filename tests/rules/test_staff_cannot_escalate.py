"""Staff cannot give what they do not hold (issue 31 item 4): a staff user with Django's
``auth.change_user`` made itself superuser on its own admin page. Through the admin client: the
superuser flag is not theirs to set, the permissions and groups offered are their own, what a
user had beyond that is kept, and a superuser's page is not theirs to change."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission

pytestmark = pytest.mark.django_db

User = get_user_model()


def _perm(code: str) -> Permission:
    app, codename = code.split(".")
    return Permission.objects.get(content_type__app_label=app, codename=codename)


@pytest.fixture
def sam(client, corpus, make_user):
    """Staff with the permissions to see and change users, signed in."""
    sam = make_user("sam", staff=True)
    sam.user_permissions.add(_perm("auth.view_user"), _perm("auth.change_user"))
    client.force_login(sam)
    return sam


def _change(client, user, **fields):
    data = {
        "username": user.username,
        "first_name": "",
        "last_name": "",
        "email": "",
        "is_active": "on",
        "is_staff": "on" if user.is_staff else "",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "00:00:00",
        **fields,
    }
    return client.post(f"/admin/auth/user/{user.pk}/change/", {k: v for k, v in data.items() if v != ""})


def test_staff_cannot_make_itself_superuser(client, sam):
    r = _change(client, sam, is_superuser="on")
    assert r.status_code == 302, r.content.decode()[:2000]
    sam.refresh_from_db()
    assert not sam.is_superuser
    page = client.get(f"/admin/auth/user/{sam.pk}/change/").content.decode()
    assert 'name="is_superuser"' not in page


def test_staff_cannot_grant_a_permission_or_group_it_lacks(client, sam, make_user):
    admins = Group.objects.create(name="admins")
    admins.permissions.add(_perm("auth.delete_user"))
    target = make_user("tom", staff=True)
    delete_user, view_user = _perm("auth.delete_user"), _perm("auth.view_user")
    for user in (sam, target):
        r = _change(client, user, user_permissions=[delete_user.pk, view_user.pk], groups=[admins.pk])
        assert r.status_code == 200  # the form's error: not one of the available choices
        assert "Select a valid choice" in r.content.decode()
    assert not target.user_permissions.exists() and not target.groups.exists()
    sam.refresh_from_db()
    assert not sam.has_perm("auth.delete_user")
    # What sam holds, sam may give.
    assert _change(client, target, user_permissions=[view_user.pk]).status_code == 302
    assert list(target.user_permissions.all()) == [view_user]


def test_what_a_user_had_beyond_the_staff_users_reach_is_kept(client, sam, make_user):
    admins = Group.objects.create(name="admins")
    target = make_user("tom", staff=True)
    target.user_permissions.add(_perm("auth.delete_user"))
    target.groups.add(admins)
    assert _change(client, target, user_permissions=[_perm("auth.view_user").pk]).status_code == 302
    assert set(target.user_permissions.values_list("codename", flat=True)) == {"delete_user", "view_user"}
    assert list(target.groups.all()) == [admins]


def test_staff_cannot_change_a_superuser_nor_its_password(client, sam, make_user):
    boss = make_user("boss", superuser=True)
    assert _change(client, boss, is_superuser="on").status_code == 403
    r = client.post(
        f"/admin/auth/user/{boss.pk}/password/",
        {"password1": "Taken-Over-42", "password2": "Taken-Over-42", "usable_password": "true"},
    )
    assert r.status_code == 403
    boss.refresh_from_db()
    assert not boss.check_password("Taken-Over-42")


def test_a_superuser_still_gives_superuser_status(client, corpus, make_user):
    client.force_login(make_user("root", superuser=True))
    tom = make_user("tom", staff=True)
    assert (
        _change(
            client, tom, is_superuser="on", **{"roles-TOTAL_FORMS": "0", "roles-INITIAL_FORMS": "0"}
        ).status_code
        == 302
    )
    tom.refresh_from_db()
    assert tom.is_superuser
