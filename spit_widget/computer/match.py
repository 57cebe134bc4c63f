"""The match: the computer playing a Game in real time on the running asyncio loop.

Both sides' actions go through :meth:`Match.act`, on one event loop, so they
land in one sequence without locks: a human click and the computer's play on
the same pile cannot both succeed; the later one is refused with its reason.

The computer's task waits a drawn reaction time, then re-checks the table
before acting (the human may have covered its pile meanwhile) and plans again
instead of making a refused play. Pause cancels the task, so no computer
action lands after ``pause()`` returns; a pace change wakes the waiting task,
which draws a new delay at the new pace at once.
"""

from __future__ import annotations

import asyncio
import math
import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from ..engine import COMPUTER, GAME_OVER, PLAYING, ROUND_OVER, YOU, Action, Event, Game, IllegalMove
from ..engine import narration as N
from . import pace as paces
from .pace import Pace, cards_to_scan, reaction_delay
from .strategies import Strategy, strategy, strategy_name
from .view import View

EventObserver = Callable[[Sequence[Event]], None]
ErrorObserver = Callable[[BaseException], None]
Sleeper = Callable[[float, asyncio.Event], Awaitable[bool]]

RECHECK_FRACTION = 0.35
"""After its planned play went stale, the computer looks again for this share
of a reaction time: a second glance is quicker than the first look."""
QUIET_POLL_S = 0.25
"""How often a computer that waits for a silent page looks again (:attr:`Match.page_quiet`)."""
INTERLUDE_S = 2.5
"""After a new deal (a round ended) the computer waits this long on top of its
reaction time, while the page shows who went out and who took what (the page
holds its round summary as long: ``INTERLUDE_MS`` in js/table.js, tied by a test)."""


def _never() -> bool:
    return False


async def interruptible_sleep(seconds: float, wake: asyncio.Event) -> bool:
    """Sleep up to ``seconds``; return True when ``wake`` was set first."""
    try:
        await asyncio.wait_for(wake.wait(), timeout=max(0.0, seconds))
    except asyncio.TimeoutError:
        return False
    return True


class Match:
    """A strategy playing player 1 of ``game`` against the human (player 0)."""

    def __init__(
        self,
        game: Game,
        ai: str | Strategy = "expert",
        pace: str | None = None,
        *,
        seed: int | None = None,
        sleep: Sleeper = interruptible_sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self._clock = clock
        self._dealt_at = clock()
        self._drawn = False  # a page has drawn this game (drawn() starts its clock then)
        self._timed = not game.history  # a game handed over mid-way has untimed actions
        self.times: list[float] = []
        """Each action's time, seconds since the deal on the kernel's clock (one per
        action of ``game.history``, for review; pauses count, as the clock runs)."""
        self.strategy: Strategy = strategy(ai, seed)
        self._pace: Pace = paces.pace(game.variant, pace or paces.DEFAULT_PACE[game.variant])
        self._rng = random.Random(seed)
        self._sleep = sleep
        self._task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._paused = True
        self._event_observers: list[EventObserver] = []
        self._error_observers: list[ErrorObserver] = []
        self._last_player: int | None = None
        self._version = 0  # counts the actions that landed, to notice a changed table
        self._hold_until = 0.0  # monotonic time before which the computer waits (interlude)
        self.error: BaseException | None = None
        self.reaction_times: list[float] = []
        """Every delay the computer drew, in seconds (for inspection), with the lag in it."""
        self.lag = 0.0
        """Seconds added to each of the computer's reactions: the compensation for a
        person who sees the table across a network (:func:`.pace.compensation`),
        set by the table as it measures their round trip; from the next reaction on."""
        self.page_quiet: Callable[[], bool] = _never
        """True while the person's page may not see the table (it has left the
        table's pings unanswered a while; set by the table): the computer then
        plays nothing until the page answers. A dropped connection pauses the game
        only seconds later, to be sure, and the computer must not play on meanwhile."""
        self._thinking = False
        self._thinking_observers: list[Callable[[bool], None]] = []
        self._interrupt_observers: list[Callable[[], None]] = []

    # ------------------------------------------------------------ observing
    def on_events(self, callback: EventObserver) -> None:
        """Call ``callback(new_events)`` after every action that lands, either side's."""
        self._event_observers.append(callback)

    def on_thinking(self, callback: Callable[[bool], None]) -> None:
        """Call ``callback(flag)`` when the computer starts or stops a reaction time."""
        self._thinking_observers.append(callback)

    @property
    def thinking(self) -> bool:
        """True while the computer is waiting out a reaction time."""
        return self._thinking

    def _set_thinking(self, flag: bool) -> None:
        if flag != self._thinking:
            self._thinking = flag
            for callback in list(self._thinking_observers):
                callback(flag)

    def on_error(self, callback: ErrorObserver) -> None:
        """Call ``callback(exc)`` when the computer's task fails (its strategy raised)."""
        self._error_observers.append(callback)

    def on_interrupted(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the computer's task is cancelled from outside
        (an interrupted loop, ``asyncio.run`` shutting down): the match is then paused."""
        self._interrupt_observers.append(callback)

    # ------------------------------------------------------------- controls
    @property
    def running(self) -> bool:
        """Whether the computer's task is alive on the loop."""
        return self._task is not None and not self._task.done()

    @property
    def paused(self) -> bool:
        """Whether the computer is stopped until ``start()``."""
        return self._paused

    @property
    def pace(self) -> str:
        """The name of the pace the computer reacts at."""
        return self._pace.name

    @pace.setter
    def pace(self, name: str) -> None:
        self.set_pace(paces.pace(self.game.variant, name))

    @property
    def pace_model(self) -> Pace:
        """The pace the computer reacts at now, with its mean (Match me moves it)."""
        return self._pace

    def set_pace(self, pace: Pace) -> None:
        """React at ``pace`` from now on, mid-wait included."""
        self._pace = pace
        self._wake.set()  # a waiting computer redraws its delay at the new pace now

    @property
    def strategy_name(self) -> str:
        """The name of the strategy that plays (read when a game is recorded, so a
        strategy swapped in mid-game is the one named)."""
        return strategy_name(self.strategy)


    def start(self) -> None:
        """Start (or resume) the computer on the running event loop."""
        self._paused = False
        self.error = None
        if self.running or self.game.status == GAME_OVER:
            return
        loop = asyncio.get_running_loop() if loop_running() else asyncio.get_event_loop()
        self._task = loop.create_task(self.run(), name="spit-widget computer")
        self._task.add_done_callback(self._task_done)

    def pause(self) -> None:
        """Stop the computer at once: no computer action lands after this returns."""
        self._paused = True
        self._cancel()

    def close(self) -> None:
        """Stop for good: cancel the task and drop the observers."""
        self.pause()
        self._event_observers.clear()
        self._error_observers.clear()
        self._thinking_observers.clear()
        self._interrupt_observers.clear()

    def _cancel(self) -> None:
        self._thinking = False
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None

    # --------------------------------------------------------------- acting
    def act(self, action: Action | Sequence[Any]) -> list[Event]:
        """Carry out one action (the human's, or the computer's) and tell the
        observers. Raises IllegalMove with the reason when the rules refuse it."""
        is_play = len(action) > 1 and action[0] == "play"
        if is_play and self._pace.turns and self._turn_is(COMPUTER) and action[1] == YOU:
            raise IllegalMove(N.said(N.TAKE_TURNS))
        before = len(self.game.events)
        self.game.apply(action)
        self._version += 1
        if is_play:
            self._last_player = action[1]
        new = self.game.events[before:]
        if self._pace.turns and self.game.status == ROUND_OVER and self.game.went_out == YOU:
            self._slap_for_human()
            new = self.game.events[before:]
        if any(e.kind == "deal" for e in new):  # a round ended: the page shows what happened
            self._hold_until = time.monotonic() + INTERLUDE_S
        return self.landed(before, counted=False)

    def landed(self, before: int, *, counted: bool = True) -> list[Event]:
        """The game's events from index ``before`` on have just landed: wake a
        waiting task and tell the observers. A match that applies actions its
        own way (a level's referee) calls this after each one."""
        if counted:
            self._version += 1
        self._stamp()
        self._wake.set()  # the table changed: a waiting computer re-plans
        new = self.game.events[before:]
        for callback in list(self._event_observers):
            callback(new)
        return new

    def drawn(self) -> None:
        """A page has drawn the table (the table calls this on a view's first echo):
        a game in which nothing has been played yet starts its clock now, not when
        its cell ran, so a newcomer's first look at a fresh deal is no missed moment.
        Later calls, and a game already under way, change nothing."""
        if not self._drawn and self._timed and not self.game.history:
            self._dealt_at = self._clock()
        self._drawn = True

    def _stamp(self) -> None:
        """Time the actions that have just landed (a slap made for the human in
        Take turns lands with the play that went out, at the same time)."""
        if self._timed:
            now = round(self._clock() - self._dealt_at, 3)
            self.times.extend([now] * (len(self.game.history) - len(self.times)))

    def record(self) -> dict[str, Any]:
        """The game's record (:meth:`Game.record <spit_widget.engine.Game.record>`)
        with ``"times"``, one per action, when the match saw every action land."""
        record = self.game.record()
        if self._timed and len(self.times) == len(record["actions"]):
            record["times"] = list(self.times)
        return record

    async def nap(self, seconds: float) -> None:
        """Wait ``seconds``, or less when the table changes (for a task of its own)."""
        await self._sleep(seconds, self._wake)
        self._wake.clear()

    def end_interlude(self) -> None:
        """The player closed the round's summary early: the computer's wait for
        it ends as well, so neither side starts the round ahead of the other."""
        now = time.monotonic()
        if self._hold_until > now:
            self._hold_until = now
            self._wake.set()

    def _slap_for_human(self) -> None:
        """Take turns: the smaller pile is taken for the human at the end of a round
        (both the same size: the left one, the pile the human spits onto)."""
        self.game.slap(YOU, self.game.slappable(YOU)[0])

    def step(self) -> list[Event]:
        """The computer's next action now, with no delay (inspection, tutorials)."""
        action = self._plan(View(self.game, COMPUTER))
        if action is None:
            return []
        return self.act(action)

    def _plan(self, view: View) -> Action | None:
        """The strategy's next action. The computer acts for itself only: an
        action for the human (a user-written strategy's slip) is refused."""
        action = self.strategy(view)
        player = action[1] if isinstance(action, (tuple, list)) and len(action) > 1 else None
        if player is not None and player != COMPUTER:
            raise IllegalMove(N.strategy_acted_for_you(action, player, COMPUTER))
        return action

    # ----------------------------------------------------------------- task
    def _turn_is(self, player: int) -> bool:
        """Take turns: the other side played the last card and ``player`` can play."""
        return (
            self._last_player == 1 - player
            and self.game.status == PLAYING
            and self.game.can_play(player)
        )

    def _waiting_for_human(self) -> bool:
        """Take turns: after the computer's card, the human plays next (if able)."""
        return self._pace.turns and self._turn_is(YOU)

    async def run(self) -> None:
        """The task's body: the computer's reactions until the game is over (a
        match with another player, such as a level's script, has its own)."""
        game = self.game
        fresh_look = True
        while game.status != GAME_OVER:
            self._wake.clear()
            version = self._version
            view = View(game, COMPUTER)
            action = None if self._waiting_for_human() else self._plan(view)
            if action is None:
                await self._wake.wait()  # nothing to do until the table changes
                fresh_look = True
                continue
            delay = reaction_delay(self._pace, cards_to_scan(view), self._rng)
            if not fresh_look:
                delay *= RECHECK_FRACTION
            delay += self.lag
            self.reaction_times.append(delay)
            self._set_thinking(True)
            try:
                await self._wait(delay, action)
            finally:
                self._set_thinking(False)
            if self._version != version and not self._still_good(action):
                fresh_look = False  # the human changed the table: look again
                continue
            if self.page_quiet():
                await self.wait_for_page()
                fresh_look = False  # the table the person sees again deserves a look
                continue
            self.act(action)
            fresh_look = True

    async def wait_for_page(self) -> None:
        """Wait (not thinking) until the person's page answers again
        (:attr:`page_quiet`; a level's clock waits the same way)."""
        while self.page_quiet():
            await self.nap(QUIET_POLL_S)

    async def _wait(self, delay: float, action: Action) -> None:
        """Wait out a reaction time, which starts when the round's interlude ends
        (if one is showing). A pace change rescales what is left of the reaction
        at once; a table change that spoils the planned action ends it early;
        the player closing the interlude early ends that part of the wait."""
        pace = self._pace
        remaining = delay
        while True:
            hold = max(0.0, self._hold_until - time.monotonic())
            if remaining + hold <= 0:
                return
            self._wake.clear()
            started = time.monotonic()
            if not await self._sleep(remaining + hold, self._wake):
                return
            remaining -= max(0.0, time.monotonic() - started - hold)
            if self._pace is not pace:
                remaining *= self._pace.mean / pace.mean
                pace = self._pace
            elif not self._still_good(action):
                return

    def _still_good(self, action: Action) -> bool:
        """Is the planned action still legal on the table as it is now?"""
        return self.game.is_legal(action)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        if task.cancelled():
            # Not by pause() or close(): they drop the task first. The task is
            # kept: a cancelled task is done, so `running` is False already.
            if task is self._task:
                self._paused = True
                self._thinking = False
                for stopped in list(self._interrupt_observers):
                    stopped()
            return
        exc = task.exception()
        if exc is None:
            return
        self.error = exc
        self._thinking = False
        if not self._error_observers:
            # Nobody listens: let the loop report it rather than swallow it.
            asyncio.get_event_loop().call_exception_handler(
                {"message": "spit-widget: the computer's strategy failed", "exception": exc,
                 "task": task})
        for callback in list(self._error_observers):
            callback(exc)


def record_times(record: Mapping[str, Any]) -> list[float] | None:
    """The ``"times"`` of a game's record (None when it has none), or ValueError
    saying what is wrong: one number per action, none negative, never going back."""
    times = record.get("times")
    if times is None:
        return None
    actions = record.get("actions")
    if not isinstance(times, list) or not isinstance(actions, list):
        raise ValueError("the record's times and actions should be lists.")
    if len(times) != len(actions):
        raise ValueError(f"the record has {len(actions)} actions but {len(times)} times "
                         "(one time per action).")
    out: list[float] = []
    for i, t in enumerate(times):
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t):
            raise ValueError(f"time {i} of the record is {t!r:.20}, not a number of seconds.")
        if t < 0 or (out and t < out[-1]):
            raise ValueError(f"time {i} of the record ({t} s) is before the deal or before "
                             "the action ahead of it.")
        out.append(float(t))
    return out


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread, if any."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def loop_running() -> bool:
    """Whether this thread has a running asyncio loop (a kernel has one)."""
    return running_loop() is not None
