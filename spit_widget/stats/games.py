"""Finished games: the ``games`` table, a game's record and the totals read from it."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from .connection import Queries, write_transaction

STEPS: dict[int, tuple[str, ...]] = {
    0: (
        # No indexes: a person plays thousands of games at most, and a scan of that is < 1 ms.
        """CREATE TABLE IF NOT EXISTS games (
            id           INTEGER PRIMARY KEY,
            variant      TEXT    NOT NULL,
            winner       INTEGER CHECK (winner IN (0, 1)),  -- NULL = draw
            termination  TEXT    NOT NULL,
            cards_left_0 INTEGER NOT NULL,
            cards_left_1 INTEGER NOT NULL,
            rounds       INTEGER NOT NULL,
            seconds      REAL    NOT NULL,
            finished_at  REAL    NOT NULL,
            strategy     TEXT    NOT NULL,
            pace         TEXT    NOT NULL
        )""",
    ),
    # 3: the seats' names of a game between two people (NULL against the computer).
    2: ("ALTER TABLE games ADD COLUMN name_0 TEXT", "ALTER TABLE games ADD COLUMN name_1 TEXT"),
}
"""This feature's migration steps (see :mod:`spit_widget.stats.migrations`)."""

COLUMNS = (
    "variant, winner, termination, cards_left_0, cards_left_1, rounds, seconds, finished_at,"
    " strategy, pace, pace_mean, name_0, name_1"
)


@dataclass(frozen=True)
class GameResult:
    """One finished game, as the stats file remembers it."""

    variant: str
    winner: int | None
    """0 = the human, 1 = the computer, None = a draw."""
    termination: str
    """Why the game ended, e.g. ``"stock_emptied"``."""
    cards_left: tuple[int, int]
    """Cards each player still held at the end (player 0, player 1)."""
    rounds: int
    seconds: float
    finished_at: float
    """Wall-clock end of the game, seconds since the epoch."""
    strategy: str
    """Name of the computer's strategy, so results against different opponents can be told apart."""
    pace: str
    pace_mean: float | None = None
    """The computer's mean reaction time in seconds at the end of the game (Match me moves it)."""
    reactions: tuple[float, ...] = ()
    """The player's reaction times this game: seconds from a card becoming playable to the click."""
    names: tuple[str | None, str | None] = (None, None)
    """The seats' names in a game between two people (``strategy`` is ``"human"``)."""


@dataclass(frozen=True)
class Summary:
    """Totals seen from the human's side (player 0)."""

    games: int
    wins: int
    losses: int
    draws: int
    win_rate: float
    """``wins / games`` (draws count as games not won); 0.0 when there are no games."""

    def as_dict(self) -> dict[str, int | float]:
        """The shape the widget sends to the page as ``state.stats``."""
        return {
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "win_rate": self.win_rate,
        }


class GameQueries(Queries):
    """Recording a finished game, and the totals and recent games read back."""

    def record(self, result: GameResult) -> None:
        """Store one finished game, committed before returning (never batched: with WAL
        and ``synchronous=NORMAL`` a committed game survives the process being killed)."""
        row = (
            result.variant,
            result.winner,
            result.termination,
            result.cards_left[0],
            result.cards_left[1],
            result.rounds,
            result.seconds,
            result.finished_at,
            result.strategy,
            result.pace,
            result.pace_mean,
            result.names[0],
            result.names[1],
        )
        sql = f"INSERT INTO games ({COLUMNS}) VALUES ({', '.join('?' * len(row))})"
        reactions = [(float(s),) for s in result.reactions]

        def write(conn: sqlite3.Connection) -> None:
            # One short transaction: the game and its reaction times land together or not at all.
            with write_transaction(conn):
                game_id = conn.execute(sql, row).lastrowid
                conn.executemany(
                    f"INSERT INTO reactions (game_id, seconds) VALUES ({game_id:d}, ?)", reactions
                )

        self._run(write)

    def summary(self, variant: str | None = None) -> Summary:
        """Totals against the computer for one variant, or for all games when
        ``variant`` is None (games between two people count per name instead:
        :meth:`player_summary`)."""
        sql = (
            "SELECT COUNT(*), TOTAL(winner = 0), TOTAL(winner = 1), TOTAL(winner IS NULL)"
            " FROM games WHERE (:v IS NULL OR variant = :v) AND strategy != 'human'"
        )
        games, wins, losses, draws = self._run(
            lambda conn: conn.execute(sql, {"v": variant}).fetchone()
        )
        games, wins, losses, draws = int(games), int(wins), int(losses), int(draws)
        return Summary(games, wins, losses, draws, wins / games if games else 0.0)

    def player_summary(self, name: str, variant: str | None = None) -> Summary:
        """Totals of the person called ``name`` over games between two people,
        in whichever seat they sat (names compare without regard to case)."""
        sql = (
            "SELECT COUNT(*),"
            " TOTAL((lower(name_0) = lower(:n) AND winner = 0)"
            "    OR (lower(name_1) = lower(:n) AND winner = 1)),"
            " TOTAL(winner IS NOT NULL AND NOT ((lower(name_0) = lower(:n) AND winner = 0)"
            "    OR (lower(name_1) = lower(:n) AND winner = 1))),"
            " TOTAL(winner IS NULL)"
            " FROM games WHERE (lower(name_0) = lower(:n) OR lower(name_1) = lower(:n))"
            " AND (:v IS NULL OR variant = :v)"
        )
        games, wins, losses, draws = self._run(
            lambda conn: conn.execute(sql, {"n": name, "v": variant}).fetchone()
        )
        games, wins, losses, draws = int(games), int(wins), int(losses), int(draws)
        return Summary(games, wins, losses, draws, wins / games if games else 0.0)

    def recent(self, n: int) -> list[GameResult]:
        """The ``n`` most recently finished games, newest first."""
        if n <= 0:  # SQLite reads a negative LIMIT as "no limit"
            return []
        sql = f"SELECT {COLUMNS} FROM games ORDER BY finished_at DESC, id DESC LIMIT ?"
        rows = self._run(lambda conn: conn.execute(sql, (n,)).fetchall())
        return [
            GameResult(
                variant=r[0],
                winner=r[1],
                termination=r[2],
                cards_left=(r[3], r[4]),
                rounds=r[5],
                seconds=r[6],
                finished_at=r[7],
                strategy=r[8],
                pace=r[9],
                pace_mean=r[10],
                names=(r[11], r[12]),
            )
            for r in rows
        ]
