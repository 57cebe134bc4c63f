"""Reaction times and Match me: the player's measured reactions (the ``reactions``
table) and the computer's mean at the end of each game (``games.pace_mean``),
which Match me moves toward the player's speed."""

from __future__ import annotations

from dataclasses import dataclass

from .connection import Queries

STEPS: dict[int, tuple[str, ...]] = {
    1: (
        # 2: the computer's mean reaction in each game (Match me moves it), and the player's
        # reaction times (a card becoming playable to its click), for Match me and w.stats.
        "ALTER TABLE games ADD COLUMN pace_mean REAL",
        """CREATE TABLE IF NOT EXISTS reactions (
            game_id INTEGER NOT NULL REFERENCES games(id),
            seconds REAL    NOT NULL
        )""",
    ),
}
"""This feature's migration steps (see :mod:`spit_widget.stats.migrations`)."""


@dataclass(frozen=True)
class ReactionGame:
    """One game's measured reaction times (seconds, in the order played)."""

    finished_at: float
    variant: str
    winner: int | None
    pace: str
    seconds: list[float]

    @property
    def median(self) -> float:
        """The game's median reaction time."""
        ordered = sorted(self.seconds)
        mid = len(ordered) // 2
        return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


class ReactionQueries(Queries):
    """The player's reaction times, and the history Match me reads."""

    def reaction_samples(self, variant: str, n: int) -> list[float]:
        """The player's ``n`` most recent reaction times in ``variant``, oldest first."""
        sql = (
            "SELECT r.seconds FROM reactions r JOIN games g ON g.id = r.game_id"
            " WHERE g.variant = ? ORDER BY g.finished_at DESC, g.id DESC, r.rowid DESC LIMIT ?"
        )
        rows = self._run(lambda conn: conn.execute(sql, (variant, max(n, 0))).fetchall())
        return [r[0] for r in reversed(rows)]

    def reaction_history(self, variant: str | None = None) -> list[ReactionGame]:
        """Each game with measured reactions, oldest first: when, how many, their median."""
        sql = (
            "SELECT g.id, g.finished_at, g.variant, g.winner, g.pace, r.seconds"
            " FROM games g JOIN reactions r ON r.game_id = g.id"
            " WHERE :v IS NULL OR g.variant = :v ORDER BY g.finished_at, g.id"
        )
        rows = self._run(lambda conn: conn.execute(sql, {"v": variant}).fetchall())
        games: dict[int, ReactionGame] = {}
        for game_id, finished_at, var, winner, pace, seconds in rows:
            entry = games.setdefault(
                game_id, ReactionGame(finished_at, var, winner, pace, [])
            )
            entry.seconds.append(seconds)
        return list(games.values())

    def match_me_history(self, variant: str, n: int) -> list[tuple[bool, float | None]]:
        """The ``n`` most recent Match me games in ``variant``, oldest first:
        (did the player win, the computer's mean at the end)."""
        sql = (
            "SELECT winner = 0, pace_mean FROM games WHERE variant = ? AND pace = 'match_me'"
            " ORDER BY finished_at DESC, id DESC LIMIT ?"
        )
        rows = self._run(lambda conn: conn.execute(sql, (variant, max(n, 0))).fetchall())
        return [(bool(won), mean) for won, mean in reversed(rows)]
