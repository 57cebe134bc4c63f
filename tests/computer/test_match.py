"""The computer on a real asyncio loop: pause, close, pace, races, failures."""

from __future__ import annotations

import asyncio
import random
import statistics
from typing import Any

import pytest
from loop_helpers import no_wait, until

from spit_widget import Game, IllegalMove
from spit_widget.computer import View, greedy
from spit_widget.computer.match import Match
from spit_widget.computer.pace import PACES, TYPICAL_SCAN, pace, reaction_delay
from spit_widget.engine import Action


def race_position() -> Game:
    """Your 7S and the computer's 5C both fit only the 6H: whoever lands first
    spoils the other's play."""
    return Game.from_dict({
        "variant": "duel",
        "players": [
            {"stock": [["7S"], ["2C", "9D"], [], [], []], "spit": ["3S"]},
            {"stock": [["5C"], ["KH"], [], [], []], "spit": ["4S"]},
        ],
        "centre": [["6H"], ["JD"]],
    })


@pytest.mark.parametrize("pace", PACES["duel"] + PACES["classic"], ids=lambda p: p.name)
def test_median_reaction_is_the_pace_mean(pace: Any) -> None:
    rng = random.Random(1)
    delays = [reaction_delay(pace, TYPICAL_SCAN, rng) for _ in range(4000)]
    assert abs(statistics.median(delays) - pace.mean) < 0.1 * pace.mean
    # More cards to scan: a longer look.
    more = [reaction_delay(pace, 12, rng) for _ in range(4000)]
    assert statistics.median(more) > 1.15 * pace.mean


def test_match_draws_its_delays_from_the_pace_on_a_fake_clock() -> None:
    async def main() -> list[float]:
        waited: list[float] = []

        async def fake(seconds: float, wake: asyncio.Event) -> bool:
            waited.append(seconds)
            await asyncio.sleep(0)
            return False

        m = Match(Game("duel", seed=3), "expert", "fast", seed=1, sleep=fake)
        m.start()
        await until(lambda: m.game.status == "game_over" or m.game.stuck[1])
        m.close()
        assert waited == m.reaction_times
        return waited

    waited = asyncio.run(main())
    assert len(waited) >= 3
    fast = pace("duel", "fast").mean
    assert 0.5 * fast < statistics.median(waited) < 1.5 * fast


def test_the_computer_plays_nothing_while_the_persons_page_is_quiet() -> None:
    """A page that stopped answering may not see the table: the computer waits
    for it (not thinking), then looks again and plays."""
    async def main() -> None:
        quiet = [True]
        m = Match(race_position(), "greedy", "fast", seed=1, sleep=no_wait)
        m.page_quiet = lambda: quiet[0]
        m.start()
        for _ in range(500):  # every reaction time passes at once: it would have played
            await asyncio.sleep(0)
        assert m.game.history == [] and not m.thinking
        assert len(m.reaction_times) == 1, "it waits, it does not draw reaction after reaction"
        quiet[0] = False
        await until(lambda: len(m.game.history) >= 1)
        assert m.game.history[0][:3] == ("play", 1, "5C")
        assert len(m.reaction_times) >= 2, "a second look before the card"
        m.close()

    asyncio.run(main())


def test_pause_stops_the_computer_at_once_and_leaves_no_task() -> None:
    async def main() -> None:
        ticks = asyncio.Semaphore(0)

        async def one_tick(seconds: float, wake: asyncio.Event) -> bool:
            await ticks.acquire()  # each reaction time ends when the test says
            return False

        m = Match(Game("duel", seed=3), "expert", "fast", seed=1, sleep=one_tick)
        landed: list[Any] = []
        m.on_events(landed.append)
        m.start()
        ticks.release()
        await until(lambda: len(landed) >= 1)
        await until(lambda: m.thinking)  # waiting out its next reaction time
        m.pause()
        for _ in range(5):
            ticks.release()
        assert m.strategy(View(m.game, 1)) is not None, "the computer still had work to do"
        count, state = len(landed), m.game.to_dict()
        for _ in range(200):
            await asyncio.sleep(0)
        assert len(landed) == count and m.game.to_dict() == state
        assert not m.running
        assert all(t.get_name() != "spit-widget computer" or t.done()
                   for t in asyncio.all_tasks())
        m.start()
        await until(lambda: len(landed) > count)
        m.close()
        await asyncio.sleep(0)
        assert not [t for t in asyncio.all_tasks() if t.get_name() == "spit-widget computer"]

    asyncio.run(main())


def test_pace_change_takes_effect_mid_wait() -> None:
    async def main() -> float:
        loop = asyncio.get_running_loop()
        m = Match(race_position(), "greedy", "slow", seed=2)
        landed = asyncio.Event()
        m.on_events(lambda events: landed.set())
        started = loop.time()
        m.start()
        await until(lambda: m.thinking)
        slow_delay = m.reaction_times[0]
        await asyncio.sleep(0.05)
        m.pace = "fast"
        await asyncio.wait_for(landed.wait(), timeout=10)
        m.close()
        took = loop.time() - started
        assert took < slow_delay * 0.6, (took, slow_delay)
        return took

    asyncio.run(main())


@pytest.mark.parametrize("human_first", [True, False])
def test_same_pile_same_instant_exactly_one_lands(human_first: bool) -> None:
    async def main() -> None:
        release = asyncio.Event()

        async def gate(seconds: float, wake: asyncio.Event) -> bool:
            await release.wait()
            return wake.is_set()

        game = race_position()
        m = Match(game, "greedy", "fast", seed=1, sleep=gate)
        m.start()
        await until(lambda: m.thinking)
        refusals: list[str] = []

        def human() -> None:
            try:
                m.act(Action("play", 0, "7S", 0))
            except IllegalMove as exc:
                refusals.append(str(exc))

        if human_first:
            human()
            release.set()
        else:
            release.set()
            await until(lambda: game.centre_tops()[0] != "6H")
            human()
        await until(lambda: not m.thinking)
        for _ in range(20):
            await asyncio.sleep(0)
        m.close()
        plays = [e for e in game.events if e.kind == "play"]
        assert len(plays) == 1
        if human_first:
            assert plays[0].player == 0 and not refusals
            assert m.error is None, "the computer re-planned instead of a refused play"
        else:
            assert plays[0].player == 1
            assert refusals == ["7♠ doesn't fit on 5♣ or J♦: the left pile needs 4 or 6, "
                                "the right pile needs 10 or Q."]
        assert sorted(game.all_cards()) == sorted(
            ["7S", "2C", "9D", "3S", "5C", "KH", "4S", "6H", "JD"])

    asyncio.run(main())


def test_a_failing_strategy_is_reported_not_swallowed() -> None:
    def broken(view: View) -> Action | None:
        raise RuntimeError("my strategy broke")

    async def main() -> None:
        m = Match(Game("duel", seed=1), broken, "fast", sleep=no_wait)
        errors: list[BaseException] = []
        m.on_error(errors.append)
        m.start()
        await until(lambda: bool(errors))
        assert "my strategy broke" in str(errors[0])
        assert not m.running
        # The human plays on.
        plays = m.game.legal_plays(0)
        assert plays, "seed 1 deals you a play"
        card, centre = plays[0]
        m.act(Action("play", 0, card, centre))
        assert m.game.centre_tops()[centre] == card

    asyncio.run(main())


def test_unobserved_failure_reaches_the_loop_exception_handler() -> None:
    def broken(view: View) -> Action | None:
        raise RuntimeError("nobody listens")

    async def main() -> list[dict[str, Any]]:
        seen: list[dict[str, Any]] = []
        asyncio.get_running_loop().set_exception_handler(lambda loop, ctx: seen.append(ctx))
        m = Match(Game("duel", seed=1), broken, "fast", sleep=no_wait)
        m.start()
        await until(lambda: bool(seen))
        return seen

    seen = asyncio.run(main())
    assert "nobody listens" in str(seen[0]["exception"])


def test_take_turns_waits_for_the_humans_card() -> None:
    async def main() -> None:
        m = Match(Game("classic", seed=8), "greedy", "take_turns", seed=1, sleep=no_wait)
        m.start()
        await until(lambda: bool(m.game.history) or m.game.both_stuck())
        for _ in range(100):
            await asyncio.sleep(0)
        computer_plays = [a for a in m.game.history if a.kind == "play" and a.player == 1]
        assert m.game.can_play(0), "seed 8 leaves you a play after the computer's first card"
        assert len(computer_plays) == 1, "the computer played twice without waiting"
        m.close()

    asyncio.run(main())


def test_match_runs_a_whole_game_in_a_plain_script() -> None:
    async def main() -> Game:
        game = Game("duel", seed=12)
        m = Match(game, "expert", "fast", seed=1, sleep=no_wait)
        human = Match(game, "greedy", "fast")  # only used for its strategy
        m.start()
        while game.status != "game_over":
            action = human.strategy(View(game, 0))
            if action is not None and game.is_legal(action):
                m.act(action)
            await asyncio.sleep(0)
        m.close()
        return game

    game = asyncio.run(main())
    assert game.outcome is not None


def test_take_turns_refuses_a_second_card_in_a_row() -> None:
    game = Game.position("classic", you=["7S", "9D", "QC"], computer=["8C", "KH"],
                         centre=["6H", "JD"], you_spit="2S", computer_spit="2H")
    m = Match(game, "greedy", "take_turns")
    m.act(Action("play", 0, "7S", 0))
    with pytest.raises(IllegalMove, match="Take turns: the computer plays its card"):
        m.act(Action("play", 0, "9D", 0))
    m.step()
    assert game.history[-1] == Action("play", 1, "8C", 0)
    m.act(Action("play", 0, "9D", 0))  # now it is your turn again
    assert game.centre_tops()[0] == "9D"


def last_card_position(who: int) -> Game:
    """Classic, take turns: ``who`` holds one stock card and it fits; going out
    ends the round (the other side holds more)."""
    mine, theirs = ["7S"], ["9D", "QC"]  # 7S fits the 6H; 9D and QC fit nothing
    you, computer = (mine, theirs) if who == 0 else (theirs, ["5C"])
    return Game.position("classic", you=you, computer=computer, centre=["6H", "JD"],
                         you_spit="2S 3S 4S 5S 6S 8S 9S TS",
                         computer_spit="2H 3H 4H 5H 7H 8H 9H TH")


def test_take_turns_you_go_out_and_your_smaller_pile_is_taken_for_you() -> None:
    game = last_card_position(0)
    cards = sorted(game.all_cards())
    m = Match(game, "greedy", "take_turns")
    told: list[list[str]] = []
    m.on_events(lambda events: told.append([e.kind for e in events]))
    m.act(Action("play", 0, "7S", 0))
    slaps = [a for a in game.history if a.kind == "slap"]
    assert slaps == [Action("slap", 0, None, 1)], "the smaller (right) pile, slapped for you"
    assert game.round == 2 and game.status != "round_over"
    assert told[0][:3] == ["play", "round_end", "slap"], told  # observers hear the slap too
    assert sorted(game.all_cards()) == cards


def test_take_turns_the_computer_goes_out_and_slaps_without_crashing() -> None:
    async def main() -> Game:
        game = last_card_position(1)
        cards = sorted(game.all_cards())
        m = Match(game, "greedy", "take_turns", seed=1, sleep=no_wait)
        errors: list[BaseException] = []
        m.on_error(errors.append)
        m.start()
        await until(lambda: game.round == 2 or bool(errors))
        m.close()
        assert not errors and m.error is None, errors
        assert [a.player for a in game.history if a.kind == "slap"] == [1]
        assert any(e.kind == "slap" and "you take the other" in e.text for e in game.events)
        assert sorted(game.all_cards()) == cards
        return game

    game = asyncio.run(main())
    assert game.status != "round_over"


def test_greedy_with_no_play_declares_stuck_and_a_stepped_duel_goes_on() -> None:
    """The fallback for ``ai=None`` and ``w.step()``: in a duel with no play it
    declares stuck (once), and when both are stuck the spit follows."""
    game = Game.position("duel", you=["9D"], computer=["KH"], centre=["6H", "JD"],
                         you_spit="2S 3S", computer_spit="2H 4C")
    assert not game.legal_plays(0) and not game.legal_plays(1)
    assert greedy(View(game, 1)) == Action("stuck", 1)
    m = Match(game, "greedy", "normal")
    m.step()
    assert game.stuck[1]
    assert greedy(View(game, 1)) is None, "stuck already: it waits for you"
    m.act(Action("stuck", 0))
    assert game.centre_tops() == ["3S", "4C"], "both stuck: the spit is made"
    assert not any(game.stuck)


def test_greedy_spits_in_classic_when_nobody_can_play_and_waits_when_you_can() -> None:
    game = Game.position("classic", you=["9D"], computer=["KH"], centre=["6H", "JD"],
                         you_spit="2S 3S", computer_spit="2H 4C")
    assert greedy(View(game, 1)) == Action("spit")
    game = Game.position("classic", you=["7S"], computer=["KH"], centre=["6H", "JD"],
                         you_spit="2S 3S", computer_spit="2H 4C")
    assert greedy(View(game, 1)) is None, "you can still play: no spit yet"


def test_greedy_slaps_the_smaller_pile_after_going_out() -> None:
    game = last_card_position(1)
    game.play(1, "5C", 0)
    assert game.status == "round_over" and game.went_out == 1
    assert greedy(View(game, 1)) == Action("slap", 1, None, 1)
    assert greedy(View(game, 0)) is None, "only the one who went out slaps"


def blocked_round() -> Game:
    """Classic: nobody can play and no spit card is left, so End Round (a
    spit) deals round 2 and the page shows the round's interlude."""
    from spit_widget.engine.cards import DECK

    rest = [c for c in DECK if c not in ("2C", "2D", "6S", "JD")]
    return Game.position("classic", you=[[*rest[:24], "2C"]], computer=[[*rest[24:], "2D"]],
                         centre=["6S", "JD"])


def test_after_a_new_deal_the_computer_waits_out_the_round_interlude() -> None:
    """The page shows who went out and who took what for INTERLUDE_S after a
    round ends; the computer's first wait of the new round covers it."""
    from spit_widget.computer.match import INTERLUDE_S

    game = blocked_round()
    asked: list[float] = []

    async def record(seconds: float, wake: asyncio.Event) -> bool:
        asked.append(seconds)
        await asyncio.sleep(0)
        return False

    async def main() -> None:
        m = Match(game, "greedy", "brisk", seed=1, sleep=record)
        m.act(Action("spit"))
        assert game.round == 2 and game.status == "playing"
        m.start()
        await until(lambda: bool(asked))
        m.close()

    asyncio.run(main())
    # ... on top of a reaction time at the pace, not instead of it.
    assert INTERLUDE_S < asked[0] < INTERLUDE_S + pace("classic", "brisk").mean * 4, asked


def test_closing_the_interlude_early_ends_the_computers_wait_for_it() -> None:
    """A player who closes the round's summary at once must not find the
    computer still waiting out the 2.5 s: both start the round together, the
    computer after its usual reaction time."""
    from spit_widget.computer.match import INTERLUDE_S

    game = blocked_round()
    asked: list[float] = []

    async def sleeper(seconds: float, wake: asyncio.Event) -> bool:
        asked.append(seconds)
        if len(asked) == 1:
            await wake.wait()  # woken by the page's message, long before the time is up
            return True
        return False  # the rest of the reaction time runs out

    async def main() -> None:
        m = Match(game, "greedy", "brisk", seed=1, sleep=sleeper)
        m.act(Action("spit"))
        m.start()
        await until(lambda: bool(asked))
        m.end_interlude()
        await until(lambda: len(asked) >= 2)
        m.close()

    asyncio.run(main())
    reaction = asked[0] - INTERLUDE_S
    assert reaction > 0
    assert asked[1] == pytest.approx(reaction, abs=0.05), asked  # the reaction, not the interlude


def test_closing_no_interlude_changes_nothing() -> None:
    """The message may come late or twice: with no interlude showing it is a no-op."""
    game = Game("classic", seed=3)
    m = Match(game, "greedy", "brisk", seed=1)
    m.end_interlude()
    m.end_interlude()
    assert game.history == []
