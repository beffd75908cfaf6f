"""Exact analysis of one Spookslot pawn alone: the Markov chain of its turns, solved with Fractions.

Policy: at each fork always the shorter (dangerous) route, or always the longer safe route; on a red
star square always take the secret passage. The chain is built from the board data and checked
against the game's own rules (theorem spookslot.single-pawn-chain) and against simulation.
"""

from __future__ import annotations

from fractions import Fraction

from castlerules.spookslot.theorems.chain import (
    expected_turns,
    simulate_turns,
    single_pawn_chain,
    turn_distribution,
)


def main() -> None:
    for policy in ("short", "safe"):
        chain = single_pawn_chain(policy=policy)
        expected = expected_turns(chain)
        dist = turn_distribution(chain, 60)
        print(f"policy {policy!r}: expected turns to escape = {float(expected):.6f}")
        print(f"  exactly: {expected.numerator}/{expected.denominator}"
              if len(str(expected.denominator)) < 60 else
              f"  exactly: a fraction with a {len(str(expected.denominator))}-digit denominator")
        cdf = Fraction(0)
        print("  turns  P(T = t)    P(T <= t)")
        for t, p in enumerate(dist, start=1):
            cdf += p
            if p and (t <= 12 or t % 5 == 0):
                print(f"  {t:5d}  {float(p):.6f}  {float(cdf):.6f}")
        print(f"  first possible escape: turn {next(t for t, p in enumerate(dist, 1) if p)} "
              f"with probability {next(p for p in dist if p)}")
        sim = simulate_turns(policy, 500, seed=7)
        print(f"  simulation (500 games by the game's rules): mean {sum(sim) / len(sim):.3f}")
        print()


if __name__ == "__main__":
    main()
