"""The translators' workspace: progress per game and language, the clause list with its
filters, the inline editor (glossary, word diff since the version translated, translation
memory, history), quality checks, XLIFF/PO/TMX/TBX exchange and the alignment of a whole
translated document. Named ``translators`` because translate-toolkit owns ``translate``.

May import ``rules`` and ``config``; never ``games``, ``studio``, ``lab``, ``workers`` or ``bench``
(``studio`` imports ``translators.align``; tests/test_layers.py)."""
