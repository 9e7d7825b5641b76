"""The task workers' heartbeats and the recovery of the tasks a dead worker left running.
May import ``config``, Django and the libraries; no other app of the project (tests/test_layers.py)."""
