"""Nobody locks anyone else out (issue #20 item 5): the login lock-out (django-axes) counts by
user name and the client's address, the same address the ruling throttle counts (one function,
NUM_PROXIES honoured), and the password change page counts its failures the same way."""

import pytest
from axes.helpers import get_client_ip_address
from axes.models import AccessAttempt
from django.test import Client

from config.clients import client_address
from games.throttle import RulingThrottle

PROXY = "10.0.0.1"  # the one proxy in front, as in docs/deploy.md (NUM_PROXIES=1)


@pytest.fixture
def behind_one_proxy(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}


def _from(address: str) -> Client:
    """A browser at ``address``, reaching us through the proxy."""
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=address)


def _login(client: Client, username: str, password: str) -> int:
    return client.post("/accounts/login/", {"username": username, "password": password}).status_code


def test_failures_from_one_address_never_lock_the_user_out_from_another(
    corpus, make_user, settings, behind_one_proxy
):
    make_user("dana")
    attacker, dana = _from("203.0.113.66"), _from("198.51.100.7")
    codes = [_login(attacker, "dana", "guess") for _ in range(settings.AXES_FAILURE_LIMIT)]
    assert codes == [200] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    assert _login(attacker, "dana", "pw-dana") == 429  # the attacker's address is locked out
    # Recorded under the client's address, not the proxy's.
    assert list(AccessAttempt.objects.values_list("username", "ip_address")) == [("dana", "203.0.113.66")]
    assert _login(dana, "dana", "pw-dana") == 302


def test_failures_for_one_user_name_never_lock_out_another_from_the_same_address(
    corpus, make_user, settings, behind_one_proxy
):
    make_user("erin")
    shared = _from("203.0.113.5")  # one office behind one address
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(shared, "dana", "guess")
    assert _login(shared, "erin", "pw-erin") == 302


def test_the_throttle_and_the_lock_out_see_the_same_client(rf, behind_one_proxy):
    for forwarded, expected in [
        ("203.0.113.9", "203.0.113.9"),
        ("1.2.3.4, 203.0.113.9", "203.0.113.9"),  # what the client wrote itself is not trusted
        ("a\x00b", None),
        ("x" * 2000, None),
    ]:
        request = rf.post("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded)
        seen = client_address(request)
        assert RulingThrottle().get_ident(request) == get_client_ip_address(request) == seen
        if expected:
            assert seen == expected
        else:  # not an address: one of its own, never the proxy's, storable by axes's column
            assert seen.startswith("fd") and seen != PROXY


def test_an_odd_forwarded_address_is_counted_without_an_error(corpus, settings, behind_one_proxy):
    # PostgreSQL's inet column refuses anything but an address: this was a 500 there.
    odd = _from("not an address\x00")
    codes = [_login(odd, "dana", "guess") for _ in range(settings.AXES_FAILURE_LIMIT)]
    assert codes[-1] == 429
    assert AccessAttempt.objects.get().ip_address.startswith("fd")


def test_without_proxies_the_forwarded_header_is_ignored(corpus, make_user, settings):
    make_user("dana")
    for n in range(settings.AXES_FAILURE_LIMIT):  # a new forged address each time: no escape
        _login(Client(REMOTE_ADDR="192.0.2.1", HTTP_X_FORWARDED_FOR=f"10.9.9.{n}"), "dana", "guess")
    assert _login(Client(REMOTE_ADDR="192.0.2.1"), "dana", "pw-dana") == 429


def _change(client: Client, old: str) -> int:
    new = "a-new-long-password-7"
    data = {"old_password": old, "new_password1": new, "new_password2": new}
    return client.post("/accounts/password_change/", data).status_code


def test_wrong_old_passwords_on_the_password_change_page_count_as_failed_logins(
    corpus, make_user, settings, behind_one_proxy
):
    user = make_user("dana")
    guesser = _from("203.0.113.66")
    guesser.force_login(user)  # a session left open on a shared computer
    codes = [_change(guesser, "guess") for _ in range(settings.AXES_FAILURE_LIMIT)]
    assert codes == [200] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    assert _change(guesser, "pw-dana") == 429  # the right one no longer helps from there
    user.refresh_from_db()
    assert user.check_password("pw-dana")
    # The user, elsewhere, is not locked out: neither to sign in nor to change the password.
    owner = _from("198.51.100.7")
    assert _login(owner, "dana", "pw-dana") == 302
    assert _change(owner, "pw-dana") == 302
    user.refresh_from_db()
    assert user.check_password("a-new-long-password-7")
