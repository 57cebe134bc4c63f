"""Replaying finished games, saving them, and reading a game from another cell."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from spit_widget import Game, ReplayWidget, load_record, save_game
from spit_widget.computer import strategy
from spit_widget.computer.tournament import play_out
from spit_widget.widget.inspection import card_counts, event_table, reaction_summary


def finished_game(variant: str = "duel", seed: int = 4) -> Game:
    game = Game(variant, seed=seed)
    play_out(game, [strategy("expert"), strategy("random", 1)], random.Random(seed))
    return game


@pytest.mark.parametrize("variant", ["duel", "classic"])
def test_saved_game_loads_and_replays_to_the_same_end(tmp_path: Path, variant: str) -> None:
    game = finished_game(variant)
    path = save_game(game, tmp_path / "game.json")
    record = load_record(path)
    assert Game.replay(record).to_dict() == game.to_dict()


def test_damaged_record_is_refused_with_a_reason(tmp_path: Path) -> None:
    record = finished_game().record()
    record["actions"][3] = ["play", 0, "ZZ", 0]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    with pytest.raises(ValueError, match="not a card"):
        load_record(path)
    (tmp_path / "junk.json").write_text("[1, 2]")
    with pytest.raises(ValueError, match="does not hold a spit-widget game record"):
        load_record(tmp_path / "junk.json")


def test_replay_widget_steps_forward_and_back(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(tmp_path))
    game = finished_game()
    r = ReplayWidget(game)
    try:
        assert r.slider.max == len(game.history)
        assert r.table.state["status"] == "game_over"
        r.slider.value = 0
        assert r.table.game.to_dict() == Game("duel", seed=game.seed).to_dict()
        assert r.table.state["status_text"].startswith("Replay: after 0 of")
        r.step(1)
        after_one = Game.replay(game.record(), upto=1)
        assert r.table.game.to_dict() == after_one.to_dict()
        r.step(-5)
        assert r.slider.value == 0
        # The replayed table takes no clicks.
        r.table._handle_custom_msg({"kind": "stuck", "id": 1}, [])
        assert r.table.state["message"]["text"] == (
            "This table only shows a game: it takes no moves.")
        assert r.table.state["you"]["plays"] == []
        assert r.table.state["stats"]["games"] == 0, "a replay is not a game played"
    finally:
        r.close()


def test_event_table_escapes_text_and_card_counts_add_up() -> None:
    game = finished_game()
    table = event_table(game.events, last=5)
    assert len(table) == 5
    assert table.records()[-1]["kind"] == "game_end"
    counts = card_counts(game).records()
    assert counts[-1] == {"whose": "", "place": "total", "cards": 52}

    from spit_widget.widget.inspection import Rows
    html = Rows(("name",), [("<img src=x onerror=alert(1)>",)])._repr_html_()
    assert "<img" not in html and "&lt;img" in html


def test_reaction_summary() -> None:
    rows = reaction_summary([0.5, 1.0, 2.0]).records()
    assert rows == [{"count": 3, "median s": 1.0, "fastest s": 0.5, "slowest s": 2.0}]
    assert reaction_summary([]).records()[0]["count"] == 0


def test_show_puts_a_position_on_the_table(make_widget: Any) -> None:
    w = make_widget(seed=1, ai=None)
    position = Game("classic", seed=5)
    w.show(position, caption="Try it: play a card")
    assert w.state["variant"] == "classic"
    assert w.state["status_text"] == "Try it: play a card"
    w.new_game()
    assert w.state["status_text"] != "Try it: play a card"
