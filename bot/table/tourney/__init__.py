"""Tournaments (docs/tournaments.md): the pairing and the standings as pure code (``pairing``, ``standings``), and
the table's part that runs them through the lobby (``part``)."""
