"""The glossary a language's translators grow (issue #25 item 4): a translator proposes a term's
form in their language, a reviewer of that language approves or rejects it once, and the
approved form is what the editor's highlights, the checks and the TBX use."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from rules import services as rule_services
from rules.models import ClauseVersion, Game, Term
from tests.markup import page_html
from tests.rules.test_concurrency import THREADS, race
from translators import selectors, services
from translators.models import TermDecision, TermProposal

pytestmark = pytest.mark.django_db

PAGE = "/translate/dolores/el/glossary/"
EDIT = "/translate/dolores/el/c/dl.currency/"
API = "/api/v1/games/dolores/glossary/el/"
WANTS = "the glossary’s “κόκος” is not in the translation"


@pytest.fixture
def eleni(corpus, make_user):
    return make_user("eleni", ("translator", "dolores", "el"))


@pytest.fixture
def rhea(corpus, make_user):
    return make_user("rhea", ("reviewer", "dolores", "el"))


def _as(client, user):
    client.force_login(user)
    return client


def _propose(client, text, term="kokosy"):
    return client.post(PAGE, {"action": "propose", "term": term, "text": text})


def _proposal(text="κόκος") -> TermProposal:
    return TermProposal.objects.get(term__key="kokosy", lang="el", text=text)


def _editor_after_saving(client, text):
    version = ClauseVersion.objects.filter(clause__key="dl.currency").order_by("-number").first()
    current = rule_services.translation_save(
        version=version,
        lang="el",
        text=text,
        state="translated",
        expected_revision=_revision(version),
        author="eleni",
        now=timezone.now(),
    )
    assert current.text == text
    return page_html(client.get(EDIT))


def _revision(version) -> int:
    t = version.translations.filter(lang="el").first()
    return t.revision if t is not None else 0


def test_proposed_approved_then_highlighted_checked_and_exported(client, eleni, rhea):
    _as(client, eleni)
    editor = page_html(client.get(EDIT))
    # No Greek form yet: the highlight is a link to propose one.
    assert re.search(
        r'<a class="term" href="/translate/dolores/el/glossary/#t-kokosy" data-target="—"', editor
    )
    r = _propose(client, "  κόκος ")
    assert r.status_code == 302 and r["Location"] == PAGE + "#t-kokosy"
    page = page_html(client.get(PAGE))
    assert 'data-testid="proposal"' in page and "“κόκος”" in page and 'value="approve"' not in page
    # A translator cannot decide.
    assert client.post(PAGE, {"action": "approve", "proposal": _proposal().pk}).status_code == 403
    assert not TermDecision.objects.exists()

    _as(client, rhea)
    assert client.post(PAGE, {"action": "approve", "proposal": _proposal().pk}).status_code == 302
    page = page_html(client.get(PAGE))
    assert re.search(
        r"Greek: <strong lang=\"el\">κόκος</strong>\s*<span class=\"badge ok\">approved</span>", page
    )

    _as(client, eleni)
    editor = page_html(client.get(EDIT))
    assert '<mark class="term" tabindex="0" data-target="κόκος" title="Greek: κόκος">kokosy</mark>' in editor
    assert WANTS in _editor_after_saving(client, "Η νομισματική μονάδα του παιχνιδιού είναι τα kokosy.")
    assert WANTS not in _editor_after_saving(client, "Η νομισματική μονάδα του παιχνιδιού είναι οι κόκοι.")
    tbx = client.get("/api/v1/games/dolores/glossary/?format=tbx&lang=el")
    assert tbx.status_code == 200
    entry = re.search(rb'<termEntry id="kokosy">.*?</termEntry>', tbx.content, re.S).group(0)
    assert b'xml:lang="el"' in entry and "κόκος".encode() in entry


def test_a_rejected_proposal_changes_nothing(client, eleni, rhea):
    _propose(_as(client, eleni), "κοκοσάκια")
    assert (
        _as(client, rhea).post(PAGE, {"action": "reject", "proposal": _proposal("κοκοσάκια").pk}).status_code
        == 302
    )
    term = next(t for t in selectors.terms(Game.objects.get(slug="dolores")) if t.key == "kokosy")
    assert "el" not in term.forms and term.decided("el")[0].verdict == "rejected"
    assert "1 decided proposal" in page_html(client.get(PAGE))


def test_a_reviewer_of_another_language_cannot_decide(client, api, eleni, make_user):
    _propose(_as(client, eleni), "κόκος")
    erik = make_user("erik", ("reviewer", "dolores", "en"))
    pk = _proposal().pk
    _as(client, erik)
    assert client.post(PAGE, {"action": "approve", "proposal": pk}).status_code == 403
    # Nor by naming the Greek proposal in his own language's glossary.
    assert (
        client.post("/translate/dolores/en/glossary/", {"action": "approve", "proposal": pk}).status_code
        == 404
    )
    api.force_authenticate(erik)
    assert (
        api.post(f"{API}proposals/{pk}/decision/", {"verdict": "approved"}, format="json").status_code == 403
    )
    en = f"/api/v1/games/dolores/glossary/en/proposals/{pk}/decision/"
    assert api.post(en, {"verdict": "approved"}, format="json").status_code == 404
    assert not TermDecision.objects.exists()


def test_a_refused_proposal_says_why_beside_its_field(client, eleni):
    r = _propose(_as(client, eleni), "   ")
    assert r.status_code == 400
    page = r.content.decode()  # as sent: page_html would squash the blank value it keeps
    assert 'id="p-kokosy" name="text" value="   "' in page and 'aria-describedby="pe-kokosy"' in page
    assert '<p class="errors" id="pe-kokosy">Write the term in the language.</p>' in page
    # Posted to the term's own anchor: the answer opens where the message is; the English beside.
    assert '<form method="post" class="propose" action="#t-kokosy">' in page
    assert 'English: <span lang="en">federation</span>' in page
    assert _propose(client, "κόκος", term="no-such-term").status_code == 400
    assert not TermProposal.objects.exists()


def test_an_approval_replaces_the_corpus_form_and_the_page_says_so(client, make_user):
    tom = make_user("tom", ("reviewer", "dolores", "en"))
    _as(client, tom)
    client.post(
        "/translate/dolores/en/glossary/", {"action": "propose", "term": "kokosy", "text": "coconuts"}
    )
    proposal = TermProposal.objects.get(text="coconuts")
    client.post("/translate/dolores/en/glossary/", {"action": "approve", "proposal": proposal.pk})
    term = next(t for t in selectors.terms(Game.objects.get(slug="dolores")) if t.key == "kokosy")
    assert (term.forms["en"], term.corpus_forms["en"], term.forms["pl"]) == ("coconuts", "kokosy", "kokosy")
    page = page_html(client.get("/translate/dolores/en/glossary/"))
    assert "(replaces the corpus’s “kokosy”)" in page
    # Stored forms are the corpus's: an approval never writes into them.
    assert Term.objects.get(game__slug="dolores", key="kokosy").forms["en"] == "kokosy"


def test_the_terms_with_their_proposals_in_one_query(django_assert_num_queries, eleni, rhea):
    game = Game.objects.get(slug="dolores")
    term = Term.objects.get(game=game, key="kokosy")
    now = timezone.now()
    for text in ("κόκος", "κοκοσάκια", "κόκοι"):
        services.term_propose(term=term, lang="el", text=text, author="eleni", now=now)
    services.term_decide(proposal=_proposal(), verdict="approved", decided_by="rhea", now=now)
    with django_assert_num_queries(1):
        terms = selectors.terms(game)
    kokosy = next(t for t in terms if t.key == "kokosy")
    assert [p.text for p in kokosy.open("el")] == ["κοκοσάκια", "κόκοι"]
    assert kokosy.forms["el"] == "κόκος" and len(terms) == Term.objects.filter(game=game).count()


def test_the_api_proposes_and_decides_once(api, eleni, rhea, make_user):
    api.force_authenticate(eleni)
    r = api.post(f"{API}proposals/", {"term": "kokosy", "text": "κόκος"}, format="json")
    assert r.status_code == 201 and r.json()["verdict"] == "" and r.json()["author"] == "eleni"
    pk = r.json()["id"]
    assert api.post(f"{API}proposals/", {"term": "kokosy", "text": "κόκος"}, format="json").json()["id"] == pk
    bad = api.post(f"{API}proposals/", {"term": "nope", "text": "x"}, format="json")
    assert bad.status_code == 400 and list(bad.json()["errors"]) == ["term"]
    empty = api.post(f"{API}proposals/", {"term": "kokosy", "text": " "}, format="json")
    assert empty.status_code == 400 and list(empty.json()["errors"]) == ["text"]
    assert (
        api.post(f"{API}proposals/{pk}/decision/", {"verdict": "approved"}, format="json").status_code == 403
    )
    # Even a superuser proposes only in a language a game can have.
    api.force_authenticate(make_user("root", superuser=True))
    odd = api.post(
        "/api/v1/games/dolores/glossary/xx/proposals/", {"term": "kokosy", "text": "x"}, format="json"
    )
    assert odd.status_code == 400 and list(odd.json()["errors"]) == ["lang"]
    api.force_authenticate(rhea)
    wrong = api.post(f"{API}proposals/{pk}/decision/", {"verdict": "maybe"}, format="json")
    assert wrong.status_code == 400 and list(wrong.json()["errors"]) == ["verdict"]
    ok = api.post(f"{API}proposals/{pk}/decision/", {"verdict": "approved"}, format="json")
    assert ok.status_code == 201 and ok.json()["decided_by"] == "rhea"
    again = api.post(f"{API}proposals/{pk}/decision/", {"verdict": "rejected"}, format="json")
    assert again.status_code == 409 and again.json()["proposal"]["verdict"] == "approved"
    assert again.json()["errors"]["proposal"][0].startswith("Already approved by rhea")
    listed = api.get(API).json()["terms"]
    assert next(t for t in listed if t["key"] == "kokosy")["form"] == "κόκος"


@pytest.mark.django_db(transaction=True)
def test_racing_approvals_one_wins_the_others_are_conflicts(corpus, client, make_user):
    term = Term.objects.get(game__slug="dolores", key="kokosy")
    proposal, _created = services.term_propose(
        term=term, lang="el", text="κόκος", author="e", now=timezone.now()
    )

    def decide(n):
        verdict = "approved" if n % 2 else "rejected"
        return services.term_decide(
            proposal=proposal, verdict=verdict, decided_by=f"r{n}", now=timezone.now()
        )

    results = race(decide)
    wins = [r for r in results if isinstance(r, TermDecision)]
    conflicts = [r for r in results if isinstance(r, services.AlreadyDecided)]
    assert (len(wins), len(conflicts)) == (1, THREADS - 1), results
    assert {c.decision.pk for c in conflicts} == {wins[0].pk}
    assert TermDecision.objects.filter(proposal=proposal).count() == 1
    # Through the page, a later decision is told who decided first, with a 409.
    client.force_login(make_user("rhea", ("reviewer", "dolores", "el")))
    r = client.post(PAGE, {"action": "approve", "proposal": proposal.pk})
    verb = "approved" if wins[0].verdict == "approved" else "rejected"
    assert r.status_code == 409 and f"{wins[0].decided_by} {verb} “κόκος” first." in page_html(r)


@pytest.mark.django_db(transaction=True)
def test_racing_proposals_of_one_text_make_one_open_proposal(corpus):
    """The same form sent by several translators at once: one proposal, which every sender
    is given (created once), never two open copies of one text."""
    term = Term.objects.get(game__slug="dolores", key="kokosy")

    def propose(n):
        return services.term_propose(term=term, lang="el", text="κόκος", author=f"t{n}", now=timezone.now())

    results = race(propose)
    assert all(isinstance(r, tuple) for r in results), results
    assert sorted(created for _p, created in results) == [False] * (THREADS - 1) + [True]
    assert len({p.pk for p, _created in results}) == 1
    assert TermProposal.objects.filter(term=term, lang="el", text="κόκος").count() == 1


def test_the_longest_term_is_kept_whole_and_one_more_character_is_refused(corpus):
    term = Term.objects.get(game__slug="dolores", key="kokosy")
    longest = "κ" * services.MAX_TERM
    proposal, created = services.term_propose(
        term=term, lang="el", text=longest, author="e", now=timezone.now()
    )
    assert created and TermProposal.objects.get(pk=proposal.pk).text == longest
    with pytest.raises(ValidationError) as refused:
        services.term_propose(term=term, lang="el", text=longest + "κ", author="e", now=timezone.now())
    assert list(refused.value.message_dict) == ["text"]


@pytest.mark.parametrize(
    "lang",
    ["pl", "pl-PL", "pl_PL", "xx"],  # the original's language (any form of it); none a game can have
)
def test_a_term_in_the_originals_or_no_language_is_refused_by_lang(corpus, lang):
    term = Term.objects.get(game__slug="dolores", key="kokosy")
    with pytest.raises(ValidationError) as refused:
        services.term_propose(term=term, lang=lang, text="kokos", author="e", now=timezone.now())
    assert list(refused.value.message_dict) == ["lang"]
    assert not TermProposal.objects.exists()
