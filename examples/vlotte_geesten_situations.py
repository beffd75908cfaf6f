"""The exact probability of each of the three situations (and of each answer) for fair dice."""

import itertools
from collections import Counter
from fractions import Fraction

from castlerules.vlotte_geesten.render import situation
from castlerules.vlotte_geesten.rules import answer_of
from castlerules.vlotte_geesten.state import Obj

rolls = list(itertools.product(Obj, repeat=5))
p = Fraction(1, len(rolls))
situations = Counter(situation(r) for r in rolls)
answers = Counter(answer_of(r) for r in rolls)

print(f"{len(rolls)} equally likely rolls (each object 1/5 on every die)\n")
for number in (1, 2, 3):
    q = situations[number] * p
    print(f"situation {number}: {situations[number]:5d} rolls  P = {q} = {float(q):.4f}")
assert sum(situations.values()) == len(rolls) and 0 not in situations
print()
for obj in Obj:
    q = answers[obj] * p
    print(f"answer {obj.name.lower():<6}: P = {q} = {float(q):.4f}")
