"""What the catalogue announces to the packages built on it, which it must not import.

``edition_published`` (``sender``: the ``Edition`` class; ``edition``: the edition just
published) is sent once a publish's transaction has committed — never for one rolled back,
and only by the publish services (``services.draft_publish``, ``services.edition_publish``;
not by ``loadcorpus``, after which deploy.md says what to run). The playtest lab listens
(``LabConfig.ready``) to queue the new rules' reference runs. A signal rather than a
``config.answers.Question``: publishing needs no answer, and rules must publish whether or
not any package above it listens (a question asked before it is answered raises).
"""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

edition_published = Signal()


def announce_published(edition) -> None:
    """Send ``edition_published`` for ``edition`` when the current transaction commits. A
    listener that fails is logged (``robust``): the publish has committed by then."""

    def send() -> None:
        edition_published.send(sender=type(edition), edition=edition)

    transaction.on_commit(send, robust=True)
