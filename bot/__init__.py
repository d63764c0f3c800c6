"""Kontor's table service, storage and front ends (terminal table and Discord)."""
