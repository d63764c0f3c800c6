"""The terminal table: play a whole game at the keyboard through the same table service."""
