"""Nothing lost: a damaged save brings back what it still holds (the actions that replay, the
missions that read), tells the player, and keeps the damaged copy (listed, dated, restorable).
Tested with truncated, hand-edited and future-version data."""

from __future__ import annotations

import json

import pytest
from fusebox_web.redwire import home, storage
from fusebox_web.redwire.markup import esc
from fusebox_web.redwire.recovery import lenient_json, salvage_game, salvage_progress
from fusebox_web.redwire.session import Session
from fusebox_web.redwire.storage import MemoryStore, Store
from fusebox_web.redwire.table import Table
from fusebox_web.shell.i18n import Catalog, load_catalogs

from engine.redwire.campaign import Campaign

from .conftest import WEB


def played_session(moves: int, seed: int = 3) -> Session:
    """A one-person game of mission 1 with ``moves`` actions played (bots included)."""
    s = Session(MemoryStore())
    s.table = Table.default().with_players(3)
    s.start(mission=1, seed=seed, captain=0)
    s.begin()
    while len(s.state.history) < moves:
        if s.bot_seat() is not None:
            s.play_bot()
        else:
            seat = s.state.to_move
            assert seat is not None
            s.apply(s.state.legal_actions(seat)[0])
    return s


def reload(store: Store) -> Session:
    again = Session(store)
    again.load()
    return again


@pytest.mark.parametrize("k", [1, 4, 9])
def test_a_record_hand_edited_at_action_k_resumes_after_action_k_minus_1(k: int) -> None:
    s = played_session(12)
    text = s.store.get(storage.GAME)
    assert text is not None
    raw = json.loads(text)
    raw["data"]["record"]["actions"][k - 1]["slot"] = 42  # no wire 43 on any stand
    s.store.set(storage.GAME, json.dumps(raw))
    again = reload(s.store)
    assert again.game is not None
    assert again.state.history == s.state.history[: k - 1]
    assert again.problems == [("rw.storage.gameRepaired", {"broken": k, "kept": k - 1})]
    # The repaired game is saved; the damaged text is in the quarantine, as it was.
    assert reload(s.store).state.history == s.state.history[: k - 1]
    assert [q.text for q in again.quarantined()] == [json.dumps(raw)]


@pytest.mark.parametrize("cut", [10, 80, 300])
def test_a_truncated_save_resumes_with_what_it_holds(cut: int) -> None:
    s = played_session(12)
    text = s.store.get(storage.GAME) or ""
    s.store.set(storage.GAME, text[:-cut])
    again = reload(s.store)
    assert again.game is not None
    kept = len(again.state.history)
    assert 0 < kept <= len(s.state.history) and again.state.history == s.state.history[:kept]
    key, params = again.problems[0]
    assert key in ("rw.storage.gameRepaired", "rw.storage.gameRepairedDetails")
    assert params["kept"] == kept


def test_a_save_from_a_newer_page_is_kept_not_guessed_at() -> None:
    s = played_session(4)
    raw = json.loads(s.store.get(storage.GAME) or "")
    raw["version"] = 7
    s.store.set(storage.GAME, json.dumps(raw))
    again = reload(s.store)
    assert again.game is None
    assert again.problems == [("rw.storage.newerGame", {})]
    [kept] = again.quarantined()
    assert json.loads(kept.text)["version"] == 7 and "newer" in kept.problem
    # Restoring it reads it again: still newer, so back in the quarantine, still not lost.
    again.restore(kept.key)
    assert again.game is None and again.problems[-1] == ("rw.storage.newerGame", {})
    assert [json.loads(q.text)["version"] for q in again.quarantined()] == [7]


def test_a_damaged_campaign_keeps_every_mission_that_reads() -> None:
    campaign = Campaign().finished(1, 3, 0, won=True).finished(2, 3, 1, won=True)
    store = MemoryStore()
    progress = {"campaign": campaign.to_json(), "table": Table.default().to_json()}
    progress["campaign"]["missions"]["3"] = {"attempts": "many", "wins": 0}
    storage.write(store, storage.PROGRESS, progress)
    s = reload(store)
    assert s.campaign.status(1) == "won" and s.campaign.status(2) == "won"
    assert s.campaign.status(3) == "open"
    assert s.problems == [("rw.storage.progressRepaired", {"won": 2, "lost": 1})]
    assert len(s.quarantined()) == 1


def test_an_unreadable_campaign_is_explained_and_can_be_restored() -> None:
    store = MemoryStore()
    store.set(storage.PROGRESS, "garbage{")
    s = reload(store)
    assert s.problems == [("rw.storage.badProgress", {})]
    assert s.campaign.progress == {}
    # Not written back as an empty campaign: the next visit still knows progress was lost.
    assert store.get(storage.PROGRESS) is None
    [kept] = s.quarantined()
    assert kept.kind == "progress" and kept.text == "garbage{"


def test_restoring_a_good_copy_brings_the_campaign_back() -> None:
    campaign = Campaign().finished(1, 3, 0, won=True)
    good = json.dumps(
        storage.SAVES.wrap(
            "progress", {"campaign": campaign.to_json(), "table": Table.default().to_json()}
        )
    )
    store = MemoryStore({"fusebox.redwire.quarantine.progress.1": good})
    s = reload(store)
    assert s.campaign.progress == {}
    s.restore("fusebox.redwire.quarantine.progress.1")
    assert s.campaign.status(1) == "won" and s.problems == []


def test_lenient_json_keeps_the_longest_readable_prefix() -> None:
    assert lenient_json('{"a": {"b": [1, 2, 3') == {"a": {"b": [1, 2]}}
    assert lenient_json('["x", "y\\"z') == ["x"]
    assert salvage_game("not json at all") is None
    assert salvage_progress("{}") is None


def damaged_progress(kind: str) -> str:
    """Saved progress damaged in three ways: not JSON, one mission's entry hand-edited (the
    others read: missions 1 and 2 won), written by a newer page."""
    if kind == "not JSON":
        return "garbage{"
    campaign = Campaign().finished(1, 3, 0, won=True).finished(2, 3, 1, won=True)
    progress = {"campaign": campaign.to_json(), "table": Table.default().to_json()}
    progress["campaign"]["missions"]["3"] = {"attempts": "many", "wins": 0}
    envelope = storage.SAVES.wrap("progress", progress)
    if kind == "newer":
        envelope["version"] = 9
    return json.dumps(envelope)


@pytest.mark.parametrize("kind", ["not JSON", "one entry", "newer"])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_damaged_progress_is_said_once_on_the_home_screen(kind: str, lang: str) -> None:
    """The visit that sets damaged progress aside says so once, in one notice (what was kept,
    what was brought back); the home screen's "kept" line comes on later visits, never beside
    the notice (before: "Brought back: 2 missions won" above "Earlier progress could not be
    read"). The missions brought back are counted."""
    t = load_catalogs(WEB / "i18n", lang).t
    store = MemoryStore()
    store.set(storage.PROGRESS, damaged_progress(kind))
    s = reload(store)
    notices = [t(key, **params) for key, params in s.problems]
    html = home.home(t, home.home_input(t, s, notices))
    assert s.progress_problem is not None and len(notices) == 1
    assert html.count(esc(notices[0])) == 1
    assert esc(t("rw.home.progressKept")) not in html
    won = 2 if kind == "one entry" else 0
    shown = esc(t("rw.home.progress", won=won, total=len(home.MISSIONS)))
    assert (shown in html) == (won > 0)

    # The next visit: no notice (it was said), the "kept" line says where the copy is.
    again = reload(store)
    assert again.problems == [] and again.progress_problem is None
    html = home.home(t, home.home_input(t, again, []))
    assert html.count(esc(t("rw.home.progressKept"))) == 1
    assert (shown in html) == (won > 0)


@pytest.mark.parametrize(("level", "said"), [("genius", "genius"), (7, "7"), (None, "null")])
def test_an_unknown_computer_level_is_said_and_played_at_the_best_level(
    level: object, said: str
) -> None:
    """A saved game whose computer seat has a level this page does not have (hand-edited) is
    set aside as it was, like any damaged save, and comes back whole, that seat at the best
    level, with a sentence naming the player and both levels (before: it loaded at the best
    level without a word, and the edited copy was overwritten by the next save)."""
    s = played_session(6)
    raw = json.loads(s.store.get(storage.GAME) or "")
    raw["data"]["table"]["seats"][1]["level"] = level
    edited = json.dumps(raw)
    s.store.set(storage.GAME, edited)
    again = reload(s.store)
    assert again.game is not None and again.state.history == s.state.history
    assert again.game.table.seat(1).level == "expert"
    assert again.problems == [
        ("rw.storage.levelReset", {"seat": 1, "level": said, "best": "expert"})
    ]
    [kept] = again.quarantined()
    assert kept.kind == "game" and kept.text == edited
    for lang, words in (("en", ("Ben", "Expert")), ("it", ("Bruno", "Esperto"))):
        t = load_catalogs(WEB / "i18n", lang).t
        text = home.problem_text(t, again, *again.problems[0])
        assert all(word in text for word in (*words, f"{said}")), text
    # Saved back at the best level: the next visit loads it as it is, with nothing to say.
    assert reload(s.store).problems == []


def test_an_unknown_level_beside_a_broken_action_says_both() -> None:
    s = played_session(6)
    raw = json.loads(s.store.get(storage.GAME) or "")
    raw["data"]["table"]["seats"][2]["level"] = "genius"
    raw["data"]["record"]["actions"][3]["seat"] = 9
    s.store.set(storage.GAME, json.dumps(raw))
    again = reload(s.store)
    assert [key for key, _ in again.problems] == [
        "rw.storage.gameRepaired",
        "rw.storage.levelReset",
    ]
    assert again.game is not None and again.game.table.seat(2).level == "expert"


def test_a_person_s_level_is_not_a_computer_s() -> None:
    """A person's seat keeps a level only for when it becomes a computer: not worth a word."""
    s = played_session(4)
    raw = json.loads(s.store.get(storage.GAME) or "")
    raw["data"]["table"]["seats"][0]["level"] = "genius"
    s.store.set(storage.GAME, json.dumps(raw))
    again = reload(s.store)
    assert again.problems == [] and again.game is not None


def test_an_unknown_computer_level_at_the_saved_table_is_said_too() -> None:
    """The table screen's saved seats (the progress) are read the same way: the computer at an
    unknown level plays at the best one, the campaign and the names come back whole, the copy
    as saved is kept, and the sentence names the table's player (not a game's)."""
    campaign = Campaign().finished(1, 3, 0, won=True)
    table = Table.default().with_players(3).with_seat(2, name="Zed").to_json()
    table["seats"][2]["level"] = "genius"
    store = MemoryStore()
    storage.write(store, storage.PROGRESS, {"campaign": campaign.to_json(), "table": table})
    edited = store.get(storage.PROGRESS)
    s = reload(store)
    assert s.campaign.status(1) == "won" and s.table.seat(2).name == "Zed"
    assert s.table.seat(2).level == "expert"
    problem = (
        "rw.storage.tableLevelReset",
        {"seat": 2, "seat_of": "table", "level": "genius", "best": "expert"},
    )
    assert s.problems == [problem] and s.progress_problem == problem
    [kept] = s.quarantined()
    assert kept.kind == "progress" and kept.text == edited
    t = load_catalogs(WEB / "i18n", "en").t
    said = home.problem_text(t, s, *problem)
    assert "Zed" in said and "genius" in said and "Expert" in said
    html = home.home(t, home.home_input(t, s, [said]))
    assert html.count(esc(said)) == 1 and esc(t("rw.home.progressKept")) not in html
    assert reload(store).problems == []


def test_the_saved_tables_seat_is_named_from_the_table_beside_a_saved_game() -> None:
    """With a saved game whose seats have other names, the table screen's computer at an
    unknown level is still named from the table screen's seats (the problem says whose seat it
    is), and the saved game's own problems from the game's."""
    s = played_session(4)
    table = Table.default().with_players(3).with_seat(2, name="Zed").to_json()
    table["seats"][2]["level"] = "genius"
    campaign = Campaign().finished(1, 3, 0, won=True)
    storage.write(s.store, storage.PROGRESS, {"campaign": campaign.to_json(), "table": table})
    again = reload(s.store)
    assert again.game is not None and again.game.table.seat(2).name != "Zed"
    t = load_catalogs(WEB / "i18n", "en").t
    [problem] = again.problems
    said = home.problem_text(t, again, *problem)
    assert "Zed" in said and "genius" in said, said
    game = again.game.table.names(lambda i: t(f"rw.name.{i + 1}"))
    level = home.problem_text(
        t, again, "rw.storage.levelReset", {"seat": 2, "level": "x", "best": "expert"}
    )
    assert game[2] in level and "Zed" not in level, level


def test_a_damaged_table_keeps_its_people_and_names() -> None:
    """A saved pass-and-play game whose table no longer reads (a hand-edited pace) comes back
    with the same people, names and levels, only the bad field reset (before: the default
    table, one person and computers, the names lost: Zed's seat played by a computer)."""
    s = Session(MemoryStore())
    s.table = (
        Table.default()
        .with_players(3)
        .with_kinds(["human", "human", "bot"])
        .with_seat(1, name="Zed")
        .with_seat(2, level="cautious")
    )
    s.start(mission=1, seed=3, captain=0)
    s.begin()
    raw = json.loads(s.store.get(storage.GAME) or "")
    raw["data"]["table"]["pace"] = "zoom"
    s.store.set(storage.GAME, json.dumps(raw))
    again = reload(s.store)
    assert again.game is not None
    table = again.game.table
    assert table.seat_kinds() == ["human", "human", "bot"] and table.seat(1).name == "Zed"
    assert table.seat(2).level == "cautious" and table.pace == "normal"
    assert [key for key, _ in again.problems] == ["rw.storage.gameRepairedDetails"]


def test_damaged_progress_keeps_the_table_and_the_captain_chosen() -> None:
    campaign = Campaign().finished(1, 3, 0, won=True).to_json()
    campaign["missions"]["2"] = {"wins": "many"}
    table = Table.default().with_players(4).with_seat(3, kind="human", name="Dee").to_json()
    table["pace"] = "zoom"
    store = MemoryStore()
    storage.write(store, storage.PROGRESS, {"campaign": campaign, "table": table, "captain": 3})
    s = reload(store)
    assert s.campaign.status(1) == "won" and s.captain == 3
    assert s.table.players == 4 and s.table.seat(3).name == "Dee" and not s.table.seat(3).is_bot
    assert reload(store).captain == 3  # saved back with it


def test_progress_damaged_outside_its_missions_says_no_count_of_lost_entries(
    catalog: Catalog,
) -> None:
    """Only the table damaged (a hand-edited player count): every mission reads, so the notice
    says they are all back and the settings reset, not "entries that could not be read: 0"."""
    campaign = Campaign().finished(1, 3, 0, won=True).to_json()
    table = Table.default().with_players(4).to_json()
    table["players"] = 9
    store = MemoryStore()
    storage.write(store, storage.PROGRESS, {"campaign": campaign, "table": table})
    s = reload(store)
    assert s.campaign.status(1) == "won"
    assert s.problems == [("rw.storage.progressSettings", {"won": 1, "lost": 0})]
    for lang in ("en", "it"):
        text = catalog.with_lang(lang).t("rw.storage.progressSettings", won=1, lost=0)
        assert "1" in text and "0" not in text, text
