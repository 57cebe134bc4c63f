"""Win/loss statistics for finished games, kept in a small SQLite file.

The file lives in the user's data directory (``platformdirs.user_data_dir("spit-widget")``) so
that stats outlive a kernel restart, or in the directory named by ``SPIT_WIDGET_HOME`` so tests,
CI and people with unusual setups can move it.

Design choices, and why:

* **Two kernels at once.** Two notebooks may finish games at the same moment, each in its own
  process. The database runs in WAL mode (readers never block the writer), every connection has a
  5 s busy timeout, each write is one short transaction, and a write that still reports
  ``database is locked`` is retried a few times before giving up.
* **Durability.** Each game is committed the moment it is recorded, never batched. With WAL and
  ``synchronous=NORMAL`` a committed game survives the process being killed (``SIGKILL``, a
  kernel crash) because the commit is already in the WAL file; only a power cut or OS crash can
  lose the last few commits, which is an acceptable trade for not paying an ``fsync`` per game.
* **Faults never stop a game.** A corrupt or truncated file is moved aside to
  ``<name>.corrupt-<timestamp>`` (kept, not deleted, so nothing is destroyed) and a fresh database
  is started. A location that cannot be written falls back to an in-memory database for this
  session. Both cases emit a ``RuntimeWarning`` so the user learns why their history looks empty.
* **Leaf module.** It imports nothing from the rest of the package, so the engine and the widget
  can depend on it without cycles and it can be tested on its own.

A store is meant for one thread (the kernel's event loop); it opens its one connection lazily,
on first use, so constructing a store never touches the disk.
"""

from __future__ import annotations

import os
import sqlite3
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TypeVar

import platformdirs

from ._version import __version__

__all__ = [
    "DB_FILENAME",
    "ENV_HOME",
    "SCHEMA_VERSION",
    "GameResult",
    "PlayerStats",
    "ReactionGame",
    "StatsStore",
    "Summary",
    "default_path",
]

ENV_HOME = "SPIT_WIDGET_HOME"
"""Environment variable naming the directory that holds the stats file."""

DB_FILENAME = "stats.sqlite3"
SCHEMA_VERSION = 4
"""Stored in ``PRAGMA user_version``; bump it and append to ``_MIGRATIONS`` to change the schema."""

BUSY_TIMEOUT_S = 5.0
_LOCK_RETRIES = 5

# _MIGRATIONS[v] takes a database from user_version v to v + 1.
_MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
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
    (
        # 2: the computer's mean reaction in each game (Match me moves it), and the player's
        # reaction times (a card becoming playable to its click), for Match me and w.stats.
        "ALTER TABLE games ADD COLUMN pace_mean REAL",
        """CREATE TABLE IF NOT EXISTS reactions (
            game_id INTEGER NOT NULL REFERENCES games(id),
            seconds REAL    NOT NULL
        )""",
    ),
    # 3: the seats' names of a game between two people (NULL against the computer).
    ("ALTER TABLE games ADD COLUMN name_0 TEXT", "ALTER TABLE games ADD COLUMN name_1 TEXT"),
    (
        # 4: the course (spit_widget.learn): the best stars per level or puzzle, and the first
        # result of each day's daily deal. Course games are never rows of ``games``.
        """CREATE TABLE IF NOT EXISTS course_stars (
            level      TEXT    PRIMARY KEY,
            stars      INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 3),
            updated_at REAL    NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS daily_results (
            day         TEXT    PRIMARY KEY,  -- ISO date of the deal
            won         INTEGER NOT NULL CHECK (won IN (0, 1)),
            margin      INTEGER NOT NULL,     -- the computer's cards left minus yours
            seconds     REAL    NOT NULL,
            finished_at REAL    NOT NULL
        )""",
    ),
)
assert len(_MIGRATIONS) == SCHEMA_VERSION

_COLUMNS = (
    "variant, winner, termination, cards_left_0, cards_left_1, rounds, seconds, finished_at,"
    " strategy, pace, pace_mean, name_0, name_1"
)

_T = TypeVar("_T")


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


def default_path() -> Path:
    """Where the stats file goes: ``$SPIT_WIDGET_HOME`` if set, else the user data directory."""
    home = os.environ.get(ENV_HOME)
    base = Path(home).expanduser() if home else Path(platformdirs.user_data_dir("spit-widget"))
    return base / DB_FILENAME


class StatsStore:
    """Records finished games and answers "how am I doing?".

    ``path`` is the database file; ``None`` means :func:`default_path`, resolved now (at
    construction) so a later change of ``SPIT_WIDGET_HOME`` does not move an existing store.
    Errors other than the handled faults (e.g. the lock still held after all retries) propagate
    as :class:`sqlite3.Error`, so a game is never silently dropped.
    """

    def __init__(self, path: Path | None = None) -> None:
        self._path = Path(path) if path is not None else default_path()
        self._conn: sqlite3.Connection | None = None
        self._in_memory = False

    @property
    def path(self) -> Path:
        """The database file this store uses (or would use, if it fell back to memory)."""
        return self._path

    @property
    def in_memory(self) -> bool:
        """True once the store has fallen back to memory: nothing recorded will outlive it."""
        return self._in_memory

    def record(self, result: GameResult) -> None:
        """Store one finished game, committed before returning (see module docstring)."""
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
        sql = f"INSERT INTO games ({_COLUMNS}) VALUES ({', '.join('?' * len(row))})"
        reactions = [(float(s),) for s in result.reactions]

        def write(conn: sqlite3.Connection) -> None:
            # One short transaction: the game and its reaction times land together or not at all.
            with _write_transaction(conn):
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
        sql = f"SELECT {_COLUMNS} FROM games ORDER BY finished_at DESC, id DESC LIMIT ?"
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

    def versions(self) -> dict[str, str]:
        """The package versions that made the file (``created_by``) and last wrote it
        (``written_by``); a newer package reads them before it migrates the file."""
        rows = self._run(lambda conn: conn.execute("SELECT key, value FROM meta").fetchall())
        return dict(rows)

    # -- the course (spit_widget.learn) ------------------------------------------------------

    def record_course_stars(self, level: str, stars: int) -> int:
        """Keep ``stars`` (1 to 3) for a course level or puzzle if better than the stored
        ones; returns the stars now stored."""
        if isinstance(stars, bool) or not isinstance(stars, int) or not 1 <= stars <= 3:
            raise ValueError(f"stars are 1, 2 or 3, not {stars!r}")
        sql = (
            "INSERT INTO course_stars (level, stars, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT(level) DO UPDATE SET stars = MAX(stars, excluded.stars),"
            " updated_at = excluded.updated_at"
        )

        def write(conn: sqlite3.Connection) -> int:
            conn.execute(sql, (str(level), stars, time.time()))
            row = conn.execute("SELECT stars FROM course_stars WHERE level = ?", (level,))
            return int(row.fetchone()[0])

        return self._run(write)

    def course_stars(self) -> dict[str, int]:
        """The best stars per course level or puzzle id."""
        rows = self._run(lambda conn: conn.execute("SELECT level, stars FROM course_stars")
                         .fetchall())
        return {str(level): int(stars) for level, stars in rows}

    def record_daily(self, day: str, won: bool, margin: int, seconds: float) -> bool:
        """Keep the first result of the daily deal of ``day`` (ISO date); False when that
        day already has one (a replay does not change the day's result)."""
        sql = ("INSERT OR IGNORE INTO daily_results (day, won, margin, seconds, finished_at)"
               " VALUES (?, ?, ?, ?, ?)")
        row = (day, int(bool(won)), int(margin), float(seconds), time.time())
        return bool(self._run(lambda conn: conn.execute(sql, row).rowcount))

    def daily_results(self) -> list[tuple[str, bool, int, float]]:
        """Each day's daily result, oldest first: (day, won, margin, seconds)."""
        sql = "SELECT day, won, margin, seconds FROM daily_results ORDER BY day"
        rows = self._run(lambda conn: conn.execute(sql).fetchall())
        return [(str(d), bool(w), int(m), float(s)) for d, w, m, s in rows]

    def reset_course(self) -> None:
        """Forget the course's stars and daily results (the games stay)."""

        def write(conn: sqlite3.Connection) -> None:
            with _write_transaction(conn):
                conn.execute("DELETE FROM course_stars")
                conn.execute("DELETE FROM daily_results")

        self._run(write)

    def close(self) -> None:
        """Close the connection. A file-backed store reopens on next use; memory is gone."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> StatsStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- internals -------------------------------------------------------------------------

    def _run(self, op: Callable[[sqlite3.Connection], _T]) -> _T:
        conn = self._connection()
        return _retry_locked(lambda: op(conn))

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = self._open()
        return self._conn

    def _open(self) -> sqlite3.Connection:
        """Open the file, repairing by quarantine or falling back to memory; never raises."""
        try:
            try:
                self._path.parent.mkdir(parents=True, exist_ok=True)
                return _retry_locked(lambda: _open_file(self._path))
            except sqlite3.DatabaseError as exc:
                if not _is_corruption(exc):
                    raise
                moved = _quarantine(self._path)
                warnings.warn(
                    f"spit-widget stats file {self._path} is corrupt ({exc}); moved it to "
                    f"{moved.name} and started a fresh one",
                    RuntimeWarning,
                    stacklevel=2,
                )
                return _retry_locked(lambda: _open_file(self._path))
        except (OSError, sqlite3.Error) as exc:
            warnings.warn(
                f"spit-widget cannot keep stats in {self._path} ({exc}); "
                "they will be kept in memory for this session only",
                RuntimeWarning,
                stacklevel=2,
            )
            self._in_memory = True
            conn = sqlite3.connect(":memory:", isolation_level=None)
            _migrate(conn)
            return conn


def _open_file(path: Path) -> sqlite3.Connection:
    """Connect, switch to WAL, check integrity and bring the schema up to date.

    Raises a plain :class:`sqlite3.DatabaseError` when the file is damaged.
    """
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    try:
        # Garbage fails here with "file is not a database", a cut file with "malformed".
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        problems = [row[0] for row in conn.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise sqlite3.DatabaseError(f"quick_check: {'; '.join(problems[:3])}")
        _migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def _migrate(conn: sqlite3.Connection) -> None:
    """Create or upgrade the schema, under a write lock so two kernels cannot both do it."""
    with _write_transaction(conn):
        version: int = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            # Written by a newer spit-widget: do not scribble on data we do not understand.
            raise sqlite3.OperationalError(
                f"schema version {version} is newer than this spit-widget ({SCHEMA_VERSION}); "
                f"{_written_by(conn)}"
            )
        for step in _MIGRATIONS[version:]:
            for statement in step:
                conn.execute(statement)
        if version != SCHEMA_VERSION:
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION:d}")
        _stamp_version(conn)


@contextmanager
def _write_transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """A write transaction that takes the lock at once (``BEGIN IMMEDIATE``: a second kernel
    waits at the start instead of failing halfway) and is rolled back on any exception,
    a KeyboardInterrupt included, so a half-written change never stays."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _stamp_version(conn: sqlite3.Connection) -> None:
    """Note which package made the file and which wrote it last (the ``meta`` table).

    Outside the numbered steps, so it needs no schema version of its own: a newer package
    reads these rows to repair what a given release is known to have written wrongly, and
    an older one ignores the table.
    """
    conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute("INSERT OR IGNORE INTO meta VALUES ('created_by', ?)", (__version__,))
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('written_by', ?)", (__version__,))


def _written_by(conn: sqlite3.Connection) -> str:
    """Which package wrote the file last, for the sentence that refuses a newer file."""
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'written_by'").fetchone()
    except sqlite3.OperationalError:  # no meta table: written before versions were noted
        row = None
    return f"it was written by spit-widget {row[0]}" if row else "update spit-widget to read it"


def _is_corruption(exc: sqlite3.DatabaseError) -> bool:
    """True for a damaged file, false for a busy/read-only/unopenable one.

    CPython raises SQLITE_CORRUPT and SQLITE_NOTADB as plain ``DatabaseError``, while locking,
    permission and I/O problems are ``OperationalError`` (a subclass), so the type tells them apart
    on every supported Python version.
    """
    return type(exc) is sqlite3.DatabaseError


def _quarantine(path: Path) -> Path:
    """Move a damaged database (and its WAL/shm side files) aside; return the new main path.

    Kept rather than deleted so a user can still try to recover it.
    """
    stamp = datetime.now().strftime("%Y%m%dT%H%M%S%f")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.replace(side, target.with_name(target.name + suffix))
    return target


def _retry_locked(op: Callable[[], _T]) -> _T:
    """Run ``op``, retrying when another process still holds the lock after the busy timeout.

    The busy timeout covers almost every case; the retry covers the few where SQLite reports
    "locked" without waiting (e.g. while another connection is recovering the WAL).
    """
    for attempt in range(_LOCK_RETRIES):
        try:
            return op()
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == _LOCK_RETRIES - 1:
                raise
            time.sleep(0.05 * 2**attempt)
    raise AssertionError("unreachable")


class PlayerStats:
    """A player's own figures, as ``w.stats`` gives them: games, wins, the
    reaction-time history (one entry per game, oldest first) and a plot of it.

    Read fresh from the store on each access, so it is never stale.
    """

    def __init__(self, store: StatsStore, variant: str | None = None) -> None:
        self._store = store
        self.variant = variant

    @property
    def summary(self) -> Summary:
        """Totals for this variant."""
        return self._store.summary(self.variant)

    @property
    def games(self) -> int:
        """Games recorded in this variant."""
        return self.summary.games

    @property
    def wins(self) -> int:
        """Games you won."""
        return self.summary.wins

    @property
    def win_rate(self) -> float:
        """Your share of wins."""
        return self.summary.win_rate

    @property
    def reactions(self) -> list[ReactionGame]:
        """Each game's reaction times (a card becoming playable to your click)."""
        return self._store.reaction_history(self.variant)

    def plot(self) -> _Chart:
        """Your median reaction time per game over time (with the quartiles), a
        picture in the notebook."""
        from matplotlib.figure import Figure

        history = self.reactions
        fig = Figure(figsize=(7, 3.5))
        ax = fig.subplots()
        if history:
            # Matplotlib's dates are days since 1970-01-01 (its default epoch), UTC.
            xs = [g.finished_at / 86400 for g in history]
            quartiles = [_quartiles(g.seconds) for g in history]
            ax.fill_between(xs, [q[0] for q in quartiles], [q[2] for q in quartiles],
                            alpha=0.25, label="middle half of your plays")
            ax.plot(xs, [q[1] for q in quartiles], marker="o", label="median per game")
            ax.legend(loc="upper right")
            ax.xaxis_date()
            fig.autofmt_xdate()
        else:
            ax.text(0.5, 0.5, "No measured games yet: play one against the computer.",
                    ha="center", va="center", transform=ax.transAxes)
        ax.set(ylabel="seconds, playable to click", ylim=(0, None),
               title=f"Your reaction times ({self.variant or 'all variants'})")
        fig.tight_layout()
        return _Chart(fig)

    def __repr__(self) -> str:
        s = self.summary
        history = self.reactions
        line = (f"<PlayerStats {self.variant or 'all'}: {s.games} games, {s.wins} won "
                f"({s.win_rate:.0%})")
        if history:
            line += f"; last game's median reaction {history[-1].median:.2f} s"
        return line + ">"


def _quartiles(values: list[float]) -> tuple[float, float, float]:
    ordered = sorted(values)
    n = len(ordered)

    def at(q: float) -> float:
        pos = q * (n - 1)
        low = int(pos)
        high = min(low + 1, n - 1)
        return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)

    return at(0.25), at(0.5), at(0.75)


class _Chart:
    """A matplotlib figure that shows itself as a picture when it ends a cell,
    whatever the notebook's plotting backend."""

    def __init__(self, figure: object) -> None:
        self.figure = figure

    def _repr_png_(self) -> bytes:
        import io

        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", dpi=100)  # type: ignore[attr-defined]
        return buffer.getvalue()

    def save(self, path: str | Path) -> None:
        """Write the picture to ``path``."""
        self.figure.savefig(path, dpi=100)  # type: ignore[attr-defined]
