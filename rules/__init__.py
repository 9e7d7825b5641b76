"""The catalogue: the rule texts as versioned, multilingual clauses.

- ``models``: games, documents, sections, clauses and their append-only versions, editions
  (published and draft), variants, translations with append-only revisions, glossary terms,
  table rows, and the roles that say who may write what.
- ``services`` (writes: clause revisions, drafts, publishing, translations), ``loading`` (the
  shipped corpus into the database, for ``loadcorpus``), ``selectors`` (reads, each in a constant number of queries), ``permissions`` (the
  one role model for pages and API).
- ``params`` and ``tables``: the figures the rules read from the words of a clause, and the
  rows of a table read from theirs; ``diff``: word diffs between wordings.
- ``corpus/``: the shipped source documents and their clauses (TOML), read only by
  ``loadcorpus``/``dumpcorpus`` and the tests, never at run time.
- ``views`` (reader, clause page, editions, search, glossary) and ``api`` (catalogue API).

May import ``config`` and Django; never ``studio``, ``translators`` or ``lab``. It still reaches
into ``games`` (``corpus`` subclasses ``games.engine.rules.VariantRule``; deferred imports in
``corpus``, ``services`` and ``views``): the cycle issue #26 point 4 is to break.
"""
