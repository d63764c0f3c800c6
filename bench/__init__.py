"""Kontor's benchmark: ``python -m bench`` prints the performance table (see bench/README.md)."""
