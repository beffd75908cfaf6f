"""A game's configuration as one frozen value: its keyword options and a reading of every
interpretation, declared once in the game package's ``config`` module.

A game is made with keyword options (``players=3``, ``level=2``, ``board=...``), with
``readings={interpretation: option}`` and with ``ruleset=NAME``. ``Config.make`` reads all three
(``castlerules.core.readings.resolve`` reconciles them: a keyword option and the interpretation it
spells are one switch) into one frozen, hashable value of the game's ``Config`` subclass::

    @attrs.frozen(kw_only=True, cache_hash=True)
    class KasteelConfig(Config):
        game: ClassVar[str] = "kasteel"
        level: int = option(1, doc="the level: 8, 7 or 6 passes per player",
                            validator=integer(1, 3), record=ALWAYS)
        ...
        readings: Readings = readings_field()

Every fact about an option is stated there once: its name, default, what it accepts (its validator,
whose message names the field, what was expected and what came), its short form on the command line
(``kind``), how a record keeps it (``record``), and a line of documentation. From the class derive
``make``'s validation and signature (``Game.__signature__``), ``Game.options`` (``recorded``), the
command line's ``--option`` forms, the Play page's menus and the docs. A game's caches key on the
value: two games share an entry only if they were made with equal configurations.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar, TypeVar, cast

import attrs

from castlerules.core.errors import InvalidOptionError, quote
from castlerules.core.spec import GameSpec, load_spec

C = TypeVar("C", bound="Config")

#: The metadata key of an option field (its ``OptionInfo``).
OPTION = "castlerules.option"
#: ``record``: the option is always in ``Game.options``.
ALWAYS = "always"
#: ``record``: the option is in ``Game.options`` when it differs from its default (the default).
CHANGED = "changed"
#: ``record``: the option is never in ``Game.options`` (it has one possible value).
NEVER = "never"
#: What a ``record`` function returns to leave an option out of ``Game.options``.
OMIT: Any = attrs.NOTHING
#: The short forms of ``--option NAME=VALUE`` (``castlerules.cli.option_value``).
KINDS = ("scalar", "list", "mapping")


@attrs.frozen
class OptionInfo:
    """What a game's configuration says about one of its keyword options."""

    name: str
    default: Any
    #: One line for a person: what the option is.
    doc: str
    #: ``scalar``, ``list`` or ``mapping``: the command line's short form of its value.
    kind: str
    #: ``ALWAYS``, ``CHANGED``, ``NEVER`` or a function (config, value) -> the recorded value
    #: (``OMIT``: left out).
    record: Any
    #: The annotation of its keyword in ``make``'s signature.
    annotation: Any


def option(
    default: Any,
    *,
    doc: str,
    validator: Callable[[Any, Any, Any], None] | None = None,
    converter: Callable[[Any], Any] | None = None,
    kind: str = "scalar",
    record: Any = CHANGED,
    json: Callable[[Any], Any] | None = None,
) -> Any:
    """A keyword option of ``make``: an attrs field of a game's configuration.

    ``converter`` turns a given value into the stored one (a list into a tuple: the value stays
    hashable), checking it where the check is part of the conversion; ``validator`` checks the
    stored value (it may read the fields before it). ``json`` turns the stored value into what a
    record holds (a tuple back into a list); ``record`` says when ``Game.options`` holds it."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    info = {"doc": doc, "kind": kind, "record": record, "json": json}
    return attrs.field(
        default=default, validator=validator, converter=converter, metadata={OPTION: info}
    )


def _check_readings(config: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, Readings) or value.game != config.game:
        raise InvalidOptionError(
            f"readings must be the Readings of {config.game}, got {quote(value)}"
        )


def not_together(
    first: tuple[str, str], second: tuple[str, str], message: str
) -> Callable[[Any, Any, Any], None]:
    """A check of the readings: the option ``first`` (interpretation, option) cannot be played
    with the option ``second``; ``message`` says why."""

    def check(config: Any, attribute: Any, readings: Readings) -> None:
        if readings[first[0]] == first[1] and readings[second[0]] == second[1]:
            raise InvalidOptionError(message)

    return check


def readings_field(*validators: Callable[[Any, Any, Any], None]) -> Any:
    """The field of a configuration that holds its ``Readings`` (declared last); ``validators``
    refuse readings that cannot be played together, or with the other options."""
    return attrs.field(validator=[_check_readings, *validators])


# -- validators: each message names the field, what it expected and what came ---------------
def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def integer(low: int, high: int) -> Callable[[Any, Any, Any], None]:
    """An integer from ``low`` to ``high``."""

    def check(config: Any, attribute: Any, value: Any) -> None:
        if not _is_int(value) or not low <= value <= high:
            raise InvalidOptionError(
                f"{attribute.name} must be an integer from {low} to {high}, got {quote(value)}"
            )

    return check


def optional(validator: Callable[[Any, Any, Any], None]) -> Callable[[Any, Any, Any], None]:
    """None, or what ``validator`` accepts."""

    def check(config: Any, attribute: Any, value: Any) -> None:
        if value is not None:
            validator(config, attribute, value)

    return check


def boolean(config: Any, attribute: Any, value: Any) -> None:
    """True or False."""
    if not isinstance(value, bool):
        raise InvalidOptionError(f"{attribute.name} must be true or false, got {quote(value)}")


def one_of(*values: Any) -> Callable[[Any, Any, Any], None]:
    """One of ``values``."""

    def check(config: Any, attribute: Any, value: Any) -> None:
        if not any(type(v) is type(value) and v == value for v in values):
            raise InvalidOptionError(
                f"{attribute.name} must be one of {values}, got {quote(value)}"
            )

    return check


def player_count(config: Any, attribute: Any, value: Any) -> None:
    """A player count of the game's range (``players_range`` of its configuration)."""
    low, high = type(config).players_range
    if not _is_int(value) or not low <= value <= high:
        if low == high:
            raise InvalidOptionError(
                f"{config.game} is a {low}-player game; {attribute.name} must be {low}, "
                f"got {quote(value)}"
            )
        raise InvalidOptionError(
            f"{attribute.name} must be an integer from {low} to {high}, got {quote(value)}"
        )


def player(config: Any, attribute: Any, value: Any) -> None:
    """A player of the game (0 to ``players`` - 1)."""
    n = config.players
    if not _is_int(value) or not 0 <= value < n:
        raise InvalidOptionError(
            f"{attribute.name} must be a player from 0 to {n - 1}, got {quote(value)}"
        )


# -- readings ----------------------------------------------------------------------------------
def _option_ids(game: str, chosen: tuple[str, ...]) -> None:
    """Refuse a reading that is not a playable option of its interpretation."""
    from castlerules.core.readings import check_option

    for interp, option_id in zip(load_spec(game).interpretations, chosen, strict=True):
        check_option(interp, option_id)


def _check_chosen(readings: Readings, attribute: Any, value: tuple[str, ...]) -> None:
    spec = load_spec(readings.game)
    if not isinstance(value, tuple) or len(value) != len(spec.interpretations):
        raise InvalidOptionError(
            f"readings: expected an option of each of the {len(spec.interpretations)} "
            f"interpretations of {readings.game}, got {quote(value)}"
        )
    _option_ids(readings.game, value)


@attrs.frozen(cache_hash=True)
class Readings:
    """The option a game plays for each interpretation of its rulebook, in the spec's order: a
    frozen, hashable value (``readings["levitate-behind"]`` takes a full or a short id).

    >>> import castlerules
    >>> castlerules.make("splut").config.readings["seating"]
    'clockwise'
    """

    #: The game whose spec lists the interpretations.
    game: str
    #: The option id of each interpretation of the spec, in its order.
    chosen: tuple[str, ...] = attrs.field(validator=_check_chosen)

    @classmethod
    def of(cls, game: str, readings: Mapping[str, str] | None = None) -> Readings:
        """The readings of ``game`` with ``readings`` (full interpretation ids) and the defaults
        for every other interpretation."""
        given = readings or {}
        spec = load_spec(game)
        return cls(game, tuple(given.get(i.id, i.default) for i in spec.interpretations))

    @property
    def spec(self) -> GameSpec:
        return load_spec(self.game)

    def __getitem__(self, interpretation: str) -> str:
        """The option played for ``interpretation`` (full or short id)."""
        spec = self.spec
        for interp, chosen in zip(spec.interpretations, self.chosen, strict=True):
            if interpretation in (interp.id, interp.short_id):
                return chosen
        raise KeyError(interpretation)

    def items(self) -> Iterator[tuple[str, str]]:
        """(full interpretation id, option id) for every interpretation, in the spec's order."""
        return zip((i.id for i in self.spec.interpretations), self.chosen, strict=True)

    def as_dict(self) -> dict[str, str]:
        return dict(self.items())

    def non_default(self) -> dict[str, str]:
        """What ``Game.options`` records under ``"readings"``, by short id
        (``castlerules.core.readings.non_default``: the readings that differ from the default
        and that no keyword option spells, and those of an interpretation whose default has
        changed)."""
        from castlerules.core.readings import non_default

        return non_default(self.spec, self.as_dict())


# -- the configuration --------------------------------------------------------------------------
class Config:
    """What a game is made with: its keyword options and a reading of every interpretation, one
    frozen, hashable value (``game.config``). Each game declares its subclass once, in its
    package's ``config`` module (``castlerules.kasteel.KasteelConfig``, ...), as a frozen attrs
    class with ``game``, ``players_range``, one ``option(...)`` field per keyword option (a
    ``players`` option among them) and, last, ``readings = readings_field(...)``. ``make``
    validates the options into one; ``Game(config)`` makes the game it describes.

    >>> import castlerules
    >>> config = castlerules.make("kasteel", level=2, stuck="lose").config
    >>> config.level, config.stuck, config.readings["no-legal-move"]
    (2, 'lose', 'lose')
    >>> config.recorded()
    {'level': 2, 'stuck': 'lose'}
    >>> Kasteel = castlerules.game_class("kasteel")
    >>> Kasteel(config) == castlerules.make("kasteel", level=2, stuck="lose")
    True
    """

    __slots__ = ()

    #: The game's name (its spec).
    game: ClassVar[str]
    #: The fewest and most players the rulebook names.
    players_range: ClassVar[tuple[int, int]]
    players: int
    readings: Readings

    @classmethod
    def options_info(cls) -> tuple[OptionInfo, ...]:
        """Every keyword option, in the order of the class (``readings`` and ``ruleset`` are
        not among them)."""
        out = []
        for field in attrs.fields(cast(Any, cls)):
            meta = field.metadata.get(OPTION)
            if meta is not None:
                out.append(OptionInfo(field.name, field.default, meta["doc"], meta["kind"],
                                      meta["record"], field.type))
        return tuple(out)

    @classmethod
    def option_info(cls, name: str) -> OptionInfo | None:
        """The keyword option ``name``, or None if the game has none of that name."""
        return next((o for o in cls.options_info() if o.name == name), None)

    @classmethod
    def defaults(cls) -> dict[str, Any]:
        """Each keyword option's default."""
        return {o.name: o.default for o in cls.options_info()}

    @classmethod
    def keywords(cls) -> tuple[str, ...]:
        """Every keyword ``make`` accepts for the game."""
        return (*(o.name for o in cls.options_info()), "readings", "ruleset")

    @classmethod
    def signature(cls) -> inspect.Signature:
        """``make``'s signature for the game: keyword-only options with their defaults."""
        kw = inspect.Parameter.KEYWORD_ONLY
        params = [inspect.Parameter(o.name, kw, default=o.default, annotation=o.annotation)
                  for o in cls.options_info()]
        params += [
            inspect.Parameter("readings", kw, default=None,
                              annotation="Mapping[str, str] | None"),
            inspect.Parameter("ruleset", kw, default=None, annotation="str | None"),
        ]
        return inspect.Signature(params, return_annotation=None)

    @classmethod
    def prepare(cls, keywords: dict[str, Any]) -> dict[str, Any]:
        """The given keyword options as the readings see them (a game with a ``board`` option
        reads the board here and keeps its canonical name or text, never a path)."""
        return keywords

    @classmethod
    def make(cls: type[C], **given: Any) -> C:
        """The configuration ``make(game, **given)`` describes, validated: InvalidOptionError
        names the option, what it expects and what came."""
        from castlerules.core.readings import resolve

        unknown = sorted(set(given) - set(cls.keywords()))
        if unknown:
            raise InvalidOptionError(
                f"{cls.game}: unknown option(s) {quote(unknown)}; "
                f"accepted: {', '.join(cls.keywords())}"
            )
        readings, ruleset = given.pop("readings", None), given.pop("ruleset", None)
        keywords = {o.name: o.default for o in cls.options_info()}
        keywords.update(cls.prepare(given))
        values, chosen = resolve(load_spec(cls.game), keywords, readings, ruleset, set(given))
        made: C = cast(Any, cls)(**values, readings=Readings.of(cls.game, chosen))
        return made

    def recorded(self) -> dict[str, Any]:
        """The options as ``Game.options`` holds them: JSON-able, such that ``make(game,
        **recorded)`` makes an equal configuration (non-default readings that no keyword option
        spells under ``"readings"``)."""
        out: dict[str, Any] = {}
        for field in attrs.fields(cast(Any, type(self))):
            meta = field.metadata.get(OPTION)
            if meta is None:
                continue
            value = getattr(self, field.name)
            record = meta["record"]
            if record == NEVER or (record == CHANGED and value == field.default):
                continue
            if callable(record):
                value = record(self, value)
                if value is OMIT:
                    continue
            out[field.name] = meta["json"](value) if meta["json"] and value is not None else value
        extra = self.readings.non_default()
        if extra:
            out["readings"] = extra
        return out

    @classmethod
    def options_doc(cls, indent: str = "") -> str:
        """The keyword options as a reST list for a game class's documentation: each with its
        default and its line, then ``readings`` and ``ruleset``."""
        spelt: dict[str, list[str]] = {}
        for interp in load_spec(cls.game).interpretations:
            if interp.keyword:
                spelt.setdefault(interp.keyword, []).append(interp.id)
        lines = ["Keyword options of ``make`` (declared by its configuration, ``config_type``):",
                 ""]
        for o in cls.options_info():
            read = ", ".join(spelt.get(o.name, ()))
            also = f" (interpretation {read})" if read else ""
            lines.append(f"- ``{o.name}`` (default ``{o.default!r}``): {o.doc}{also};")
        lines.append(
            f"- ``readings`` / ``ruleset``: a reading of any other interpretation, or a named set "
            f"of them (``castlerules readings {cls.game}``)."
        )
        return "\n".join(indent + line if line else "" for line in lines)
