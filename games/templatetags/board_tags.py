"""``{% ruling_board ruling %}``: the picture of a ruling about places on a board, or nothing."""

from django import template

from games.board import board_for

register = template.Library()


@register.inclusion_tag("games/_board.html")
def ruling_board(ruling) -> dict:
    """Draw ``ruling`` (a ``RulingDoc``) from its own inputs and outcome; nothing is stored."""
    return {
        "board": board_for(ruling.game, ruling.adjudicator, ruling.inputs, ruling.outcome, uid=ruling.id),
    }
