"""The RTC check's pieces that need no browser: where its environment lives,
when one counts as built, and the line it ends with (the browser run itself is
tests/e2e/test_rtc.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import rtc_env
from tools.rtc_check import RtcResult
from tools.seat_soak import SeatSoakTally


def test_the_environment_lives_in_the_cache_under_a_name_of_its_requirements(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(rtc_env.VENV_ENV, raising=False)
    first = rtc_env.venv_folder(tmp_path)
    assert first.parent == tmp_path and first.name.startswith("rtc-venv-")
    assert rtc_env.venv_folder(tmp_path) == first  # the same tree: reused
    monkeypatch.setenv(rtc_env.VENV_ENV, str(tmp_path / "mine"))
    assert rtc_env.venv_folder(tmp_path) == tmp_path / "mine"


def test_an_environment_counts_as_built_only_with_its_marker(tmp_path: Path) -> None:
    python = tmp_path / "bin" / "python"
    python.parent.mkdir()
    python.write_text("")
    assert not rtc_env.ready(tmp_path)  # a build cut short: built again
    (tmp_path / rtc_env.MARKER).write_text("tree\n")
    assert rtc_env.ready(tmp_path)


def _result(**changes: object) -> RtcResult:
    tally = SeatSoakTally(games=1, actions=30, races=4, rejoin_ms=[150.0], join_ms=[115.0])
    result = RtcResult(collaboration="5.0.4", users=["a1", "b2"], redraw_ms=1500.0,
                       tally=tally)
    for name, value in changes.items():
        setattr(result, name, value)
    return result


def test_the_line_says_ok_only_when_everything_held() -> None:
    assert _result().line().endswith("dialogs 0: ok")
    assert "users 2, games 1, actions 30, desyncs 0" in _result().line()
    lost = _result(redraw_ms=None)
    assert not lost.ok and "redraw -> both seats back lost" in lost.line()
    assert lost.line().endswith("FAILED")
    assert not _result(users=["a1", "a1"]).ok  # one user twice is not two people
    assert not _result(dialogs=1).ok
    assert not _result(tally=SeatSoakTally(games=1, desyncs=1, rejoin_ms=[1.0], join_ms=[1.0])).ok


def test_the_environment_gets_the_dependencies_not_the_tree() -> None:
    # Installing the tree would run its build hook there, which clears the compiled
    # engine under the feet of the tests running beside the build (scripts/test).
    wanted = rtc_env.requirements()
    assert any(r.startswith("jupyter-collaboration") for r in wanted)
    assert any(r.startswith("anywidget") for r in wanted)
    assert not [r for r in wanted if "spit" in r or "/" in r or r.startswith(".")]
