"""The playtest lab: whole games played through the adjudicators under an edition or a draft,
in sharded background runs, with estimates and their intervals (docs/lab.md). May import
``games``, ``rules`` and ``config``, never ``studio``, ``translators``, ``workers`` or ``bench``; in the
product only ``studio`` imports it (a draft's playtests), and ``games`` asks it through
``games.selectors.dispute_figures``, which ``LabConfig.ready`` answers (tests/test_layers.py)."""
