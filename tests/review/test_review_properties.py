"""The stretches checked against a second, plainer reading of the definition, on
simulated timed games (hypothesis draws the deal, the variant, the seat and the
threshold).

The plain reading: the record is a row of states (after the deal, after each
action), each in force from its time to the next action's. Cut the row after each
of the seat's own actions; in each piece, every run of states in which the seat
has a legal play is one stretch, from the first state's time to the time of the
action that ends the run (or the record's last time).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from sessions import timed_record

from spit_widget import review
from spit_widget.engine import Action, Game


def plain_stretches(record: dict[str, Any], player: int) -> list[tuple[float, float, int]]:
    """(start, end, actions before the start) of every stretch, read plainly."""
    game = Game(record["variant"], seed=record["seed"], max_rounds=record.get("max_rounds"))
    times = [0.0, *record["times"]]
    has_play = [bool(game.legal_plays(player))]
    by_seat = [False]
    for raw in record["actions"]:
        action = Action(*raw)
        game.apply(action)
        has_play.append(bool(game.legal_plays(player)))
        by_seat.append(action.player == player)
    found = []
    start: int | None = None
    for k in range(len(has_play)):
        if start is not None and (by_seat[k] or not has_play[k]):
            found.append((times[start], times[k], start))
            start = None
        if start is None and has_play[k]:
            start = k
    if start is not None:
        found.append((times[start], times[-1], start))
    return found


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 100_000), variant=st.sampled_from(["duel", "classic"]),
       seat=st.sampled_from([1, 2]), threshold=st.floats(0.2, 5.0))
def test_the_moments_are_the_plain_readings_long_stretches(
        seed: int, variant: str, seat: int, threshold: float) -> None:
    record = timed_record(variant, seed)
    r = review.of(record, seat=seat, threshold=threshold)
    plain = [(s, e, k) for s, e, k in plain_stretches(record, seat - 1)
             if round(e - s, 6) >= threshold]
    missed = [m for m in r.moments if m.kind == "missed"]
    assert [(m.t, m.t + m.waited, m.index) for m in missed] == [
        (s, s + round(e - s, 6), k) for s, e, k in plain]
    for m in missed:
        at = Game.replay(record, m.index)
        assert sorted(m.plays) == sorted(at.legal_plays(seat - 1))  # the plays at its start
        during = [i for i, t in enumerate(record["times"])
                  if m.t < t < m.t + m.waited - 1e-6 and record["actions"][i][1] == seat - 1]
        assert during == []  # no action of the seat inside a stretch
    assert r.summary["longest_wait"] == max(
        (round(e - s, 6) for s, e, _ in plain_stretches(record, seat - 1)), default=0.0)
