"""The workspaces of the people who write the rules (designers: drafts, the clause editor, the
impact report, publishing; views and API). Builds on ``rules`` (the catalogue) and ``games``
(the adjudicators); neither imports it."""
