"""A baseline to measure the app against, and the measurement harness (see README.md). May import
any package (``config``, ``rules``, ``games``, ``studio``, ``translators``, ``lab``, ``workers``);
nothing in the product imports it (tests/test_layers.py)."""
