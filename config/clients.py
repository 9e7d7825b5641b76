"""Who the client is: one answer for the ruling throttle and the login lock-out (django-axes).

Behind ``NUM_PROXIES`` proxies (REST_FRAMEWORK["NUM_PROXIES"], from the environment's
``NUM_PROXIES``) the client is the ``X-Forwarded-For`` entry that many hops back, the one the
first of our proxies appended; with 0 (the default) the header is ignored and the client is the
connection's address. Whatever the header holds, the answer is an IP address, which axes's
column can store: a string that is not one (a client writing its own header behind a
misconfigured count) becomes an address of its own in the unique-local range fd00::/8 made from
its hash, so it is still counted apart from everyone else, never as the proxy.
"""

from __future__ import annotations

import hashlib
import ipaddress

from rest_framework.settings import api_settings


def client_address(request) -> str:
    """The client's IP address, as the proxies in front of us (``NUM_PROXIES``) report it."""
    meta = request.META
    address = meta.get("REMOTE_ADDR") or ""
    proxies = api_settings.NUM_PROXIES or 0
    forwarded = meta.get("HTTP_X_FORWARDED_FOR")
    if proxies and forwarded:
        hops = forwarded.split(",")
        address = hops[-min(proxies, len(hops))].strip()
    return as_address(address)


def as_address(text: str) -> str:
    """``text`` if it is an IP address (normalised), else a unique-local address made from it."""
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
        return str(ipaddress.IPv6Address(b"\xfd" + digest[:15]))
