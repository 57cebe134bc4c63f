"""The match's life as a user drives it: start, pause, resume, thinking, second looks, take turns
at the end of a round, a strategy that acts for the wrong player, an interrupted loop."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from loop_helpers import no_wait, until

from spit_widget import Game, IllegalMove
from spit_widget.computer.match import Match, interruptible_sleep
from spit_widget.computer.pace import pace
from spit_widget.computer.view import View
from spit_widget.engine import Action


def test_interruptible_sleep_says_whether_it_was_woken() -> None:
    async def main() -> tuple[bool, bool]:
        wake = asyncio.Event()
        slept = await interruptible_sleep(0.01, wake)
        asyncio.get_running_loop().call_later(0.01, wake.set)
        woken = await interruptible_sleep(5.0, wake)
        return slept, woken

    assert asyncio.run(main()) == (False, True)


def test_a_match_waits_paused_until_started_and_runs_once() -> None:
    async def main() -> None:
        m = Match(Game("duel", seed=3), "greedy", "fast", seed=1, sleep=no_wait)
        assert m.paused and not m.running
        m.start()
        task = m._task
        m.start()  # a second start does not start a second computer
        assert m._task is task
        assert m.running and not m.paused
        m.pause()
        assert m.paused and not m.running
        m.close()

    asyncio.run(main())


def test_a_finished_game_starts_no_computer() -> None:
    async def main() -> None:
        game = Game.position("duel", you=["9S TS"], computer=["7S"], centre=["6H", "KD"],
                             you_spit="2S", computer_spit="2H")
        game.apply(Action("play", 1, "7S", 0))
        assert game.status == "game_over"
        m = Match(game, "greedy", "fast", sleep=no_wait)
        m.start()
        assert not m.running

    asyncio.run(main())


def test_act_returns_what_happened() -> None:
    game = Game.position("duel", you=["2C 7S", "KH"], computer=["5C"], centre=["6H", "JD"],
                         you_spit="2S", computer_spit="2H")
    m = Match(game, "greedy", "fast")
    events = m.act(Action("play", 0, "7S", 0))
    assert [(e.kind, e.card) for e in events] == [("play", "7S"), ("flip", "2C")]


def test_thinking_is_announced_while_the_computer_waits() -> None:
    async def main() -> list[bool]:
        flags: list[bool] = []
        seen_thinking: list[bool] = []

        async def look(seconds: float, wake: asyncio.Event) -> bool:
            seen_thinking.append(m.thinking)
            await asyncio.sleep(0)
            return False

        m = Match(Game("duel", seed=3), "greedy", "fast", seed=1, sleep=look)
        m.on_thinking(flags.append)
        m.start()
        await until(lambda: len(flags) >= 4)
        m.close()
        assert seen_thinking and all(seen_thinking)
        assert not m.thinking
        return flags

    flags = asyncio.run(main())
    assert flags[:4] == [True, False, True, False]


def test_a_fresh_look_after_every_play_of_its_own_a_quick_second_look_after_yours() -> None:
    async def main() -> None:
        # Alone at the table (you never play), every look is a full one.
        m = Match(Game("duel", seed=3), "greedy", "fast", seed=1, sleep=no_wait)
        m.start()
        await until(lambda: m.game.stuck[1] or m.game.status == "game_over")
        m.close()
        mean = pace("duel", "fast").mean
        assert len(m.reaction_times) >= 3
        assert min(m.reaction_times) > 0.45 * mean, m.reaction_times

        # You spoil its planned play mid-look: it looks again, briefly.
        # After the quick second look it plays its QC; its next look (for the KD) is a full one.
        game = Game.position("duel", you=["7S", "2C"], computer=["5C", "QC", "KD"],
                             centre=["6H", "JD"], you_spit="2S 3S", computer_spit="2H 3H")
        spoiled = asyncio.Event()

        async def spoil_once(seconds: float, wake: asyncio.Event) -> bool:
            if not spoiled.is_set():
                spoiled.set()
                m2.act(Action("play", 0, "7S", 0))  # covers the 6H the 5C was meant for
            await asyncio.sleep(0)
            return False

        m2 = Match(game, "greedy", "fast", seed=1, sleep=spoil_once)
        m2.start()
        await until(lambda: len(m2.reaction_times) >= 3)
        m2.close()
        first, second, third = m2.reaction_times[:3]
        assert second < 0.5 * first and second < 0.5 * mean, m2.reaction_times
        assert third > 0.45 * mean, m2.reaction_times
        assert [a.card for a in game.history if a.player == 1][:2] == ["QC", "KD"]

    asyncio.run(main())


def test_take_turns_a_move_to_an_empty_space_is_not_your_card() -> None:
    game = Game.position("classic", you=["7S", "2D 9D", ""], computer=["8C", "KH"],
                         centre=["6H", "JD"], you_spit="2S", computer_spit="2H")
    m = Match(game, "greedy", "take_turns")
    m.act(Action("move", 0, "9D", 2))
    m.act(Action("play", 0, "7S", 0))  # still your card to play
    assert game.centre_tops()[0] == "7S"
    with pytest.raises(IllegalMove) as refused:
        m.act(Action("play", 0, "2D", 0))
    assert str(refused.value) == "Take turns: the computer plays its card before your next one."


def test_take_turns_when_you_go_out_the_smaller_pile_is_taken_for_you() -> None:
    game = Game.position("classic", you=["6S"], computer=["9S", "KC"], fill=True,
                         centre=["2C 3C 4C 5H", "9H TH"], you_spit="2S 3S", computer_spit="4D 5D")
    yours = game.spit_cards(0)
    m = Match(game, "greedy", "take_turns")
    events = m.act(Action("play", 0, "6S", 0))
    assert game.status == "playing" and game.round == 2, "the next round is dealt at once"
    assert any(e.kind == "slap" and e.player == 0 and e.centre == 1 for e in events)
    # Your spit cards and the two-card pile you took, one of them now the new opening spit.
    assert game.cards_left(0) + 1 == yours + 2


def test_take_turns_when_the_computer_goes_out_it_slaps_and_the_round_goes_on() -> None:
    async def main() -> None:
        game = Game.position("classic", you=["9S", "KC"], computer=["6S"], fill=True,
                             centre=["2C 3C 4C 5H", "9H TH"], you_spit="2S 3S",
                             computer_spit="4D 5D")
        its = game.spit_cards(1)
        m = Match(game, "greedy", "take_turns", sleep=no_wait)
        m.start()
        await until(lambda: game.round == 2 or m.error is not None)
        m.close()
        assert m.error is None
        assert game.status == "playing"
        assert game.cards_left(1) + 1 == its + 2  # its spit cards and the smaller pile

    asyncio.run(main())


def test_a_strategy_acting_for_you_is_refused() -> None:
    game = Game("duel", seed=1)

    def meddler(view: View) -> Any:
        return ("stuck", 0)  # a plain tuple, as a user might write it

    m = Match(game, meddler, "fast")
    with pytest.raises(IllegalMove, match="for player 0, but the computer is player 1"):
        m.step()
    assert game.history == []


def test_an_interrupted_loop_pauses_the_match_and_says_so() -> None:
    async def main() -> None:
        stopped: list[bool] = []
        m = Match(Game("duel", seed=3), "greedy", "slow", seed=1)
        m.on_interrupted(lambda: stopped.append(True))
        m.start()
        await until(lambda: m.thinking)
        [task] = [t for t in asyncio.all_tasks() if t.get_name() == "spit-widget computer"]
        task.cancel()  # what an interrupted cell or asyncio.run shutting down does
        await until(lambda: bool(stopped))
        assert stopped == [True]
        assert m.paused and not m.running and not m.thinking
        m.start()  # Resume in the widget restarts the match
        assert m.running
        m.close()

    asyncio.run(main())


def test_an_unobserved_failure_names_the_strategy_failing() -> None:
    def broken(view: View) -> Action | None:
        raise RuntimeError("boom")

    async def main() -> dict[str, Any]:
        seen: list[dict[str, Any]] = []
        asyncio.get_running_loop().set_exception_handler(lambda loop, ctx: seen.append(ctx))
        m = Match(Game("duel", seed=1), broken, "fast", sleep=no_wait)
        m.start()
        await until(lambda: bool(seen))
        assert not m.thinking and isinstance(m.error, RuntimeError)
        return seen[0]

    context = asyncio.run(main())
    assert context["message"] == "spit-widget: the computer's strategy failed"
