"""One position under the readings of Vlotte Geesten: where the rulebook is silent, each table may
play its own answer, and castlerules plays every one of them with the same rules."""

import castlerules

# Bottle, bottle, chair, mouse, bottle: the answer is the mouse. Player 0 (no points) has grabbed the
# bottle — wrongly; now player 1 grabs the mouse.
position = "0,0,0 35 0 p0 BBCMB p0 p0 B"
readings = [
    {},
    {"penalty-no-points": "debt"},
    {"grab-phase": "regrab"},
]
for chosen in readings:
    game = castlerules.make("vlotte-geesten", players=3, readings=chosen)
    start = position.replace(" p0 p0 B", " - p0 B") if chosen.get("grab-phase") else position
    state = game.state_from_text(start)
    legal = [game.action_to_str(state, a) for a in game.legal_actions_of(state, 0)]
    after = game.play(state, "p1 grab mouse")
    print(f"{chosen or 'default'}:")
    print(f"  player 0 may still: {', '.join(legal[:3]) or 'nothing'}{' ...' if len(legal) > 3 else ''}")
    print(f"  after p1 grab mouse: {game.state_to_text(after)}")

print()
literal = castlerules.make("vlotte-geesten", players=3, ruleset="literal")
tie = literal.state_from_text("15,15,5 0 0 p1 - - - -")
print(f"a shared highest score, literal ruleset: winners {sorted(literal.winners(tie))} (a draw)")
