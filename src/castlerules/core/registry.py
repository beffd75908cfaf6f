"""Links from code to clauses: the ``@clause`` decorator and the violations it makes possible."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import TypeVar

from castlerules.core.errors import Violation
from castlerules.core.spec import find_clause

F = TypeVar("F", bound=Callable[..., object])

_LINKS: defaultdict[str, list[str]] = defaultdict(list)
_READS: defaultdict[str, list[str]] = defaultdict(list)


def clause(*clause_ids: str) -> Callable[[F], F]:
    """Mark a predicate or transition as enforcing ``clause_ids``.

    Unknown ids raise ``SpecError`` at import time, so code cannot cite a clause that is not in the
    rulebook data.
    """
    for cid in clause_ids:
        find_clause(cid)

    def mark(func: F) -> F:
        name = f"{func.__module__}.{func.__qualname__}"
        for cid in clause_ids:
            if name not in _LINKS[cid]:
                _LINKS[cid].append(name)
        existing: tuple[str, ...] = getattr(func, "__clauses__", ())
        func.__clauses__ = existing + clause_ids  # type: ignore[attr-defined]
        return func

    return mark


def reads(*interpretation_ids: str) -> Callable[[F], F]:
    """Mark a function as the code path that switches on ``interpretation_ids`` (it branches on
    ``game.reading(...)`` of each); the traceability pages show it under the interpretation and,
    through it, under the clauses the interpretation reads.

    Unknown ids raise ``SpecError`` at import time.
    """
    from castlerules.core.spec import game_of_clause, load_spec

    for iid in interpretation_ids:
        load_spec(game_of_clause(iid)).interpretation(iid)

    def mark(func: F) -> F:
        name = f"{func.__module__}.{func.__qualname__}"
        for iid in interpretation_ids:
            if name not in _READS[iid]:
                _READS[iid].append(name)
        existing: tuple[str, ...] = getattr(func, "__readings__", ())
        func.__readings__ = existing + interpretation_ids  # type: ignore[attr-defined]
        return func

    return mark


def readers(interpretation_id: str) -> tuple[str, ...]:
    """Qualified names of the code that switches on ``interpretation_id``."""
    return tuple(_READS.get(interpretation_id, ()))


def implementations(clause_id: str) -> tuple[str, ...]:
    """Qualified names of the code that enforces ``clause_id`` (the game module must be imported)."""
    return tuple(_LINKS.get(clause_id, ()))


def linked_clause_ids() -> frozenset[str]:
    return frozenset(k for k, v in _LINKS.items() if v)


def violation(clause_id: str, reason: str) -> Violation:
    """A Violation of ``clause_id`` with the English ``reason`` and the clause's Dutch text."""
    return Violation(clause=clause_id, reason=reason, text_nl=find_clause(clause_id).nl)
