"""Missions as data: one TOML file per mission, validated on load.

>>> m = load_mission(5)
>>> m.title["en"], m.wires_for(4).yellow
('Two of Three', ColourDraw(keep=2, of=3, numbers=range(1, 12)))

A bad file fails with the file, the field and what was expected::

    MissionError: m05.toml: field 'wires.yellow.keep': expected an integer 0..11, got 'two'
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import MissionError

if TYPE_CHECKING:
    # From importlib.resources.abc: importlib.abc lost it in Python 3.14 (the page's Pyodide).
    from importlib.resources.abc import Traversable

LANGUAGES = ("en", "it")
#: The fields of a mission file besides the tables of its mechanisms.
CORE_FIELDS = {"id", "title", "summary", "rules", "wires", "mechanisms", "players"}


@dataclass(frozen=True)
class ColourDraw:
    """How many red or yellow tiles are in play: ``keep`` of ``of`` drawn (exact when equal)."""

    keep: int
    of: int
    numbers: range = range(1, 12)  # printed numbers the tiles are drawn from (M2, M3 restrict it)

    @property
    def certain(self) -> bool:
        return self.keep == self.of


@dataclass(frozen=True)
class WireSet:
    blue: range
    red: ColourDraw | None
    yellow: ColourDraw | None

    @property
    def size(self) -> int:
        coloured = sum(d.keep for d in (self.red, self.yellow) if d is not None)
        return 4 * len(self.blue) + coloured


@dataclass(frozen=True)
class MechanismUse:
    """One entry of a mission's ``mechanisms``: the id, its ``:``-separated parameters, and the
    configuration the mechanism read from them and from the mission's table of its name."""

    id: str
    params: tuple[str, ...] = ()
    config: Any = None


@dataclass(frozen=True)
class Mission:
    id: int
    title: Mapping[str, str]
    summary: Mapping[str, str]
    rules: Mapping[str, str]
    wires: WireSet
    wires_by_players: Mapping[int, WireSet]
    #: The mechanisms it uses, as listed (the order their setup steps and hooks run in).
    mechanisms: tuple[MechanismUse, ...]
    source: str
    #: The player counts it may be played with (``players = [3, 5]``: not with two, as
    #: mission 34); every count 2..5 by default.
    players: range = range(2, 6)

    def config(self, mechanism_id: str) -> Any:
        """The configuration of one of its mechanisms; KeyError if it does not use it."""
        for use in self.mechanisms:
            if use.id == mechanism_id:
                return use.config
        raise KeyError(f"mission {self.id} does not use the mechanism {mechanism_id!r}")

    def wires_for(self, players: int) -> WireSet:
        return self.wires_by_players.get(players, self.wires)


# --------------------------------------------------------------------------- validation


class ConfigReader:
    """Reads typed fields from a parsed TOML table, raising MissionError with the dotted path.

    Mechanisms read their own settings with it (see ``Mechanism.configure``)."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, expected: str, got: object = None) -> MissionError:
        return MissionError(self.source, path, expected, got)

    def table(self, data: Mapping[str, Any], path: str, *, required: bool = True) -> dict[str, Any]:
        value = _get(data, path)
        if value is None and not required:
            return {}
        if not isinstance(value, dict):
            raise self.fail(path, "a table", value)
        return value

    def integer(self, data: Mapping[str, Any], path: str, lo: int, hi: int) -> int:
        value = _get(data, path)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise self.fail(path, f"an integer {lo}..{hi}", value)
        return value

    def span(self, data: Mapping[str, Any], path: str, lo: int, hi: int) -> range:
        value = _get(data, path)
        ok = (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and lo <= value[0] <= value[1] <= hi
        )
        if not ok:
            raise self.fail(path, f"[first, last] with {lo} <= first <= last <= {hi}", value)
        return range(value[0], value[1] + 1)

    def texts(self, data: Mapping[str, Any], path: str) -> dict[str, str]:
        table = self.table(data, path)
        out: dict[str, str] = {}
        for lang in LANGUAGES:
            text = table.get(lang)
            if not isinstance(text, str) or not text.strip():
                raise self.fail(f"{path}.{lang}", "a non-empty string", text)
            out[lang] = text.strip()
        extra = set(table) - set(LANGUAGES)
        if extra:
            raise self.fail(f"{path}.{sorted(extra)[0]}", f"only languages {LANGUAGES}")
        return out

    def only_keys(self, data: Mapping[str, Any], path: str, allowed: set[str]) -> None:
        unknown = sorted(set(data) - allowed)
        if unknown:
            where = f"{path}.{unknown[0]}" if path else unknown[0]
            raise self.fail(where, f"one of the known fields {sorted(allowed)}")


def _get(data: Mapping[str, Any], path: str) -> Any:
    node: Any = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def _colour(reader: ConfigReader, data: Mapping[str, Any], path: str) -> ColourDraw | None:
    table = _get(data, path)
    if table is None:
        return None
    if not isinstance(table, dict):
        raise reader.fail(path, "a table like { keep = 1 } or { keep = 2, of = 3 }", table)
    reader.only_keys(table, path, {"keep", "of", "numbers"})
    keep = reader.integer(data, f"{path}.keep", 1, 11)
    of = reader.integer(data, f"{path}.of", keep, 11) if "of" in table else keep
    numbers = reader.span(data, f"{path}.numbers", 1, 11) if "numbers" in table else range(1, 12)
    if of > len(numbers):
        raise reader.fail(f"{path}.of", f"at most {len(numbers)} (the numbers it draws from)", of)
    return ColourDraw(keep, of, numbers)


def _wire_set(reader: ConfigReader, data: Mapping[str, Any], path: str, blue: range) -> WireSet:
    table = reader.table(data, path)
    allowed = {"red", "yellow"} | ({"blue", "players"} if path == "wires" else set())
    reader.only_keys(table, path, allowed)
    return WireSet(
        blue, _colour(reader, data, f"{path}.red"), _colour(reader, data, f"{path}.yellow")
    )


def parse_mission(data: Mapping[str, Any], source: str) -> Mission:
    """Validate a parsed mission table; ``source`` names the file in error messages."""
    reader = ConfigReader(source)
    mechanisms = _mechanisms(reader, data)
    reader.only_keys(data, "", CORE_FIELDS | {use.id for use in mechanisms})
    mission_id = reader.integer(data, "id", 1, 66)
    blue = reader.span(data, "wires.blue", 1, 12)
    wires = _wire_set(reader, data, "wires", blue)
    by_players: dict[int, WireSet] = {}
    for key in reader.table(data, "wires.players", required=False):
        if key not in ("2", "3", "4", "5"):
            raise reader.fail(f"wires.players.{key}", "a player count 2..5")
        by_players[int(key)] = _wire_set(reader, data, f"wires.players.{key}", blue)
    return Mission(
        id=mission_id,
        title=reader.texts(data, "title"),
        summary=reader.texts(data, "summary"),
        rules=reader.texts(data, "rules"),
        wires=wires,
        wires_by_players=by_players,
        mechanisms=mechanisms,
        source=source,
        players=reader.span(data, "players", 2, 5) if "players" in data else range(2, 6),
    )


def _mechanisms(reader: ConfigReader, data: Mapping[str, Any]) -> tuple[MechanismUse, ...]:
    """The ``mechanisms`` list: known ids, each once, each configured by its mechanism."""
    # Imported here, not at the top: the registry imports every mechanism's rules, which the
    # page's boot (mission_ids, the campaign's locks) does not need.
    from .mechanisms import REGISTRY

    entries = data.get("mechanisms")
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        raise reader.fail(
            "mechanisms", 'a list of mechanism names like ["double_detector"]', entries
        )
    uses: list[MechanismUse] = []
    for entry in entries:
        name, *params = entry.split(":")
        if name not in REGISTRY:
            raise reader.fail("mechanisms", f"known mechanisms {sorted(REGISTRY)}", entry)
        if any(use.id == name for use in uses):
            raise reader.fail("mechanisms", "each mechanism once", entry)
        table = data.get(name)
        if table is not None and not isinstance(table, dict):
            raise reader.fail(name, "a table", table)
        config = REGISTRY[name].configure(tuple(params), table, reader)
        uses.append(MechanismUse(name, tuple(params), config))
    return tuple(uses)


# --------------------------------------------------------------------------- loading


def _mission_dir() -> Traversable:
    """Missions ship inside the wheel as engine/redwire/missions; a source checkout keeps them at the top."""
    # Imported here, not at the top: `import engine` is on the page's boot path, and in the
    # browser these imports cost tens of milliseconds that only the first mission load needs.
    from importlib import resources

    packaged = resources.files("engine.redwire") / "missions"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "missions"


def _mission_files() -> Iterator[Traversable]:
    return (f for f in _mission_dir().iterdir() if _MISSION_FILE.fullmatch(f.name))


#: A mission's file name (the folder also holds ``needs_the_box.toml``).
_MISSION_FILE = re.compile(r"m\d{2}\.toml")
#: The campaign's missions the site lists but cannot play (see :func:`boxed_missions`).
BOXED_FILE = "needs_the_box.toml"


@dataclass(frozen=True)
class BoxedMission:
    """A campaign mission listed but not playable here: what it needs exists only in the
    physical box (mission 66's bunker map and audio track). ``needs`` says so, per language."""

    id: int
    title: Mapping[str, str]
    needs: Mapping[str, str]


@cache
def boxed_missions() -> dict[int, BoxedMission]:
    """The missions of ``missions/needs_the_box.toml``, by number.

    >>> boxed = boxed_missions()
    >>> sorted(boxed), boxed[66].title["en"]
    ([66], 'The Final Countdown')
    """
    text = _read_one(BOXED_FILE)
    return parse_boxed(text) if text is not None else {}


def parse_boxed(text: str) -> dict[int, BoxedMission]:
    """Read and validate a ``needs_the_box.toml``: a table per mission number (not a mission
    file that ships), each with ``title`` and ``needs`` in every language.

    >>> parse_boxed('[7]\\ntitle = { en = "x", it = "y" }\\nneeds = { en = "x", it = "y" }')
    Traceback (most recent call last):
    engine.redwire.errors.MissionError: needs_the_box.toml: field '7': expected the number of a mission that does not ship, got '7'
    """
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MissionError(BOXED_FILE, "(file)", "valid TOML", str(exc)) from None
    shipped = set(mission_ids())
    boxed: dict[int, BoxedMission] = {}
    for key, table in data.items():
        number = int(key) if key.isdigit() else None
        if number is None or not 0 < number < 100 or number in shipped:
            raise MissionError(BOXED_FILE, key, "the number of a mission that does not ship", key)
        texts: dict[str, Mapping[str, str]] = {}
        for name in ("title", "needs"):
            value = table.get(name) if isinstance(table, dict) else None
            if not isinstance(value, dict) or any(
                not isinstance(value.get(lang), str) or not value[lang] for lang in LANGUAGES
            ):
                raise MissionError(BOXED_FILE, f"{key}.{name}", f"a text in each of {LANGUAGES}")
            texts[name] = value
        boxed[number] = BoxedMission(number, texts["title"], texts["needs"])
    return boxed


def load_mission_file(path: Traversable) -> Mission:
    """Read and validate one mission file (a path or an importlib.resources Traversable)."""
    return _parse_text(path.name, path.read_text(encoding="utf-8"))


def _parse_text(name: str, text: str) -> Mission:
    import tomllib  # see _mission_dir: kept off the boot path

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MissionError(name, "(file)", f"valid TOML ({exc})") from exc
    mission = parse_mission(data, name)
    if name != f"m{mission.id:02d}.toml":
        raise MissionError(name, "id", f"{name[1:3]} to match the file name", mission.id)
    return mission


def _read_one(name: str) -> str | None:
    """One mission file's text, or None if there is no such file.

    Read through the package's own loader (a folder, a wheel, or the page's zip archive) rather
    than importlib.resources: in the browser that import alone costs tens of milliseconds, and a
    game link needs its one mission before the board can show.
    """
    loader = getattr(__spec__, "loader", None)
    try:
        data: bytes = loader.get_data(os.path.join(os.path.dirname(__file__), "missions", name))  # type: ignore[union-attr]
    except (OSError, AttributeError):
        source = Path(__file__).resolve().parents[2] / "missions" / name
        if not source.is_file():
            return None
        data = source.read_bytes()
    return data.decode("utf-8")


@cache
def all_missions() -> dict[int, Mission]:
    """Every mission shipped with the engine, by number."""
    missions = [load_mission_file(f) for f in _mission_files()]
    return {m.id: m for m in sorted(missions, key=lambda m: m.id)}


@cache
def mission_ids() -> tuple[int, ...]:
    """The numbers of the shipped missions: 1, 2, ... up to the first one missing.

    Cheaper than :func:`all_missions` (no file is parsed, and no importlib.resources), for the
    campaign's locks at the page's boot.

    >>> mission_ids()[:8], mission_ids() == tuple(range(1, len(mission_ids()) + 1))
    ((1, 2, 3, 4, 5, 6, 7, 8), True)
    """
    count = 0
    while _read_one(f"m{count + 1:02d}.toml") is not None:
        count += 1
    return tuple(range(1, count + 1))


@cache
def load_mission(mission_id: int) -> Mission:
    """Mission ``mission_id``, read and validated on first use (only that file is read).

    >>> load_mission(99)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    KeyError: 'no mission 99; available: [1, 2, 3, ...]'
    """
    text = _read_one(f"m{mission_id:02d}.toml") if 0 < mission_id < 100 else None
    if text is None:
        raise KeyError(f"no mission {mission_id}; available: {sorted(all_missions())}")
    return _parse_text(f"m{mission_id:02d}.toml", text)
