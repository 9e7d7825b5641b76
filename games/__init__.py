"""Adjudication: executable rules that cite the clauses they apply.

- ``engine/``: input declarations, the ``Rules`` snapshot and parameters, the registry
  (filled in ``GamesConfig.ready``), Result/Step/Gap, the clause → code index.
- ``adjudicators/<game>/``: one package per game, one module per clause section; pure
  functions over frozen inputs and the edition's rules, no database, clock or request.
- ``snapshot``: one edition as rulings read it (rules + citable clauses), cached on the
  game's stamps; ``ruling``: the one ruling document; ``services``: adjudicate and store;
  ``selectors``: stored rulings, disputes, pins; ``impact``: a draft against the published
  edition; ``pins`` (+ ``pins.lock.json``): the wording the code was written for.
- ``views`` (referee, rulings, disputes, pins) and ``api`` (adjudication API).

May import ``rules`` (the catalogue it cites) and ``config``; never ``studio``,
``translators``, ``lab``, ``workers`` or ``bench``. What only the lab knows (how often a dispute
arises in play) it asks through ``selectors.dispute_figures``, which ``lab`` answers when it
starts (tests/test_layers.py).
"""
