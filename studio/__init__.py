"""The workspaces of the people who write the rules (designers: drafts, the clause editor, the
impact report, publishing; views and API). Builds on ``rules`` (the catalogue) and ``games``
(the adjudicators); neither imports it.

May import ``rules``, ``games``, ``config``, ``translators.align`` (a whole document compared)
and ``lab.simulate`` (a draft's playtests); nothing else of ``translators`` or ``lab``, and never
``workers`` or ``bench`` (tests/test_layers.py)."""
