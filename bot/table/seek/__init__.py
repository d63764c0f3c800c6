"""The seek queue (docs/seeking.md): ``matching.py`` pure and deterministic, ``part.py`` the ``Seeks`` part of the
table service, ``views.py`` what the front ends read."""
