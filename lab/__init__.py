"""The playtest lab: whole games played through the adjudicators under an edition or a draft,
in sharded background runs, with estimates and their intervals (docs/lab.md). May import
``games``, ``rules`` and ``config``; in the product only ``studio`` imports it (a draft's playtests)."""
