"""A ruling step that quotes a table row names its columns with the table's header words."""

import html
import re

from games import engine
from rules import corpus, tables


def _spec(key: str) -> dict:
    return next(t for t in corpus.game("dolores").tables["tables"] if t["key"] == key)


def test_the_two_level_header_of_table_2_names_every_column():
    spec = _spec("table-2")
    header = next(c.text for c in corpus.game("dolores").clauses if c.key == spec["header"])
    layout = tables.header_rows(spec, header)
    assert tables.column_names(layout) == [
        "liczba zabudowanych dzielnic",
        "pierwsze miasto › żywność",
        "pierwsze miasto › energia elektryczna",
        "następne miasta › żywność",
        "następne miasta › energia elektryczna",
    ]
    en = corpus.game("dolores").translations_of("en")[spec["header"]]
    assert tables.translated_column_names(layout, en)[1:3] == [
        "first city › food",
        "first city › electric energy",
    ]


def _rule(client, name: str, lang: str) -> str:
    adj = engine.get("dolores", name)
    example = adj.examples[0] if adj.examples else adj.inputs.example()
    r = client.post(
        f"/api/v1/games/dolores/adjudicators/{name}/",
        {"inputs": example, "lang": lang},
        content_type="application/json",
    )
    assert r.status_code == 200, r.content
    return client.get(r.json()["permalink"]).content.decode()


def test_the_city_tax_step_quotes_its_row_as_column_value_pairs(corpus, client):
    page = html.unescape(_rule(client, "city-tax", "en"))
    quoted = re.findall(r'data-testid="row-cells"><dl class="row-cells">(.*?)</dl>', page, re.S)
    assert quoted, "no table row quoted with its columns"
    pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", quoted[0])
    assert pairs[0][0] == "liczba zabudowanych dzielnic"
    assert [n for n, _v in pairs][1] == "pierwsze miasto › żywność"
    assert "first city › food" in page  # the translation's column names beside them


def test_a_table_1_row_names_sale_purchase_and_tax():
    spec = _spec("table-1")
    header = next(c.text for c in corpus_game().clauses if c.key == spec["header"])
    row = next(r for r in spec["rows"] if r.get("item") == "coal")
    text = next(c.text for c in corpus_game().clauses if c.key == row["clause"])
    pairs = tables.named_cells(spec, header, text, row)
    assert [n for n, _v in pairs] == [
        "rodzaj inwestycji",
        "sprzedaż do banku (budynki - wyburzenie)",
        "kupno od banku (budynki - budowa)",
        "podatek za jednostkę na planszy",
    ]
    assert pairs[0][1] == row["label"]


def corpus_game():
    return corpus.game("dolores")
