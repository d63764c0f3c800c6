"""``/speicherstadt …`` — the action words of rules/speicherstadt/state.py."""

from bot.discord.commands.specs import GameSpec, Verb

SPEC = GameSpec(
    game="speicherstadt",
    command="speicherstadt",
    description="Play The Speicherstadt: place, buy, load, sell …",
    verbs=(
        Verb("place", "Demand: put a worker above a card", "card", "Which card of the row (1 = leftmost)"),
        Verb("buy", "Purchase: buy the card at its price"),
        Verb("decline", "Purchase: decline the card"),
        Verb("fill", "Loading: put a cube onto a contract", "contract", "Contract and good, e.g. C04 tea"),
        Verb("sell", "Loading: sell a good to your merchant", "good", "Which good"),
        Verb("store", "Loading: move a good from hand to your warehouse", "good", "Which good"),
        Verb("hall", "Loading: move a good from hand to the market hall", "good", "Which good"),
        Verb("take", "Loading: take a good back to your hand", "source", "Good and place, e.g. tea wh"),
        Verb("marketsell", "Loading: sell the two cubes on the market hall for 1 coin"),
        Verb("convert", "Loading: trade the three hall cubes for a good from the reserve", "good", "Which good"),
        Verb("done", "Loading: finish your loading"),
    ),
)
