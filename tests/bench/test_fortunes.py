"""The benchmark baseline (bench/): the classic "fortunes" page, one query, escaped, sorted."""

import html
import re

import pytest

from bench.views import ADDED

ROW = re.compile(r"<tr><td>(\d+)</td><td>(.*?)</td></tr>")


@pytest.mark.django_db
def test_fortunes_page_renders_the_13_fortunes_sorted_escaped_in_one_query(client, django_assert_num_queries):
    with django_assert_num_queries(1):
        response = client.get("/bench/fortunes/")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/html; charset=utf-8"
    body = response.content.decode()
    rows = ROW.findall(body)
    assert len(rows) == 13
    messages = [html.unescape(m) for _id, m in rows]
    assert messages == sorted(messages)
    ids = [int(i) for i, _m in rows]
    assert sorted(ids) == list(range(13))  # the 12 stored rows and the one added in memory (id 0)
    assert messages[ids.index(0)] == ADDED

    # The markup in row 11 is escaped, never emitted as a tag.
    assert "<script>" not in body
    assert (
        "&lt;script&gt;alert(&quot;This should not be displayed in a browser alert box.&quot;);&lt;/script&gt;"
        in body
    )
    # The non-ASCII row survives the round trip, and sorts last (code point order).
    assert rows[-1] == ("12", "フレームワークのベンチマーク")
    assert "A computer scientist is someone who fixes things that aren&#x27;t broken." in body
