"""Playing never imports z3 (nor rich): the docs' Play page runs castlerules under Pyodide, which has
neither. z3 is imported by ``core.symbolic`` only when a value is symbolic, and by the theorems."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import castlerules

# Every game played to its end by random moves through the playground's session, as the page plays.
PLAY = textwrap.dedent(
    """
    import castlerules
    from castlerules.playground import Session, catalog
    catalog()
    for name in castlerules.games():
        game = castlerules.make(name)
        session = Session(name, seed=7)
        for _ in range(20_000):
            view = session.view()
            if view["terminal"]:
                break
            if view["chance"]:
                session.roll()
            else:
                session.bot(view["actors"][0], "random")
        assert session.view()["terminal"], name
        fresh = Session(name, seed=1)  # the MCTS bot, one move near the start
        while fresh.view()["chance"]:
            fresh.roll()
        assert "played" in fresh.bot(fresh.view()["actors"][0], "mcts", seconds=0.05), name
    """
)


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)


@pytest.mark.slow  # every game played to its end in a subprocess (about 4 s)
def test_playing_every_game_imports_neither_z3_nor_rich() -> None:
    done = run(PLAY + "\nimport sys\nprint(sorted(m for m in sys.modules if m.split('.')[0] in ('z3', 'rich')))")
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.slow  # every game played in a subprocess that refuses z3 (about 12 s)
def test_playing_works_where_z3_cannot_be_imported() -> None:
    blocker = textwrap.dedent(
        """
        import sys
        class NoZ3:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("z3", "rich"):
                    raise ImportError(f"{name} is not available here")
                return None
        sys.meta_path.insert(0, NoZ3())
        """
    )
    done = run(blocker + PLAY + "\nprint('played')")
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().endswith("played")
    # the theorems are declared without z3; the blocker works: running a check needs z3, and
    # the check's result names the extra that brings it
    checked = run(blocker + textwrap.dedent(
        """
        import castlerules
        from castlerules.core.theorem import run
        theorems = castlerules.make('splut').theorems()
        proof = next(t for t in theorems if t.method == 'z3')
        print(len(theorems), run(proof).result.detail)
        """
    ))
    assert checked.returncode == 0, checked.stderr[-3000:]
    count, detail = checked.stdout.strip().split(" ", 1)
    assert int(count) > 0 and 'pip install "castlerules[verify]"' in detail


def test_the_shim_still_builds_z3_terms_for_the_theorems() -> None:
    import z3

    from castlerules.core.symbolic import And, If, Not, Or

    x = z3.Bool("x")
    assert If(True, 1, 2) == 1 and And(True, False) is False and Or(False, True) is True
    assert z3.is_expr(If(x, 1, 2)) and z3.is_expr(And(x, True)) and z3.is_expr(Or(False, x))
    assert z3.is_expr(Not(x))
    solver = z3.Solver()
    solver.add(If(x, 1, 2) == 2)
    assert solver.check() == z3.sat and z3.is_false(solver.model()[x])
    assert castlerules.make("splut").theorems()
