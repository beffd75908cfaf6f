"""The environment pages: one page per versioned PettingZoo environment (``castlerules.envs``),
with PettingZoo's tables (import, agents, action space, observation shape with one row per channel,
action mask, rewards, version history), a picture of the start position and a runnable snippet;
plus the OpenSpiel observation tensor table for the adapter page. Everything is read from the code:
the observation modules' ``CHANNELS``, the environments' spaces, ``castlerules.envs.VERSIONS``."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from castlerules.core.files import write_atomic
from castlerules_docs.rst import code_block, esc, list_table, literal, title, write

#: Where the pages go, under the generated folder.
FOLDER = "envs"


def snippet(module: str, parallel: bool = False) -> str:
    """A complete program: every agent plays random legal actions (with the mask) to the end."""
    if parallel:
        return (
            f"from castlerules.envs import {module}\n\n"
            f"env = {module}.parallel_env(players=3)\n"
            "observations, infos = env.reset(seed=42)\n"
            "while env.agents:\n"
            "    actions = {\n"
            "        agent: env.action_space(agent).sample(observations[agent][\"action_mask\"])\n"
            "        for agent in env.agents\n"
            "    }\n"
            "    observations, rewards, terminations, truncations, infos = env.step(actions)\n"
            "print(rewards)\n"
            "env.close()\n"
        )
    return (
        f"from castlerules.envs import {module}\n\n"
        f"env = {module}.env(render_mode=\"rgb_array\")\n"
        "env.reset(seed=42)\n"
        "for agent in env.agent_iter():\n"
        "    observation, reward, termination, truncation, info = env.last()\n"
        "    if termination or truncation:\n"
        "        action = None\n"
        "    else:\n"
        "        mask = observation[\"action_mask\"]\n"
        "        action = env.action_space(agent).sample(mask)  # a random legal action\n"
        "    env.step(action)\n"
        "frame = env.render()  # the last position as an (H, W, 3) uint8 array\n"
        "print(frame.shape, env.unwrapped.rules.winners(env.unwrapped.game_state))\n"
        "env.close()\n"
    )


def _runnable(code: str) -> list[str]:
    lines = code_block(code, "python")
    return [lines[0], "   :class: runnable", *lines[1:]]


def _shape(shape: tuple[int, ...]) -> str:
    return literal(str(tuple(shape)))


def _env_page(name: str, module: str, folder: Path) -> list[str]:
    import castlerules
    from castlerules.adapters.common import Planes, player_counts, table_for
    from castlerules.envs import VERSIONS
    from castlerules.envs.pictures import picture

    env_module = importlib.import_module(f"castlerules.envs.{module}")
    game = castlerules.make(name)
    low, high, default = player_counts(name)
    planes = Planes(game)
    package = type(game).__module__.rsplit(".", 1)[0]
    observation_module = f"{package}.observation"
    parallel = hasattr(env_module, "parallel_env")
    _save_picture(picture(game, game.initial_state()), folder / f"{module}.png")
    agents = ", ".join(f'"player_{p}"' for p in range(default))
    counts = f"{low} to {high} (``players=``, default {default})" if low != high else str(low)
    bounds = sorted({(lo, hi) for lo, hi in zip(planes.low, planes.high)})
    values = "0 or 1" if bounds == [(0, 1)] else "0 or 1; counts as listed in the table below"
    out = [f".. _env-{module}:", "", *title(f"{game.spec.title}: {module}", "="),
           f".. image:: {module}.png", f"   :alt: the start position of {esc(game.spec.title)}",
           "", "*The start position, as* ``env.render()`` *draws it with* "
           "``render_mode=\"rgb_array\"``.", ""]
    rows = [
        ["Import", literal(f"from castlerules.envs import {module}")],
        ["Make", literal(f"{module}.env(players={default}, render_mode=\"rgb_array\")") if low != high
         else literal(f"{module}.env(render_mode=\"rgb_array\")")],
        ["Actions", "discrete"],
        ["Parallel API", f"yes: ``{module}.parallel_env()``" if parallel else "no (one player acts at a time)"],
        ["Players", counts],
        ["Agents", literal(f"agents = [{agents}]")],
        ["Action shape", literal("()")],
        ["Action values", literal(f"Discrete({len(table_for(game))})") + f" ({default} players)"],
        ["Observation shape", _shape(planes.shape) + ", every player count"],
        ["Observation values", f"``int8``: {values}"],
        ["Action mask", literal(f"({len(table_for(game))},)") + " ``int8``, in the observation dict"],
        ["Render modes", "``ansi``, ``human``, ``rgb_array``"],
        ["Module of the observation", literal(observation_module)],
    ]
    out += list_table(["", ""], rows, classes="adapter-header", widths="30 70")
    out += [*title("Usage", "-"), *_runnable(snippet(module))]
    if parallel:
        out += ["The parallel API: every agent answers at once after a roll; the answers count in a "
                "race order drawn by the environment (an answer a quicker player made impossible "
                "is skipped, with ``infos[agent][\"too_late\"]``).", "",
                *_runnable(snippet(module, parallel=True))]
    out += [*title("Observation space", "-")]
    doc = (importlib.import_module(observation_module).__doc__ or "").split("\n\n")
    # the module's docstring (reStructuredText) but its first line and its note on the adapters
    out += [" ".join(part.split()) + "\n" for part in doc[1:] if part.strip()
            and "standard library" not in part]
    out += ["``observation[\"observation\"]`` has the channels below (the last axis); "
            "``env.state()`` is the observation of ``player_0``. With ``observation=\"fields\"`` "
            "the environment gives the generic field vector instead (as the older "
            "``castlerules.adapters.pettingzoo`` environments do).", ""]
    channel_rows = []
    for c, (channel, text) in enumerate(planes.channels):
        lo, hi = planes.low[c], planes.high[c]
        channel_rows.append([str(c), esc(channel), esc(text), f"{lo}..{hi}"])
    out += list_table(["Channel", "Name", "Meaning", "Values"], channel_rows, widths="10 30 50 10")
    out += [*title("Legal actions mask", "-"),
            "``observation[\"action_mask\"]`` has one entry per action id: 1 where the action is "
            "legal for the agent that acts now, 0 elsewhere (all zeros for the other agents). "
            "Sample with it: ``env.action_space(agent).sample(mask)``.", ""]
    out += [*title("Action space", "-"),
            "``Discrete(len(game.action_universe()))``: an action's id is its index in the "
            "game's action universe, the same in every state and run "
            "(``env.unwrapped.table.universe[id]`` is the castlerules action). The size by "
            "player count:", ""]
    size_rows = []
    for n in range(low, high + 1):
        size_rows.append([str(n), literal(f"Discrete({len(table_for(castlerules.make(name, players=n)))})")])
    out += list_table(["Players", "Action space"], size_rows, widths="30 70")
    out += [*title("Rewards", "-"),
            *list_table(["When", "The agent concerned", "The others"], [
                ["the game ends with one winner among 2 players", "winner +1", "−1"],
                ["the game ends with ``k`` winners among ``n`` players", "each winner +1/k",
                 "each −1/(n − k)"],
                ["a tie of everyone, or no winner", "0", "0"],
                ["an illegal action (outside the mask)", "the offender −1, the game ends", "0"
                 if not parallel else "0 (AEC); +1/(n − 1) each (parallel)"],
                ["past the game's playout cap", "truncated: 0", "0"],
            ], widths="40 30 30")]
    out += [*title("Options", "-"),
            f"Keyword arguments of ``{module}.env``: ``render_mode``, ``max_plies`` (``None``, "
            f"the game's playout cap, or a positive integer), "
            f"``observation`` (``\"planes\"`` or ``\"fields\"``) and every option of "
            f"``castlerules.make(\"{name}\", ...)``, readings included — "
            f"``{module}.env(readings={{...}}, ruleset=\"literal\")``. The readings are listed on "
            f":doc:`the game's interpretations page </generated/{name}/interpretations>`.", ""]
    out += [*title("Version history", "-")]
    out += [f"- **{version}** — {esc(text)}" for version, text in VERSIONS[name]]
    return [*out, ""]


def _save_picture(array: Any, path: Path) -> None:
    """Write the PNG only when the picture changed (Sphinx then copies it again)."""
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray(array).save(buffer, format="PNG")
    data = buffer.getvalue()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != data:
        write_atomic(path, data)


def _index(names: dict[str, str]) -> list[str]:
    import castlerules

    out = [".. _envs:", "", *title("Environments for learning agents", "="),
           "One versioned `PettingZoo <https://pettingzoo.farama.org>`_ environment per game, in "
           "PettingZoo's convention (``from castlerules.envs import splut_v0``): the game's own "
           "observation — int8 one-hot planes from the acting player's view, documented channel "
           "by channel — an action mask, rewards at the end and ``render_mode=\"rgb_array\"`` "
           "pictures for videos. Install with ``pip install \"castlerules[pettingzoo]\"``. The "
           "same observations are OpenSpiel's ``observation_tensor`` (:doc:`/adapters/openspiel`).",
           ""]
    rows = []
    for name, module in names.items():
        game = castlerules.make(name)
        from castlerules.adapters.common import Planes

        rows.append([f":doc:`{module}`", esc(game.spec.title), _shape(Planes(game).shape),
                     "yes" if hasattr(importlib.import_module(f"castlerules.envs.{module}"),
                                      "parallel_env") else "no"])
    out += list_table(["Environment", "Game", "Observation shape", "Parallel API"], rows,
                      widths="25 35 25 15")
    out += [*title("Moving from the older env(name)", "-"),
            "``castlerules.adapters.pettingzoo.env(\"splut\", ...)`` (deprecated in 0.3, gone in "
            "0.4) gives the generic field vector under the name ``castlerules_splut_v0``. To move "
            "to the versioned environment, change the import and drop the game's name:", ""]
    out += code_block(
        "# before\n"
        "from castlerules.adapters import pettingzoo\n"
        "env = pettingzoo.env(\"splut\", players=3, render_mode=\"ansi\")\n\n"
        "# after: designed observations (9, 9, 28), rgb_array pictures, a pinned version\n"
        "from castlerules.envs import splut_v0\n"
        "env = splut_v0.env(players=3, render_mode=\"ansi\")\n\n"
        "# after, with the old observation vector (to compare with earlier results)\n"
        "env = splut_v0.env(players=3, observation=\"fields\")", "python")
    out += ["Agents, actions (the same ids), masks, rewards, chance and the race for several "
            "actors are unchanged; only the observation (and its space) differs, and "
            "``env.state()`` is the observation of ``player_0``.", ""]
    out += [*title("Pictures", "-"),
            "``render_mode=\"rgb_array\"``: ``env.render()`` returns the position as an "
            "``(H, W, 3)`` ``uint8`` array, drawn directly with Pillow (``castlerules.envs.pictures``): "
            "Pillow has binary wheels for every platform with no system library to install and is "
            "released every quarter, while rasterising the library's SVG would need cairo or resvg "
            "as well. The static part of a board is drawn once per game. "
            "``benchmarks/envs_render.py`` measures frames per second while playing: on a 2-core "
            "machine, 400 (Vlotte Geesten), 780 (Splut), 770 (Spookslot) and 430 (Kasteel) when "
            "idle, and 60 to 190 while other work shared it — enough to record a game as a "
            "video. ``render_mode=\"human\"`` prints "
            "the text picture after every step (no window is opened); ``\"ansi\"`` returns it.",
            ""]
    out += [*title("A worked example", "-"),
            "``examples/train_vlotte_geesten.py`` learns Vlotte Geesten's answer from the dice "
            "one-hot of the observation — a table of the 3,125 dice patterns, learned from the "
            "game's rewards alone (numpy only) — and plays ``vlotte_geesten_v0`` against the random "
            "bot. A linear policy on the same 25 entries cannot represent the answer (a softmax "
            "regression fitted to every roll gets about 38% right), which is why the example uses a "
            "table. Measured on a shared 2-core machine: 200,000 training rounds in about 16 s, "
            "after which the greedy answer scores on all 3,125 rolls, and it won 400 of 400 "
            "two-player games against the random bot (the random bot wins 46.5% of them against "
            "itself). ``--quick`` is the shortened run the test suite makes.", ""]
    out += [".. toctree::", "   :hidden:", "", *(f"   {m}" for m in names.values()), ""]
    return out


def openspiel_table() -> list[str]:
    """OpenSpiel's ``observation_tensor_shape()`` per game (channels first) and its channels."""
    import castlerules
    from castlerules.adapters.common import Planes

    out: list[str] = []
    for name in castlerules.games():
        game = castlerules.make(name)
        planes = Planes(game)
        shape = planes.shape if len(planes.shape) == 1 else (planes.shape[-1], *planes.shape[:-1])
        module = importlib.import_module("castlerules.envs").MODULES[name]
        out += [f"- **{esc(game.spec.title)}** (``castlerules_{name.replace('-', '_')}``): "
                f"``observation_tensor_shape()`` is ``{list(shape)}``; the channels are those of "
                f":doc:`{module} </generated/{FOLDER}/{module}>` in the same order."]
    return [*out, ""]


def generate(out: Path) -> None:
    """Write ``generated/envs/`` (an index and a page per environment) and the OpenSpiel part."""
    from castlerules.envs import MODULES

    folder = out / FOLDER
    write(folder / "index.rst", _index(MODULES))
    for name, module in MODULES.items():
        write(folder / f"{module}.rst", _env_page(name, module, folder))
    write(out / "parts" / "openspiel-observations.rst", openspiel_table())
