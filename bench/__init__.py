"""A baseline to measure the app against, and the measurement harness (see README.md). May import
any package; nothing in the product imports it."""
