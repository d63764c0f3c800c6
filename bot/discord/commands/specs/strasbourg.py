"""``/strasbourg …`` — the action words of rules/strasbourg/state.py (planning stays secret: ephemeral replies)."""

from bot.discord.commands.specs import GameSpec, Verb

SPEC = GameSpec(
    game="strasbourg",
    command="strasbourg",
    description="Play Strasbourg: objectives, stacks, bids, guilds, chapels …",
    verbs=(
        Verb("keep", "Objectives: keep an objective card", "objective", "Which objective"),
        Verb("drop", "Objectives: discard an objective card", "objective", "Which objective"),
        Verb("confirm", "Objectives: confirm your choice; planning: confirm your stacks once all are placed"),
        Verb("draw", "Planning: draw a card"),
        Verb("stop", "Planning: stop drawing"),
        Verb("add", "Planning: put a card (or all) onto the open stack", "card", "A card value, or all"),
        Verb("close", "Planning: close the open stack"),
        Verb("singles", "Planning: the remaining cards become single stacks"),
        Verb("unplace", "Planning: take back the last card you placed"),
        Verb("restart", "Planning: start your stacks over"),
        Verb("split", "Planning: type the whole split, e.g. 6 | 5 1 | 4", "stacks",
             "Card values, | between stacks: 6 | 5 1 | 4"),
        Verb("reveal", "Bid: reveal one of your stacks", "stack", "Stack number (1 = first)"),
        Verb("pass", "Bid: pass"),
        Verb("privilege", "Bid: spend a privilege"),
        Verb("buy", "Buy a space in the city", "space", "Which space"),
        Verb("skip", "Skip buying"),
        Verb("goods", "Apprentice: take goods"),
        Verb("sell", "Merchants: sell goods", "goods", "A guild's goods, or all"),
        Verb("done", "Merchants: finish selling"),
        Verb("return", "Return a revealed card to the deck", "card", "A card value, or none"),
        Verb("chapel", "Step H: take a chapel space", "chapel", "Which chapel"),
        Verb("build", "Step I: build an edifice", "space", "Which building space"),
    ),
)
