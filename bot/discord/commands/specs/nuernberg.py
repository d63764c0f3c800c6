"""``/nuernberg …`` — the action words of rules/nuernberg/ (state.py, building.py, trading.py)."""

from bot.discord.commands.specs import Extra, GameSpec, Verb

SPEC = GameSpec(
    game="nuernberg",
    command="nuernberg",
    description="Play Die Siedler von Nürnberg: build, produce, trade …",
    verbs=(
        Verb("draw", "Turn over the event card (income, then its event)"),
        Verb("toll", "Build a toll bar on a road section", "section", "Route and section, e.g. FRA.s1"),
        Verb("settle", "Build a settlement (pick the route, then the crossing)", "where", "Route or crossing"),
        Verb("manufacture", "Build a manufacture", "disc", "Which disc", bare_too=True),
        Verb("wall", "Build the next wall section"),
        Verb("tower", "Build a tower", "tower", "Which tower", bare_too=True),
        Verb("produce", "Produce and sell a good", "good", "Which good"),
        Verb("bank", "Trade with the bank", "trade", "What to give and what to get, e.g. wool ore", bare_too=True),
        Verb("back", "Close the open menu"),
        Verb("end", "End your turn"),
        Verb("discard", "Raubritter: discard resource cards", "resource", "Which card, or several: wool wool ore"),
        Verb("robber", "Move the robber knight", "target", "A number, H30 (castle) or a hex"),
        Verb("steal", "Take a card from a player", "seat", "Whose card"),
        Verb("council", "Choose whose council card you take", "seat", "Which player"),
        # One step: /nuernberg offer give:2 wool want:1 ore to:@Ana @Bo plays "offer 2 wool for 1 ore to 1,2"; bare:
        # a private draft built in the menu.
        Verb("offer", "Offer a trade (give, want, to whom); without options: a draft in the menu", "give",
             "What you give, e.g. 2 wool 1 gold", bare_too=True,
             extras=(Extra("want", "What you want, e.g. 1 ore", "for"),
                     Extra("to", "Whom: @mentions or names, or all", "to", seats=True))),
        Verb("give", "Trade draft: add an item you give", "item", "A resource or gold"),
        Verb("want", "Trade draft: add an item you want", "item", "A resource or gold"),
        Verb("send", "Trade draft: send it", "to", "A seat, or all"),
        Verb("cancel", "Trade draft: cancel it"),
        Verb("accept", "Accept the trade offer"),
        # bare: a private counter draft built in the menu, as a bare offer
        Verb("counter", "Answer a trade offer with your own offer back", "give", "What you give, e.g. 1 ore",
             bare_too=True, extras=(Extra("want", "What you want for it, e.g. 2 wool", "for"),)),
        Verb("take", "Take an acceptance or counter of your offer", "player", "Whose answer"),
        Verb("decline", "Decline the trade offer"),
        Verb("withdraw", "Withdraw your trade offer, or take none of the answers"),
    ),
)
