"""While the computer waits out its reaction time, the status line says it is thinking."""

from __future__ import annotations

import asyncio
from typing import Any

from loop_helpers import until

from spit_widget import Game, SpitWidget


def test_the_status_line_says_computer_is_thinking_while_it_waits(
        stats_home: Any) -> None:
    async def main() -> None:
        # The computer has a play (its 5C on the 6H), and so do you (QS on the JD).
        game = Game.position("duel", you=["QS", "2C"], computer=["5C", "KH"],
                             centre=["6H", "JD"], you_spit="2S 3S", computer_spit="2H 3H")
        w = SpitWidget(game=game, ai="greedy", pace="slow")
        try:
            await until(lambda: w.match.thinking)
            assert w.state["status_text"] == "Computer is thinking"
            w.pause()
            assert w.state["status_text"] == "Paused"
        finally:
            w.close()

    asyncio.run(main())
