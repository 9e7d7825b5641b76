"""The task workers' heartbeats and the recovery of the tasks a dead worker left running.
Imports no other app of the project."""
