"""The `kontor` command and the operator tools it runs: verify, soak, arena, demo, catalogs."""
