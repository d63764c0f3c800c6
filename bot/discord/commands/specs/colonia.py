"""``/colonia …`` — the action words of rules/colonia/state.py (secret choices go through the menu too)."""

from bot.discord.commands.specs import GameSpec, Verb

SPEC = GameSpec(
    game="colonia",
    command="colonia",
    description="Play Colonia: family card, votes, stalls, orders, ships, relics …",
    verbs=(
        Verb("family", "Secretly choose your family card", "card", "Family card 3–8"),
        Verb("vote", "Secretly vote on the decree", "ballot", "yes or no"),
        Verb("decide", "As mayor, break the tie", "ruling", "yes or no"),
        Verb("take", "Take a good (after rolling a 6)", "good", "Which good"),
        Verb("exchange", "Exchange money between currencies", "what", "e.g. 1 mark to gulden"),
        Verb("noexchange", "Make no exchange", prefix="no exchange"),
        Verb("stall", "Wednesday: take a market stall", "stall", "Stall 1–8"),
        Verb("order", "Thursday: place an order with a craftsman", "craftsman", "Which craftsman"),
        Verb("load", "Friday: load goods into a ship's hold", "hold", "Ship and hold, e.g. S01 2"),
        Verb("extra", "Friday: claim a ship's extra hold", "ship", "Which ship"),
        Verb("give", "Give a good for the extra hold", "good", "Which good"),
        Verb("buy", "Sunday: buy a relic", "relic", "Which relic"),
        Verb("insure", "Sunday: insure a relic", "relic", "Which relic"),
        Verb("enshrine", "Put a relic into a shrine", "relic", "Which relic"),
        Verb("keep", "Keep the shrine empty", "what", "shrine empty"),
        Verb("pass", "Pass (final for the day)"),
    ),
)
