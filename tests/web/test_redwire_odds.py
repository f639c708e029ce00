"""The "show odds" learning aid: exact figures from engine.redwire.deduction, shown and explained right.

Most positions come from an explicit deal (mission 2, four players, every wire known to the
test), played with explicit actions; a few reasons need a hand-made observation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, cast

import pytest
from fusebox_web.redwire import board, odds, storage
from fusebox_web.redwire.affordances import affordances
from fusebox_web.redwire.odds import OddsCache, odds_tile, percent_number, reason_text, wire_odds
from fusebox_web.redwire.selection import Selection, fresh
from fusebox_web.redwire.session import Game, Session
from fusebox_web.redwire.storage import MemoryStore
from fusebox_web.redwire.table import Table
from fusebox_web.redwire.words import Words
from fusebox_web.shell.i18n import Catalog

from engine import redwire
from engine.redwire import Cut, GameState, Pick, PlaceToken
from engine.redwire.deduction import position_from_observation, solve
from engine.redwire.observation_types import Observation
from engine.redwire.wires import RED, YELLOW

NAMES = ["Ana", "Bea", "Carlo", "Dora"]
#: Mission 2 (blue 1-8, the yellow 2.1 and 7.1), stand i belongs to seat i.
DEAL: list[list[str | int]] = [
    [1, 2, 2, 2, 3, 3, 4, 4, "2.1"],
    [1, 1, 1, 2, 5, 5, 6, 6, "7.1"],
    [3, 3, 4, 4, 7, 7, 8, 8],
    [5, 5, 6, 6, 7, 7, 8, 8],
]
F0, F1 = Fraction(0), Fraction(1)
PERCENT = re.compile(r"^(<1|>99|\d+)%$")


#: The same deal but for a 3 and a 5 swapped between Carlo and Dora: the same for Ana to see.
TWIN: list[list[str | int]] = [*DEAL[:2], [3, 4, 4, 5, 7, 7, 8, 8], [3, 5, 6, 6, 7, 7, 8, 8]]


def dealt(deal: list[list[str | int]] = DEAL) -> GameState:
    """The deal after the setup tokens: Bea's first wire (a 1) carries hers."""
    state = redwire.start(redwire.explicit_setup(2, 4, 0, deal))
    for seat, stand, slot in [(0, 0, 7), (1, 1, 0), (2, 2, 4), (3, 3, 7)]:
        state, _ = state.apply(PlaceToken(seat, stand, slot))
    assert state.phase.value == "turn" and state.to_move == 0
    return state


def words(catalog: Catalog, obs: Mapping[str, Any]) -> Words:
    return Words(catalog, NAMES[: obs["players"]], [s["owner"] for s in obs["stands"]])


def shown(html: str) -> list[tuple[str, str]]:
    """(data-value, percentage text) of every line of the distribution, in order."""
    found = re.findall(
        r'<li class="rw-odds-item[^"]*" data-value="([^"]+)"[^>]*>.*?'
        r'<span class="rw-odds-p">([^<]+)</span></li>',
        html,
    )
    return [(value, text.replace("&lt;", "<").replace("&gt;", ">")) for value, text in found]


def odds_html(state: GameState, viewer: int, catalog: Catalog, tile: tuple[int, int]) -> str:
    obs = state.observation(viewer)
    aff = affordances(state, viewer)
    sel = fresh(aff).tap_tile(tile)
    found = wire_odds(obs, tile)
    inp = board.BoardInput(
        obs=obs,
        words=words(catalog, obs),
        aff=aff,
        sel=sel,
        kinds=["human", "bot", "bot", "bot"],
        odds_toggle=True,
        odds_on=True,
        odds=found,
    )
    return board.render(inp)["odds"]


def test_every_wire_matches_the_engine_deduction_exactly() -> None:
    state = dealt()
    obs = state.observation(0)
    solution = solve(position_from_observation(obs))
    held = affordances(state, 0).values  # what the value picker offers
    assert held == (1, 2, 3, 4, YELLOW)
    for stand in (1, 2, 3):
        for slot in range(len(DEAL[stand])):
            found = wire_odds(obs, (stand, slot))
            exact = solution.class_probabilities((stand, slot))
            assert {c.value: c.chance for c in found.distribution} == exact
            assert sum(c.chance for c in found.distribution) == 1
            chances = [c.chance for c in found.distribution]
            assert chances == sorted(chances, reverse=True)  # most likely first
            assert [c.value for c in found.cuts] == list(held)
            for cut in found.cuts:
                assert cut.success == exact.get(cut.value, 0)
                assert cut.explosion == exact.get(RED, 0) == 0  # mission 2 has no red wire
            # The truth is always possible.
            truth = redwire.wires.cut_value(state.code_at(stand, slot))
            assert exact.get(truth, 0) > 0


def test_a_token_makes_a_wire_certain_and_says_so(catalog: Catalog) -> None:
    state = dealt()
    found = wire_odds(state.observation(0), (1, 0))
    assert found.certain and found.distribution[0].value == 1
    assert found.reason == "rw.why.cut_token"
    assert [(c.value, c.success) for c in found.cuts][:2] == [(1, F1), (2, F0)]
    html = odds_html(state, 0, catalog, (1, 0))
    assert shown(html) == [("1", "100%")]
    w = words(catalog, state.observation(0))
    # The bots' own sentence, in the catalog's language.
    assert reason_text(found, w) == catalog.t("rw.why.cut_token", value="1", where=w.where(1, 0))
    assert reason_text(found, w).replace("'", "&#x27;") in html
    best = re.search(r'<tr[^>]*data-value="1"><th scope="row">1</th><td>([^<]+)', html)
    assert best and best.group(1).strip() == "100%"
    assert catalog.t("rw.odds.best") in html


def test_percentages_shown_are_the_exact_chances_rounded(catalog: Catalog) -> None:
    state = dealt()
    obs = state.observation(0)
    solution = solve(position_from_observation(obs))
    tile = (2, 3)  # Carlo's fourth wire: several values possible
    exact = solution.class_probabilities(tile)
    assert len(exact) > 2
    lines = shown(odds_html(state, 0, catalog, tile))
    assert len(lines) == len(exact)
    total = 0.0
    for value, text in lines:
        assert PERCENT.match(text), text
        chance = exact[YELLOW if value == "yellow" else int(value)]
        assert text == f"{percent_number(chance)}%"
        if text[0].isdigit():
            assert abs(int(text[:-1]) - 100 * chance) <= Fraction(1, 2)
            total += int(text[:-1])
        else:
            total += 0.5 if text.startswith("<") else 99.5
    assert abs(total - 100) <= len(lines) / 2
    found = wire_odds(obs, tile)
    assert found.reason in ("rw.odds.why.likely", "rw.odds.why.tie")
    assert found.params["percent"] == max(exact.values())


def test_two_neighbours_of_one_value_make_the_wire_between_certain(catalog: Catalog) -> None:
    state = dealt()
    state, _ = state.apply(Cut(0, ((1, 2),), (1,)))  # Ana: is Bea's wire 3 a 1? Yes.
    state, _ = state.apply(Pick(0, 0, 0))  # Ana cuts her own 1
    obs = state.observation(0)
    found = wire_odds(obs, (1, 1))  # between the token 1 and the cut 1
    assert found.certain and found.distribution[0].value == 1
    assert found.reason == "rw.odds.why.between"
    w = words(catalog, obs)
    text = reason_text(found, w)
    assert text == catalog.t("rw.odds.why.between", value="1", where=w.where(1, 1))
    # Computed from the viewer's observation only: the same figures from a copy of it.
    assert wire_odds(json.loads(json.dumps(obs)), (1, 1)) == found


def with_parts(obs: Observation, **parts: Any) -> Observation:
    """The observation with some mechanisms' parts replaced."""
    return cast(Observation, {**obs, "mechanisms": {**obs["mechanisms"], **parts}})


def hand_made(stands: list[list[Any]], red: list[int], labels: list[Any] = ()) -> Observation:  # type: ignore[assignment]
    """A seat-0 observation: own wires are labels, teammates' wires None (hidden) or
    ("cut", label) or ("info", value)."""

    def slot(owner: int, wire: Any) -> dict[str, Any]:
        if owner == 0:
            return {"cut": False, "wire": str(wire), "info": None}
        if isinstance(wire, tuple) and wire[0] == "cut":
            return {"cut": True, "wire": str(wire[1]), "info": None}
        if isinstance(wire, tuple):
            return {"cut": False, "wire": None, "info": wire[1]}
        return {"cut": False, "wire": None, "info": None}

    return cast(
        Observation,
        {
            "viewer": 0,
            "players": len(stands),
            "blue_values": [1, 2],
            "log": [],
            "mechanisms": {"labels": {"placed": list(labels)}, "stabilizer": {"active": False}},
            "markers": {
                "red": {"values": [f"{v}.5" for v in red], "in_play": len(red), "certain": True},
                "yellow": {"values": [], "in_play": 0, "certain": False},
            },
            "stands": [
                {"owner": owner, "slots": [slot(owner, w) for w in wires]}
                for owner, wires in enumerate(stands)
            ],
        },
    )


def test_a_surely_red_wire_says_it_explodes(catalog: Catalog) -> None:
    # Ana holds every blue wire but one 2; Bea's two hidden wires: the 2 and the red 1.5.
    obs = hand_made([[1, 1, 1, 1, 2, 2, 2], [None, None]], red=[1])
    found = wire_odds(obs, (1, 0))  # sorted: 1.5 comes before 2
    assert [(c.value, c.chance) for c in found.distribution] == [(RED, F1)]
    assert found.reason == "rw.odds.why.red"
    assert [(c.value, c.success, c.explosion) for c in found.cuts] == [(1, F0, F1), (2, F0, F1)]
    w = words(catalog, obs)
    assert reason_text(found, w) == catalog.t("rw.odds.why.red", where=w.where(1, 0))
    other = wire_odds(obs, (1, 1))
    assert [(c.value, c.chance) for c in other.distribution] == [(2, F1)]
    assert [(c.value, c.success, c.explosion) for c in other.cuts] == [(1, F0, F0), (2, F1, F0)]
    # Under the Stabilizer a red wire does not explode.
    calm = wire_odds(with_parts(obs, stabilizer={"active": True}), (1, 0))
    assert calm.stabilized and all(c.explosion == 0 for c in calm.cuts)


def test_an_equal_label_and_a_possible_red_wire_are_explained(catalog: Catalog) -> None:
    # Bea: two hidden wires joined by "=", the second shows a 2 token; Carlo: two hidden wires.
    # Left for them: 2, 2, 2 and the red 1.5.
    labels = [{"stand": 1, "slots": [0, 1], "kind": "eq"}]
    obs = hand_made([[1, 1, 1, 1, 2], [None, ("info", 2)], [None, None]], red=[1], labels=labels)
    found = wire_odds(obs, (1, 0))
    assert [(c.value, c.chance) for c in found.distribution] == [(2, F1)]
    assert found.reason == "rw.odds.why.label" and found.params["other"] == 2
    w = words(catalog, obs)
    assert reason_text(found, w) == catalog.t(
        "rw.odds.why.label", value="2", where=w.where(1, 0), other=2
    )
    # Without the label, Bea's first wire could be the red one.
    unlabelled = wire_odds(with_parts(obs, labels={"placed": []}), (1, 0))
    assert {c.value for c in unlabelled.distribution} == {2, RED}


def test_a_wire_that_may_be_red_warns_of_it(catalog: Catalog) -> None:
    # Ana holds 1, 1, 1, 1, 2, 2; left: 2, 2 and the red 1.5 for Bea (two wires) and Carlo (one).
    obs = hand_made([[1, 1, 1, 1, 2, 2], [None, None], [None]], red=[1])
    found = wire_odds(obs, (2, 0))
    exact = solve(position_from_observation(obs)).class_probabilities((2, 0))
    assert {c.value: c.chance for c in found.distribution} == exact
    assert set(exact) == {2, RED}
    assert found.params.get("red") == exact[RED]
    w = words(catalog, obs)
    text = reason_text(found, w)
    assert catalog.t("rw.odds.why.mayBeRed", red=f"{percent_number(exact[RED])}%") in text
    assert all(c.explosion == exact[RED] for c in found.cuts)
    html = board.odds_region(
        board.BoardInput(
            obs=obs,
            words=w,
            aff=affordances(dealt(), 0),
            sel=Selection("cut", ((2, 0),)),
            kinds=["human", "bot", "bot"],
            odds_toggle=True,
            odds_on=True,
            odds=found,
        )
    )
    assert "#rw-i-red" in html  # the red line carries the flame, not colour alone
    assert {v for v, _ in shown(html)} == {"2", "red"}


def test_percent_numbers() -> None:
    assert percent_number(Fraction(0)) == "0"
    assert percent_number(Fraction(1)) == "100"
    assert percent_number(Fraction(1, 3)) == "33"
    assert percent_number(Fraction(1, 200)) == "1"  # half up
    assert percent_number(Fraction(1, 1000)) == "<1"
    assert percent_number(Fraction(999, 1000)) == ">99"
    assert percent_number(Fraction(199, 200)) == ">99"


def test_only_a_teammates_uncut_wire_in_a_cut_mode_asks_for_odds() -> None:
    state = dealt()
    obs = state.observation(0)
    assert odds_tile(Selection("cut", ((1, 3),)), obs) == (1, 3)
    assert odds_tile(Selection("double", ((1, 3), (1, 5))), obs) == (1, 5)  # the last tapped
    assert odds_tile(Selection("cut", ((0, 3),)), obs) is None  # my own wire
    assert odds_tile(Selection("cut"), obs) is None
    assert odds_tile(Selection("super", ((1, 3), (1, 4))), obs) is None
    assert odds_tile(Selection("pick", ((1, 3),)), obs) is None
    assert odds_tile(Selection("cut", ((1, 3),)), state.observation(None)) is None  # spectator
    state, _ = state.apply(Cut(0, ((1, 2),), (1,)))
    state, _ = state.apply(Pick(0, 0, 0))
    assert odds_tile(Selection("cut", ((1, 2),)), state.observation(0)) is None  # cut already


def test_the_cache_solves_once_per_position_and_viewer() -> None:
    state = dealt()
    cache = OddsCache()
    obs = state.observation(0)
    first = cache.get(state, obs, (1, 3))
    assert cache.get(state, obs, (1, 3)) is first and cache.computed == 1
    cache.get(state, obs, (2, 3))
    assert cache.computed == 2
    moved, _ = state.apply(Cut(0, ((1, 2),), (1,)))
    again = cache.get(moved, moved.observation(0), (1, 3))
    assert cache.computed == 3 and again != first
    cache.clear()
    assert cache.get(moved, moved.observation(0), (1, 3)) == again and cache.computed == 4


def test_the_toggle_and_the_panel_on_the_board(catalog: Catalog) -> None:
    state = dealt()
    obs = state.observation(0)
    aff = affordances(state, 0)
    w = words(catalog, obs)
    base = board.BoardInput(
        obs=obs, words=w, aff=aff, sel=fresh(aff), kinds=["human", "bot", "bot", "bot"]
    )
    regions = board.render(base)
    assert 'data-act="odds"' not in regions["dock"] and regions["odds"] == ""  # not offered
    off = board.render(board.BoardInput(**{**base.__dict__, "odds_toggle": True}))
    toggle = re.search(r'<button[^>]*data-act="odds"[^>]*>(.*?)</button>', off["dock"])
    assert toggle and 'aria-pressed="false"' in toggle.group(0)
    # Named by the words it shows (label in name); the full name is its tooltip.
    assert "aria-label" not in toggle.group(0)
    assert f'title="{catalog.t("rw.odds.toggle")}"' in toggle.group(0)
    assert catalog.t("rw.odds.toggle") in toggle.group(1)
    assert off["odds"] == ""
    on = board.render(board.BoardInput(**{**base.__dict__, "odds_toggle": True, "odds_on": True}))
    pressed = re.search(r'<button[^>]*data-act="odds"[^>]*>', on["dock"])
    assert pressed and 'aria-pressed="true"' in pressed.group(0)
    assert "#rw-i-check" in on["dock"]  # the box is ticked: not colour alone
    assert catalog.t("rw.odds.pick").replace("'", "&#x27;") in on["odds"]
    html = odds_html(state, 0, catalog, (2, 3))
    assert not re.search(r"\{\w+\}", html)
    assert catalog.t("rw.odds.from", name="Ana") in html
    assert html.count("<tr") == 1 + len(aff.values)


def test_the_odds_depend_only_on_what_the_viewer_sees(catalog: Catalog) -> None:
    """Two deals that differ only in wires Ana cannot see give her the same panel, wire by wire
    (and the truth differs on the wires that changed)."""
    state, twin = dealt(), dealt(TWIN)
    assert state.observation(0) == twin.observation(0)
    assert state.code_at(2, 1) != twin.code_at(2, 1)
    for tile in [(stand, s) for stand in (1, 2, 3) for s in range(len(DEAL[stand]))]:
        assert odds_html(state, 0, catalog, tile) == odds_html(twin, 0, catalog, tile)


# --------------------------------------------------------------------------- the session


def offered(s: Session) -> tuple[bool, bool]:
    """(the toggle is offered, the odds are shown)."""
    return s.odds_offered, s.odds_shown


def flags(s: Session) -> tuple[bool, bool]:
    """(odds on, assisted) of the session's game."""
    assert s.game is not None
    return s.game.odds, s.game.assisted


def sure_move(state: GameState, seat: int) -> redwire.Action:
    """A move that cannot fail, chosen knowing every wire (the test sees the whole deal)."""
    legal = state.legal_actions(seat)
    for action in legal:
        if isinstance(action, (redwire.RevealReds, redwire.SoloCut, PlaceToken, Pick)):
            return action
    for action in legal:
        if (
            isinstance(action, Cut)
            and action.tool is None
            and len(action.values) == 1
            and redwire.wires.cut_value(state.code_at(*action.targets[0])) == action.values[0]
        ):
            return action
    raise AssertionError("no sure move")


def test_the_toggle_is_saved_with_the_game_and_a_win_counts_as_assisted() -> None:
    store = MemoryStore()
    s = Session(store)
    s.table = Table.default().with_players(3).with_kinds(["human", "bot", "bot"])
    s.start(mission=1, seed=3)
    assert offered(s) == (False, False)  # the briefing: no board yet
    s.begin()
    assert offered(s) == (True, False) and flags(s) == (False, False)
    s.set_odds(True)
    assert offered(s) == (True, True) and flags(s) == (True, True)
    saved = storage.read(store, storage.GAME, lambda raw: raw).value
    assert saved is not None and saved["odds"] is True and saved["assisted"] is True
    # A reload keeps it on; turning it off does not undo the help already given.
    again = Session(store)
    again.load()
    assert offered(again) == (True, True) and flags(again) == (True, True)
    again.set_odds(False)
    assert offered(again) == (True, False) and flags(again) == (False, True)
    while not again.state.is_over:
        if again.bot_seat() is not None:
            again.play_bot()
        else:
            again.apply(sure_move(again.state, 0))
    assert again.state.result == "won" and offered(again) == (False, False)  # over
    assert again.campaign.progress[1].wins == 1 and again.campaign.progress[1].assisted


def test_a_win_without_help_is_not_assisted() -> None:
    s = Session(MemoryStore())
    s.table = Table.default().with_players(3).with_kinds(["human", "bot", "bot"])
    s.start(mission=1, seed=3)
    s.begin()
    while not s.state.is_over:
        if s.bot_seat() is not None:
            s.play_bot()
        else:
            s.apply(sure_move(s.state, 0))
    assert s.state.result == "won" and not s.campaign.progress[1].assisted


def test_old_saves_without_the_field_load_with_odds_off() -> None:
    s = Session(MemoryStore())
    s.table = Table.default().with_players(3)
    game = s.start(mission=1, seed=3)
    raw = game.to_json()
    del raw["odds"]
    loaded = Game.from_json(raw)
    assert loaded.odds is False and loaded.assisted is False
    with pytest.raises(ValueError):
        Game.from_json({**raw, "odds": "yes"})


def test_pass_and_play_offers_the_odds_only_to_the_seat_holding_the_device() -> None:
    s = Session(MemoryStore())
    s.table = Table.default().with_players(2).with_kinds(["human", "human"])
    s.start(mission=1, seed=5)
    s.begin()
    assert s.handoff is not None and offered(s) == (False, False)  # nothing private then
    s.accept_handoff()
    s.set_odds(True)
    assert offered(s) == (True, True)
    s.apply(s.state.legal_actions(s.viewer)[0])  # type: ignore[arg-type]
    assert s.handoff is not None and offered(s) == (False, False)
    demo = Session(MemoryStore())
    demo.table = Table.default().with_players(2).with_kinds(["bot", "bot"])
    demo.start(mission=1, seed=5)
    demo.begin()
    demo.set_odds(True)
    assert offered(demo) == (False, False)  # computers never show odds


def test_the_odds_keys_exist_in_every_language(catalog: Catalog) -> None:
    english = set(catalog.messages["en"])
    for key in odds.REASON_KEYS:
        assert key in english
        for lang in catalog.messages:
            assert catalog.messages[lang][key].strip()
    assert catalog.messages["it"]["rw.odds.toggle"] == "Mostra probabilità"
    assert "odds" in catalog.messages["en"]["rw.campaign.assisted"]
    assert "probabilità" in catalog.messages["it"]["rw.campaign.assisted"]
