"""A player's own figures as ``w.stats`` gives them, and the plot of their reactions."""

from __future__ import annotations

from pathlib import Path

from .games import Summary
from .reactions import ReactionGame
from .store import StatsStore


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
