"""``python -m tools.soak``: a slice of the soak runs in every test run, and
the soak fails, loudly, when a widget loses a card or refuses without a reason."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from spit_widget import Game
from spit_widget.widget.session import Session
from tools.soak import run as soak
from tools.soak.__main__ import main

# The command whole, each kind of work in several units over two processes: the clicks
# of 100 games (about 6,000), 1,000 races (50 through the page), and 200 fuzzed
# messages. The fuzz is the slice's costly part (about 20 ms a message) and
# tests/hardening/test_fuzz_messages.py sends 5,000 through the same generator, so
# here it only has to run (it took 2,000: 50 of the slice's 61 s of CPU).
SLICE = ["--messages", "200", "--games", "100", "--races", "1000"]


def figures(out: str, label: str) -> tuple[int, int]:
    """``done, wanted`` from a summary line such as ``games: 100 of 100 in 4 units``."""
    found = re.search(rf"^  {re.escape(label)}: ([\d,]+) of ([\d,]+) in", out, re.M)
    assert found, out
    done, wanted = (int(n.replace(",", "")) for n in found.groups())
    return done, wanted


def test_a_slice_of_the_soak_loses_nothing(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("SPIT_WIDGET_HOME", str(home))
    seed = random.randrange(10**6)
    status = main([*SLICE, "--jobs", "2", "--seed", str(seed)])
    out = capsys.readouterr().out
    print(out)
    assert status == 0, f"seed {seed}:\n{out}"
    messages, _ = figures(out, "page messages (fuzzed)")
    assert messages >= 200
    assert figures(out, "games") == (100, 100)
    assert figures(out, "same-pile races") == (1000, 1000)
    games = re.search(r"duel games ([\d,]+), classic games ([\d,]+), stepped games ([\d,]+), "
                      r"live games ([\d,]+)", out)
    assert games, out
    duel, classic, stepped, live = (int(n.replace(",", "")) for n in games.groups())
    assert duel == classic == 50 and stepped == live == 50
    clicks = re.search(r"clicks ([\d,]+) \(landed ([\d,]+), refused \(stale\) ([\d,]+), "
                       r"stuck again \(no-op\) ([\d,]+)\)", out)
    assert clicks, out
    assert int(clicks[1].replace(",", "")) > 5000  # every game clicked to its end
    assert "nothing lost" in out and "FAILED" not in out
    assert not home.exists(), "the soak wrote stats outside its temporary folder"


def test_a_lost_card_fails_the_soak(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    real = Game.all_cards
    monkeypatch.setattr(Game, "all_cards", lambda self: real(self)[:-1])  # one card gone
    status = soak.run(messages=30, games=4, races=0, seed=1)
    out = capsys.readouterr().out
    assert status == 1
    assert re.search(r"FAILED: \d+ failures", out), out
    assert "cards lost" in out
    assert re.search(r"games: 0 of 4 in 4 units, [\d.]+ s of work; failures 4", out), out


def test_a_refusal_without_a_reason_fails_the_soak(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    say = Session.say

    def mute(self: Session, text: str, kind: str, **extra: Any) -> None:
        say(self, "" if kind == "refused" else text, kind, **extra)

    monkeypatch.setattr(Session, "say", mute)  # where the inbox says a refusal
    status = soak.run(messages=200, games=0, races=0, seed=2)
    out = capsys.readouterr().out
    assert status == 1 and "a message without text" in out, out


def test_a_time_limit_stops_the_soak_early(capsys: pytest.CaptureFixture[str]) -> None:
    status = soak.run(messages=1000, games=100, races=100, time_limit=0)
    out = capsys.readouterr().out
    assert status == 0
    assert "stopped early: the time limit (0 s) came before all the messages, games, races" in out
    assert figures(out, "games") == (0, 100)
