"""A baseline to measure the app against, and the measurement harness (see README.md)."""
