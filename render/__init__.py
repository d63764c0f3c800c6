"""Board images: ``view`` dict in, PNG bytes out (see ARCHITECTURE.md)."""
