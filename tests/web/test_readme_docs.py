"""The README and docs/*.md against the code: what a reader is told exists does, and what the code
has is told.

Each test reads the text the way a reader would (a table's first column, a list of names) and
compares it with the code it describes: the rule options of the three games (the engine's
``Options``, and where the page and the command line set them), the campaign's boxes, rule
sticker C's cards, the benchmarks ``build.py bench`` runs, and every repository path the texts
name. Figures measured by benchmarks (the Performance section) are not checked here.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest
from fusebox_web.loop import table as loop_table
from fusebox_web.loop import urls as loop_urls
from fusebox_web.redwire import table as redwire_table

from engine.countdown import Options as CountdownOptions
from engine.loop import Options as LoopOptions
from engine.redwire import Options as RedWireOptions
from engine.redwire.campaign import BOXES
from engine.redwire.mechanisms.equipment.tray import DOUBLE_CARDS

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
DOCS = {path.name: path.read_text() for path in sorted((ROOT / "docs").glob("*.md"))}
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight")


def section(text: str, heading: str) -> str:
    """The text under a Markdown heading (``## Name`` or ``### Name``), up to the next heading of
    the same or a higher level."""
    found = re.search(rf"^(#+) {re.escape(heading)}\n", text, re.M)
    assert found, f"no heading {heading!r}"
    level = len(found.group(1))
    after = text[found.end() :]
    end = re.search(rf"^#{{1,{level}}} ", after, re.M)
    return after[: end.start()] if end else after


def first_column_names(table_text: str) -> list[str]:
    """The backticked names that open a Markdown table's rows (header and rule rows skipped)."""
    return re.findall(r"^\| `(\w+)`", table_text, re.M)


def option_names(options: type) -> set[str]:
    return {f.name for f in fields(options)}


def test_red_wire_rule_options_table_lists_exactly_the_engines_options() -> None:
    """The README's table and docs/engine.md's: docs/engine.md left out `m47_pass_discards` and
    `m65_stranded_loss` when the options were added."""
    readme = section(section(README, "The engine"), "Rule options")
    engine_doc = section(DOCS["engine.md"], "Options (`engine.redwire.Options`)")
    for where, text in (("README.md", readme), ("docs/engine.md", engine_doc)):
        assert sorted(first_column_names(text)) == sorted(option_names(RedWireOptions)), where


def test_red_wire_readme_says_which_options_the_page_sets() -> None:
    """Every option is on the campaign screen's Rules variants but those the README names."""
    text = section(section(README, "The engine"), "Rule options")
    said = re.search(r"\*\*Rules variants\*\* sets every one of them but ([^;]+);", text)
    assert said, "the README says where the options are set"
    left_out = set(re.findall(r"`(\w+)`", said.group(1)))
    assert left_out == option_names(RedWireOptions) - set(redwire_table.OPTION_CHOICES)


def test_countdown_rule_options_table_lists_the_engines_options() -> None:
    text = section(section(README, "Countdown"), "Engine, command line, card data")
    rows = first_column_names(text)
    # points_goal is told in the points row (a match to `points_goal` = 10).
    assert sorted([*rows, "points_goal"]) == sorted(option_names(CountdownOptions))
    assert "`points_goal`" in text


def test_loop_rule_options_table_and_where_each_is_set() -> None:
    """The README said "the table screen and game links set them": bonus_supply is set by
    neither, and max_rounds only by a link's ``rounds`` (and the command line)."""
    text = section(section(README, "Loop the Loop"), "Rule options")
    rows = first_column_names(text)
    assert sorted(rows) == sorted(option_names(LoopOptions))
    on_table = set(loop_table.OPTION_CHOICES)
    in_links = {option for option, _ in loop_urls.OPTION_PARAMS.values()}
    assert on_table == in_links == set(rows[:4]), "the first four rows are the page's"
    intro = text.split("| Option |")[0]
    assert "the table screen and game links set the first four" in intro
    assert "`rounds`" in intro and "`max_rounds`" in intro and "rounds" in loop_urls.GAME_PARAMS
    only_engine = option_names(LoopOptions) - on_table - {"max_rounds"}
    assert only_engine == {"bonus_supply"}
    assert "`bonus_supply` is set only through the\nengine's `Options`" in intro


def test_the_campaigns_boxes_are_all_told() -> None:
    """The README stopped at "42 opens 43-54" after the fifth box came."""
    told = {
        (int(first), int(last)): int(opener)
        for opener, first, last in re.findall(r"(\d+) opens (\d+)\u2013(\d+)", README)
    }
    assert set(told) == set(BOXES[1:])
    assert all(opener == box[0] - 1 for box, opener in told.items())


def test_rule_sticker_c_cards_counted_right() -> None:
    """The README said "four of rule sticker C's five" after the fifth (11-11) was built."""
    said = re.search(r"all twelve equipment cards and all (\w+) of rule sticker C's,", README)
    assert said, "the engine's paragraph counts rule sticker C's cards"
    assert NUMBER_WORDS.index(said.group(1)) == len(DOUBLE_CARDS)
    listing = re.search(
        r"rule sticker C's double\s+cards \(ids ([\d, ]+), shown", DOCS["mechanisms.md"]
    )
    assert listing, "docs/mechanisms.md lists the double cards"
    assert {int(n) for n in listing.group(1).split(",")} == set(DOUBLE_CARDS)


def test_every_benchmark_build_py_runs_is_named_in_the_readme() -> None:
    """`build.py bench NAME` runs any tests/bench/bench_NAME.py; the README listed six of twelve."""
    names = {path.stem.removeprefix("bench_") for path in (ROOT / "tests/bench").glob("bench_*.py")}
    row = re.search(r"^\| `python3 build.py bench NAME` \|(.*)$", README, re.M)
    assert row
    assert set(re.findall(r"`(\w+)`", row.group(1))) == names
    table = section(README, "Engine tests and benchmarks")
    in_table = set(re.findall(r"^\| `python3 build.py bench (\w+)", table, re.M))
    described_in_docs = {n for n in names if f"bench_{n}.py" in DOCS["engine.md"]}
    assert in_table | described_in_docs == names


def tracked_files() -> list[str]:
    try:
        out = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return out.splitlines()


#: Paths the texts name that a build or a run makes (not in the repository), and the wheel's
#: layout (missions/ is shipped as engine/missions/).
MADE = ("_site", ".cache/", ".venv", "dist/", "engine/missions/")


@pytest.mark.parametrize("name", ["README.md", *(f"docs/{name}" for name in DOCS)])
def test_every_path_named_exists(name: str) -> None:
    """A backticked path with a folder in it, or a relative link, names a file or folder of the
    repository: from the root, or as the tail of one (the texts say `deduction/cases.py` inside
    a paragraph about engine/redwire/). Placeholders (``<hash>``, ``mNN``, ``NAME``) are skipped."""
    files = tracked_files()
    folders = {str(Path(f).parent) + "/" for f in files} | {
        "/".join(f.split("/")[: i + 1]) + "/" for f in files for i in range(f.count("/"))
    }
    text = (ROOT / name).read_text()
    missing = []
    for found in re.finditer(r"`([\w./-]+/[\w./-]*)`|\]\(([^)#\s]+)", text):
        path = found.group(1) or found.group(2)
        if path.startswith("http"):
            continue
        if found.group(2):  # a link: relative to the file
            path = str((ROOT / name).parent.joinpath(path).resolve().relative_to(ROOT))
        if path.startswith(("shared/", *MADE)) or re.search(r"NN|NAME|\.\.\.|<", path):
            continue
        wanted = path if path.endswith("/") or "." in Path(path).name else path + "/"
        tail_of = [f for f in files if f == wanted or f.endswith("/" + wanted)]
        if (
            not tail_of
            and wanted not in folders
            and not any(d.endswith("/" + wanted) for d in folders)
        ):
            missing.append(path)
    assert not missing, f"{name} names paths that do not exist: {missing}"


def test_red_wire_command_lines_default_level_is_told() -> None:
    """The README's examples (`--bots all`, no `--level`) play the `simple` level, which it did
    not name: it told three levels and `--level expert`."""
    from engine.redwire.bots import bot_names
    from engine.redwire.cli import build_parser

    play = build_parser().parse_args(["play"])
    said = re.search(r"without `--level` its computers play a fourth level, `(\w+)`", README)
    assert said, "the README says which level the command line's computers play by default"
    assert said.group(1) == play.level
    assert play.level in bot_names()


def test_loop_bench_two_seat_lineups_are_the_ones_told() -> None:
    """The README said two seats "play every ordered pair" of levels while the run played three
    of the six (every deal was played three times); it now plays the six, and the README says
    so, with the games of its default and full runs."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_loop", ROOT / "tests/bench/bench_loop.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # its dataclasses look their module up
    try:
        spec.loader.exec_module(bench)
    finally:
        del sys.modules[spec.name]
    played = {bench.lineup(2, rotation) for _, _, rotation in bench.games_played([2], 1)}
    text = section(section(README, "Loop the Loop"), "Tests and benchmark")
    said = re.search(r"two seats play all (\w+) ordered pairs of levels on each deal", text)
    assert said, "the README says which lineups two seats play"
    assert NUMBER_WORDS.index(said.group(1)) == len(played) == bench.lineups(2)
    assert played == set(bench.PAIRS)
    counts = [2, 3, 4, 5, 6]
    default = re.search(r"The default run \((\d+) deals per\nplayer count, (\d+) games\)", text)
    full = re.search(r"`--seeds (\d+) --jobs 2` \((\d+) games", text)
    assert default and full
    for seeds, games in (default.groups(), full.groups()):
        assert len(bench.games_played(counts, int(seeds))) == int(games)


@pytest.mark.parametrize(
    ("package", "doc"),
    [
        ("redwire", "redwire-page.md"),
        ("loop", "loop-page.md"),
        ("countdown", "countdown.md"),
        ("shell", "page-shell.md"),
    ],
)
def test_every_page_module_is_in_its_doc(package: str, doc: str) -> None:
    """Each module of a game's page package is named in that page's doc (docs/loop-page.md's
    module table had no row for `log_text`)."""
    text = DOCS[doc]
    modules = sorted(
        path.stem
        for path in (ROOT / "web/fusebox_web" / package).glob("*.py")
        if path.stem != "__init__"
    )
    missing = [m for m in modules if f"`{m}`" not in text and f"{m}.py" not in text]
    assert not missing, f"docs/{doc} does not name {missing}"


def test_every_mechanism_hook_is_in_docs_mechanisms() -> None:
    """Each public hook and attribute of `Mechanism` is named in docs/mechanisms.md (the hook
    table had no row for `announce_bound`, which only the README named)."""
    from engine.redwire.mechanisms.base import Mechanism

    text = DOCS["mechanisms.md"]
    hooks = [name for name in vars(Mechanism) if not name.startswith("_")]
    missing = [h for h in hooks if not re.search(rf"`(?:\w+\.)*{h}\b", text)]
    assert not missing, f"docs/mechanisms.md does not name {missing}"


def test_docs_engine_restricted_ranges_are_the_missions() -> None:
    """docs/engine.md's mission-file example said missions 2 and 3 restrict the red wires'
    numbers; mission 2 restricts its yellow ones (1..7), mission 3 its red ones (1..9)."""
    import tomllib

    line = next(x for x in DOCS["engine.md"].splitlines() if "restricted range" in x)
    said = re.search(
        r"# (\w+) = \{ keep = \d+, numbers = \[(\d+), (\d+)\] \}.*\(mission (\d+); mission (\d+): (\w+) (\d+)\.\.(\d+)\)",
        line,
    )
    assert said, line
    colour, low, high, mission, other, other_colour, other_low, other_high = said.groups()
    for number, wanted, span in (
        (mission, colour, (low, high)),
        (other, other_colour, (other_low, other_high)),
    ):
        wires = tomllib.loads((ROOT / f"missions/m{int(number):02d}.toml").read_text())["wires"]
        assert wires[wanted]["numbers"] == [int(span[0]), int(span[1])], (number, wanted)


def test_build_py_test_row_names_the_pages_type_check() -> None:
    """`build.py test` runs mypy twice; the README's row said "mypy" once and named no paths."""
    import build

    source = Path(build.__file__).read_text()
    mine = re.search(r"mine = \[([^\]]*)\]", source)
    assert mine
    paths = re.findall(r'"([^"]+)"', mine.group(1))
    row = re.search(r"^\| `python3 build.py test \[PYTEST ARGS\]` \|(.*)$", README, re.M)
    assert row
    said = re.search(r"then the page's: ([^)]*)\)", row.group(1))
    assert said, "the README's row names the page's mypy run"
    assert re.findall(r"`([^`]+)`", said.group(1)) == paths
