"""The catalogue: the rule texts as versioned, multilingual clauses.

- ``models``: games, documents, sections, clauses and their append-only versions, editions
  (published and draft), variants, translations with append-only revisions, glossary terms,
  table rows, and the roles that say who may write what.
- ``services`` (writes: clause revisions, drafts, publishing, translations), ``loading`` (the
  shipped corpus into the database, for ``loadcorpus``), ``selectors`` (reads, each in a
  constant number of queries), ``permissions`` (the one role model for pages and API).
- ``params`` and ``tables``: the figures the rules read from the words of a clause, and the
  rows of a table read from theirs; ``variants``: a variant as rulings read it; ``declared``:
  the clauses declared not executable; ``diff``: word diffs between wordings; ``search``.
- ``corpus/``: the shipped source documents and their clauses (TOML); its files are read only
  by ``loadcorpus``/``dumpcorpus`` and the tests, never at run time.
- ``signals``: ``edition_published``, sent when a publish commits, for the packages above
  (the lab queues the new rules' reference runs).
- ``views`` (reader, clause page, editions, search, glossary) and ``api`` (catalogue API).

May import ``config``, Django and the libraries; never ``games``, ``studio``, ``translators``,
``lab``, ``workers`` or ``bench``. What only the code can say (which adjudicators read a
parameter, the clause page's code side) it asks through ``code_side``, which ``games``
answers when it starts (tests/test_layers.py).
"""
