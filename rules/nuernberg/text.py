"""Texts in the reader's language of Die Siedler von Nürnberg (docs/i18n.md), one module per concern, every public
name re-exported here: the words they share (``phrases``: a seat, a list, items, a hex, a route), the action labels
(``labels``: ``describe``), the one event formatter (``event_text``) and the summary (``summary``: the view in words).
Resource, good and place words come from ``names``."""

from __future__ import annotations

from rules.nuernberg.event_text import event_text as event_text
from rules.nuernberg.labels import describe_action as describe_action
from rules.nuernberg.phrases import and_list as and_list
from rules.nuernberg.phrases import hex_name as hex_name
from rules.nuernberg.phrases import items_text as items_text
from rules.nuernberg.phrases import seat_name as seat_name
from rules.nuernberg.summary import council_lines as council_lines
from rules.nuernberg.summary import last_card_lines as last_card_lines
from rules.nuernberg.summary import offer_lines as offer_lines
from rules.nuernberg.summary import player_line as player_line
from rules.nuernberg.summary import summary as summary
