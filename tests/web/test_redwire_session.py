"""The controller without the page: whose view, handoffs, bots, saving, campaign, links."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fusebox_web.redwire import storage
from fusebox_web.redwire.session import Game, Session
from fusebox_web.redwire.storage import MemoryStore
from fusebox_web.redwire.table import Table

from engine import redwire
from engine.redwire import PlaceToken

KINDS = {"solo": ["human", "bot", "bot"], "pass": ["human", "human", "bot"], "demo": ["bot"] * 3}


def session(kinds: list[str], store: MemoryStore | None = None) -> Session:
    s = Session(store or MemoryStore())
    s.table = Table.default().with_players(len(kinds)).with_kinds(kinds)
    return s


def viewer_of(s: Session) -> int | None:
    return s.viewer


def play_humans_first(s: Session) -> None:
    """Play the first legal action for whoever must decide (humans through the session)."""
    state = s.state
    seat = state.to_move
    assert seat is not None
    s.apply(state.legal_actions(seat)[0])


def test_one_human_always_sees_their_own_view() -> None:
    s = session(KINDS["solo"])
    s.start(mission=1, seed=3)
    assert s.game is not None and s.game.stage == "briefing"
    s.begin()
    assert s.viewer == 0 and s.handoff is None
    while s.bot_seat() is not None:
        s.play_bot()
        assert s.viewer == 0 and s.handoff is None


def test_pass_and_play_hands_the_device_to_the_next_human() -> None:
    s = session(KINDS["pass"])
    s.start(mission=1, seed=4)
    s.begin()
    for _ in range(40):
        if s.game is None or s.game.stage == "over":
            break
        if s.handoff is not None:
            assert viewer_of(s) is None  # nothing private while the device changes hands
            target = s.handoff
            s.accept_handoff()
            assert viewer_of(s) == target
            continue
        if s.bot_seat() is not None:
            holder = s.viewer
            s.play_bot()
            assert s.viewer in (holder, None)  # a bot never takes the device
            continue
        assert s.state.to_move == s.viewer
        play_humans_first(s)


def test_nobody_human_is_a_demonstration() -> None:
    s = session(KINDS["demo"])
    s.start(mission=1, seed=2)
    s.begin()
    assert s.viewer is None and s.handoff is None
    moves = 0
    while s.bot_seat() is not None:
        s.play_bot()
        moves += 1
    assert s.game is not None and s.game.stage == "over" and moves > 10
    # The bots explained every move.
    assert len(s.game.notes) == moves and all(note.text for note in s.game.notes)


def test_a_reload_restores_the_game_the_turn_and_the_handoff() -> None:
    store = MemoryStore()
    s = session(KINDS["pass"], store)
    s.start(mission=2, seed=9)
    s.begin()
    if s.handoff is not None:
        s.accept_handoff()
    while s.handoff is None:
        if s.bot_seat() is not None:
            s.play_bot()
        else:
            play_humans_first(s)
    again = Session(store)
    again.load()
    assert again.game is not None and not again.problems
    assert again.state.same_as(s.state)
    assert (again.handoff, again.viewer) == (s.handoff, None)
    assert s.game is not None and again.game.notes == s.game.notes


def test_the_result_counts_once_and_the_captain_passes_on() -> None:
    s = session(KINDS["demo"])
    game = s.start(mission=1, seed=2)
    first_captain = game.state.setup.captain
    s.begin()
    while s.bot_seat() is not None:
        s.play_bot()
    progress = s.campaign.progress[1]
    assert progress.attempts == 1
    # Loading the finished game again does not count it twice.
    again = Session(s.store)
    again.load()
    assert again.campaign.progress[1].attempts == 1
    retry = again.retry()
    assert retry.state.setup.captain == (first_captain + 1) % 3
    assert retry.stage == "briefing"


def test_a_game_link_deals_exactly_its_seed() -> None:
    s = session(KINDS["solo"])
    game = s.start(mission=4, seed=7, from_link=True, players=4)
    expected = redwire.new_game(4, 4, 7)
    assert game.state.setup == expected.setup


def test_bad_saves_are_quarantined_not_lost() -> None:
    store = MemoryStore(
        {storage.GAME: '{"format": "fusebox.redwire.game", "version": 1, "data": 3}'}
    )
    store.set(storage.PROGRESS, "[1, 2")
    s = Session(store)
    s.load()
    assert s.problems == [("rw.storage.badProgress", {}), ("rw.storage.badGame", {})]
    assert s.game is None and s.campaign.progress == {}
    kept = {k: v for k, v in store.items.items() if k.startswith(storage.QUARANTINE)}
    assert sorted(kept.values()) == sorted(
        ['{"format": "fusebox.redwire.game", "version": 1, "data": 3}', "[1, 2"]
    )


def test_a_record_that_no_longer_replays_resumes_before_the_damage() -> None:
    s = session(KINDS["solo"])
    s.start(mission=1, seed=3)
    s.begin()
    assert s.game is not None
    data = s.game.to_json()
    data["record"]["actions"].append({"type": "token", "seat": 0, "stand": 0, "slot": 99})
    store = MemoryStore()
    storage.write(store, storage.GAME, data)
    original = store.get(storage.GAME)
    again = Session(store)
    again.load()
    assert again.game is not None and again.state.history == ()
    assert again.problems == [("rw.storage.gameRepaired", {"broken": 1, "kept": 0})]
    # The damaged save is kept as it was, listed with its date.
    [kept] = again.quarantined()
    assert kept.text == original and kept.kind == "game" and kept.at is not None


def test_export_and_import_round_trip() -> None:
    s = session(KINDS["solo"])
    s.campaign = s.campaign.finished(1, 3, 0, won=True)
    s.start(mission=2, seed=5)
    text = s.export_text()
    other = Session(MemoryStore())
    other.import_text(text)
    assert other.campaign == s.campaign and other.game is not None
    assert other.state.same_as(s.state)
    with pytest.raises(storage.BadData):
        other.import_text(json.dumps({"format": "something else"}))


def test_a_hint_marks_the_game_assisted() -> None:
    s = session(KINDS["solo"])
    s.start(mission=1, seed=3)
    s.begin()
    found = s.hint()
    assert found is not None
    action, note = found
    assert s.state.is_legal(action) and isinstance(action, PlaceToken) and note.seat == 0
    assert s.game is not None and s.game.assisted


def test_saved_game_json_is_checked() -> None:
    with pytest.raises(redwire.RecordError):
        Game.from_json({"table": Table.default().to_json(), "record": {}, "stage": "playing"})


def test_saves_written_by_the_format_1_page_resume_the_same_game() -> None:
    """localStorage as the page of main at 0eedd75 wrote it: a 3-seat game in progress."""
    fixtures = Path(__file__).resolve().parents[1] / "redwire" / "fixtures" / "v1"
    items = json.loads((fixtures / "page-localstorage.json").read_text())
    s = Session(MemoryStore(items))
    s.load()
    assert s.problems == []
    assert s.game is not None and s.game.mission == 4 and s.game.stage == "playing"
    saved = json.loads(items[storage.GAME])["data"]["record"]
    assert [a.to_json() for a in s.state.record.actions] == saved["actions"]
    seat = s.state.to_move
    assert seat is not None and s.state.legal_actions(seat)
    restored = Session(MemoryStore())
    restored.import_text((fixtures / "page-export.json").read_text())
    assert restored.game is not None and restored.state.same_as(s.state)


def hit_with_one_match(s: Session) -> tuple[redwire.Cut, int]:
    """Play setup tokens, then find a hitting Dual Cut of the human seat 0 whose value seat 0
    holds exactly once (returns the cut and seat 0's matching wire count)."""
    from engine.redwire import Cut
    from engine.redwire.wires import cut_value

    while s.state.phase.value == "setup_token" or s.state.to_move != 0:
        seat = s.state.to_move
        assert seat is not None
        if s.game is not None and s.game.table.seat(seat).is_bot:
            s.play_bot()
        else:
            if s.handoff is not None:
                s.accept_handoff()
            s.apply(s.state.legal_actions(seat)[0])
    state = s.state
    own = [
        code
        for stand in range(len(state.owners))
        if state.owners[stand] == 0
        for _, code in state.uncut(stand)
    ]
    for action in state.legal_actions(0):
        if isinstance(action, Cut) and action.tool is None and len(action.values) == 1:
            value = action.values[0]
            hits = cut_value(state.code_at(*action.targets[0])) == value
            if hits and sum(1 for code in own if cut_value(code) == value) == 1:
                return action, 1
    raise AssertionError("no hitting cut with a single matching wire in this deal")


@pytest.mark.parametrize("seed", [3, 8])
def test_a_lone_person_skips_the_pick_of_their_only_matching_wire(seed: int) -> None:
    s = session(["human", "bot", "bot"])
    s.start(mission=1, seed=seed, captain=0)
    s.begin()
    cut, _ = hit_with_one_match(s)
    before = len(s.state.history)
    s.apply(cut)
    # The engine asked seat 0 which of its wires to cut; the session answered with the only one.
    assert len(s.state.history) == before + 2
    assert isinstance(s.state.history[-1], redwire.Pick)
    assert s.state.phase.value != "own_cut" or s.state.to_move != 0


def test_pass_and_play_keeps_the_pick_even_with_one_matching_wire() -> None:
    s = session(["human", "human", "bot"])
    s.start(mission=1, seed=3, captain=0)
    s.begin()
    cut, _ = hit_with_one_match(s)
    s.apply(cut)
    assert s.state.phase.value == "own_cut" and s.state.to_move == 0
    pending = s.state.pending
    assert pending is not None and len(pending.options) == 1


def unsaved(s: Session) -> bool:
    """Whether a move waits to be saved (read anew: each call may have changed it)."""
    return s.unsaved


def test_a_computers_move_left_unsaved_is_saved_on_demand() -> None:
    """``play_bot(save=False)``: the move is made, the store keeps the position before it (the
    last one the page drew) until the page saves; then it holds the move."""
    store = MemoryStore()
    s = session(KINDS["demo"], store)
    s.start(mission=1, seed=5)
    s.begin()
    before = store.get(storage.GAME)
    assert before is not None and not unsaved(s)
    assert s.play_bot(save=False) is not None
    assert unsaved(s) and store.get(storage.GAME) == before
    s.save()
    assert not unsaved(s)
    after = Game.from_json(storage.unwrap(storage.GAME, json.loads(store.get(storage.GAME) or "")))
    assert after.state.history == s.state.history and len(after.state.history) == 1
