"""Every game's known gaps are data (its gaps.toml): the code records each one it declares, by
an id the file declares, beside the clause the file names; a gap says itself in the interface
language, in the plural form gettext would pick; a file that cannot be read is refused."""

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from games import adjudicators, engine
from games.engine import Reasoning, core, data, using
from games.snapshot import from_corpus
from rules import corpus


def _folder(package) -> Path:
    return Path(package.__file__).parent


def _recorded(package) -> list[tuple[re.Pattern, str | None, str]]:
    """(the ids it may record, the clause key or None where the code computes it, where) of every
    ``.gap(`` call in the package's code, read statically: the id is a literal, or an f-string
    that fills a literal with a slug (Dolores's flagged rows of Table 1: ``f"{kind}-tax-cell"``)."""
    found = []
    for path in sorted(_folder(package).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "gap"
            ):
                continue
            where = f"{path.name}:{node.lineno}"
            clause_arg, id_arg = node.args
            clause = clause_arg.value if isinstance(clause_arg, ast.Constant) else None
            if isinstance(id_arg, ast.Constant):
                found.append((re.compile(re.escape(id_arg.value)), clause, where))
            elif isinstance(id_arg, ast.JoinedStr):
                parts = [
                    re.escape(v.value) if isinstance(v, ast.Constant) else "[a-z0-9-]+" for v in id_arg.values
                ]
                found.append((re.compile("".join(parts)), clause, where))
            else:
                pytest.fail(f"{where}: the gap's id is neither a literal nor an f-string")
    return found


@pytest.mark.parametrize("package", adjudicators.PACKAGES, ids=lambda p: p.GAME)
def test_the_code_records_every_declared_gap_and_only_declared_ones_beside_their_clause(package):
    declared = {e["id"]: e["clause"] for e in data.read(_folder(package) / "gaps.toml")["gap"]}
    recorded = _recorded(package)
    assert [where for ids, _c, where in recorded if not any(ids.fullmatch(gid) for gid in declared)] == []
    assert [gid for gid in declared if not any(ids.fullmatch(gid) for ids, _c, _w in recorded)] == []
    wrong = [
        (gid, where)
        for ids, clause, where in recorded
        for gid in declared
        if ids.fullmatch(gid) and clause not in (None, declared[gid])
    ]
    assert wrong == [], "the code names another clause than the gap's"


@pytest.mark.parametrize("package", adjudicators.PACKAGES, ids=lambda p: p.GAME)
def test_a_gaps_clause_is_a_clause_of_the_game_that_its_adjudicators_cite(package):
    """Loading refuses a clause no adjudicator of the game declares; every ruling the tests give
    checks that each gap's clause is one its own adjudicator declares (tests.games.referee)."""
    keys = {c.key for c in corpus.game(package.GAME).clauses}
    cited = {k for a in engine.for_game(package.GAME) for k in a.clauses}
    gaps = core.gaps_of(package.GAME)
    assert gaps, "every game knows where its wording is silent"
    assert {g.clause for g in gaps.values()} <= keys & cited


def _rule_gap(game: str, clause: str, gap: str, lang: str, **params) -> core.Gap:
    r = Reasoning()
    with using(from_corpus(game)), translation.override(lang):
        r.gap(clause, gap, **params)
    (recorded,) = r.result({}).gaps
    return recorded


def test_a_gap_says_itself_in_the_interface_language_with_the_rulings_figures():
    args = ("imperial-tax-farmer", "itf.game-end.marker-100", "marker-past-last-space")
    english = _rule_gap(*args, "en", n=104, last=100)
    assert english == core.Gap(
        "itf.game-end.marker-100",
        "The roll takes the marker to 104, past space 100: does the game end?",
        "Yes: the marker stops on space 100, the last one, and the game ends.",
    )
    polish = _rule_gap(*args, "pl", n=104, last=100)
    assert polish.clause == english.clause
    assert "104" in polish.question and polish.question != english.question
    assert _rule_gap(*args, "de", n=104, last=100) == english  # no such interface language


@pytest.mark.parametrize(
    "coins, form",
    [(1, "monetą leżącą"), (2, "monetami leżącymi"), (5, "monetami leżącymi"), (22, "monetami leżącymi")],
)
def test_a_gap_with_a_count_takes_its_plural_form(coins, form):
    args = ("imperial-tax-farmer", "itf.rebellion.remove-needs", "coins-on-removed-needs")
    english = _rule_gap(*args, "en", coins=coins).question
    assert (
        english
        == f"What becomes of the {coins} coin{'s' if coins != 1 else ''} lying on the removed need cards?"
    )
    assert (
        _rule_gap(*args, "pl", coins=coins).question
        == f"Co się dzieje z {coins} {form} na usuniętych kartach potrzeb?"
    )


def test_the_plural_forms_are_those_the_catalogue_gives_its_own_messages():
    """A gap picks the form gettext picks for a message of the interface's catalogue (the
    Polish one says "1 punkt", "2 punkty", "5 punktów", "22 punkty")."""
    number, rule = data.plural_forms("pl")
    mo = Path(settings.BASE_DIR) / "locale" / "pl" / "LC_MESSAGES" / "django.mo"
    with mo.open("rb") as f:
        catalogue = gettext.GNUTranslations(f)
    forms = [catalogue.ngettext("%(n)s point", "%(n)s points", n) for n in (1, 2, 5)]
    assert len(set(forms)) == 3 and number == 4
    with translation.override("pl"):
        for n in range(0, 250):
            assert translation.ngettext("%(n)s point", "%(n)s points", n) == forms[rule(n)], n
    assert data.plural_forms("en")[0] == 2 and data.plural_forms("en")[1](1) == 0


@pytest.mark.parametrize(
    "clause, gap, params, error, message",
    [
        ("itf.setup.estyx", "no-such-gap", {}, LookupError, "no known gap 'no-such-gap'"),
        ("itf.setup.estyx", "mover-roll", {}, ValueError, "is about itf.round-end.mover-roll"),
        ("itf.game-end.marker-100", "marker-past-last-space", {"n": 104}, TypeError, "'last'"),
    ],
)
def test_a_gap_recorded_otherwise_than_its_data_declares_is_refused(clause, gap, params, error, message):
    with using(from_corpus("imperial-tax-farmer")), pytest.raises(error, match=message):
        Reasoning().gap(clause, gap, **params)
    with pytest.raises(LookupError, match="no game's rules in force"):
        Reasoning().gap(clause, gap, **params)


# ------------------------------------------------------------------------- loading a gaps.toml

ADJUDICATOR = """
[[adjudicator]]
name = "only"
title = { en = "Only?", pl = "Jedyne?" }
clauses = ["tt.rule-1", "tt.rule-2"]
"""

GAPS = """
[[gap]]
id = "left-over"
clause = "tt.rule-1"
question.count = "n"
question.en = ["%(n)s coin left?", "%(n)s coins left?"]
question.pl = ["%(n)s moneta?", "%(n)s monety?", "%(n)s monet?", "%(n)s monety?"]
assumed.en = "It goes to %(who)s."
assumed.pl = "Trafia do %(who)s."

[[gap]]
id = "silent"
clause = "tt.rule-2"
question = { en = "Silent?", pl = "Cicho?" }
assumed = { en = "Yes, 100%%.", pl = "Tak, w 100%%." }
"""


def _load(tmp_path, text: str, game: str) -> None:
    from games.engine.core import adjudicator
    from games.engine.declare import Object

    adjudicator("only", game=game, inputs=Object())(lambda i, *, variant, rules: None)
    (tmp_path / "adjudicators.toml").write_text(ADJUDICATOR, encoding="utf-8")
    (tmp_path / "gaps.toml").write_text(text, encoding="utf-8")
    data.load_adjudicators(game, tmp_path / "adjudicators.toml")
    data.load_gaps(game, tmp_path / "gaps.toml")


def test_gaps_load_from_their_data_with_their_plural_forms(tmp_path):
    _load(tmp_path, GAPS, "t-gaps")
    gaps = core.gaps_of("t-gaps")
    assert list(gaps) == ["left-over", "silent"]
    left = gaps["left-over"]
    assert left.clause == "tt.rule-1"
    with translation.override("pl"):
        assert [left.question({"n": n}) for n in (1, 3, 5, 22)] == [
            "1 moneta?",
            "3 monety?",
            "5 monet?",
            "22 monety?",
        ]
        assert left.assumed({"n": 1, "who": "Ala"}) == "Trafia do Ala."
    with translation.override("en"):
        assert [left.question({"n": n}) for n in (1, 3)] == ["1 coin left?", "3 coins left?"]
        assert gaps["silent"].assumed({}) == "Yes, 100%."


@pytest.mark.parametrize(
    "old, new, message",
    [
        (', pl = "Cicho?" }', " }", "one for each of"),  # a text without its Polish
        ('pl = "Cicho?" }', 'pl = "Cicho?", de = "Still?" }', "one for each of"),  # and German
        ('clause = "tt.rule-2"', 'clause = "tt.rule-2"\nnote = "?"', "a gap has exactly"),  # unknown field
        ('clause = "tt.rule-2"\n', "", "a gap has exactly"),  # no clause
        ('[[gap]]\nid = "silent"', '[[gaps]]\nid = "silent"', r"a file of \[\[gap\]\] tables"),
        (', "%(n)s monety?"]', "]", "pl has 4 plural forms"),  # one Polish form missing
        ('["%(n)s coin left?", ', "[", "en has 2 plural forms"),  # English with one form
        ('["%(n)s coin left?", "%(n)s coins left?"]', '"Left?"', "en has 2 plural forms"),  # not a list
        ('"Trafia do %(who)s."', '"Trafia do %(kto)s."', "the translations take different figures"),
        ('question.count = "n"', 'question.count = "who"', "the count 'who' is not one of the figures"),
        ('"Yes, 100%%."', '"Yes, 100%."', "a % is %%"),  # a bare per cent sign
        ('id = "silent"', 'id = "left-over"', "once in a game"),  # an id given twice
        ('id = "silent"', 'id = "Silent point"', "an id is a slug"),
        ('clause = "tt.rule-2"', 'clause = "tt.rule-3"', "no clause an adjudicator of"),  # not cited
        ('"Cicho?"', '" Cicho?"', "no space around it"),
    ],
)
def test_a_gaps_toml_that_cannot_be_read_is_refused_at_load(tmp_path, old, new, message):
    assert old in GAPS
    game = f"t-bad-gaps-{abs(hash((old, new)))}"
    with pytest.raises(ValueError, match=message):
        _load(tmp_path, GAPS.replace(old, new), game)
    assert core.gaps_of(game) == {}  # nothing given from a bad file
