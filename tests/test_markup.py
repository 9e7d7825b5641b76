"""tests.markup reads a page as a browser parses its tags."""

from tests.markup import tags_squashed


def test_whitespace_inside_a_tag_is_one_space_and_none_before_its_closing_bracket():
    html = '<li\n    data-testid="role"\n    >Translator ·\n  Dolores</li\n><br\n  /><del\n>x</del>'
    assert tags_squashed(html) == '<li data-testid="role">Translator ·\n  Dolores</li><br/><del>x</del>'
