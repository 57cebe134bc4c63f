"""Elo-scale ratings fitted to a whole league at once (Bradley-Terry).

Why not TrueSkill-style updates (openskill, Elo's running formula)? They rate
game by game, so the order of the games matters and early luck is frozen in:
tried on a league of the built-in strategies, openskill's Plackett-Luce put
``random`` level with ``expert`` although expert won 59% of their games.
Those updates are made for players whose skill drifts; a strategy's does
not, so every game is equal evidence and the right estimate is the one that
fits all of them together: the Bradley-Terry model, which is Elo's model
(``P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i) / 400))``), fitted by maximum
a posteriori with a weak prior (every rating starts 1500 +- 700, which keeps
an entrant that won every game finite). A draw counts half a win each. The
95% intervals come from the fit's curvature (the Laplace approximation), for
ratings centred on the league's mean of 1500.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

ELO = 400 / math.log(10)
"""Elo points per unit of log-odds."""
CENTRE = 1500.0
PRIOR_SD = 700 / ELO
"""The prior's spread in log-odds: weak next to the evidence of a few games."""


def fit(wins: Sequence[Sequence[float]]) -> tuple[list[float], list[float]]:
    """Ratings and their standard errors (Elo points) from ``wins[i][j]``, the
    games ``i`` won against ``j`` (draws as halves)."""
    n = len(wins)
    games = [[wins[i][j] + wins[j][i] for j in range(n)] for i in range(n)]
    theta = [0.0] * n
    for _ in range(100):
        # Newton's method; the curvature for the errors is taken at the answer
        # (the loop stops before a step too small to move it).
        gradient, hessian = _derivatives(theta, wins, games)
        step = _solve(hessian, gradient)
        if max(abs(s) for s in step) < 1e-10:
            break
        theta = [t + s for t, s in zip(theta, step, strict=True)]
    cov = [_solve(hessian, [float(i == k) for i in range(n)]) for k in range(n)]
    # Ratings say how entrants compare, so they are centred on the league's
    # mean, and so are their errors (the shift every rating shares is not
    # measured by any game, only by the prior). The log-strengths need no
    # centring: with the prior centred on 0 each Newton step keeps their sum
    # at 0 (the information's rows sum to 1 / PRIOR_SD**2, the gradient's
    # terms to -sum(theta) / PRIOR_SD**2).
    row_means = [sum(row) / n for row in cov]
    total = sum(row_means) / n
    errors = [ELO * math.sqrt(max(0.0, cov[i][i] - 2 * row_means[i] + total)) for i in range(n)]
    return [CENTRE + ELO * t for t in theta], errors


def _derivatives(theta: list[float], wins: Sequence[Sequence[float]],
                 games: list[list[float]]) -> tuple[list[float], list[list[float]]]:
    """The log posterior's gradient and its negated Hessian (the information)."""
    n = len(theta)
    gradient = [-t / PRIOR_SD**2 for t in theta]
    info = [[float(i == j) / PRIOR_SD**2 for j in range(n)] for i in range(n)]
    for i in range(n):
        for j in range(n):
            if i == j or not games[i][j]:
                continue
            p = 1 / (1 + math.exp(theta[j] - theta[i]))
            gradient[i] += wins[i][j] - games[i][j] * p
            w = games[i][j] * p * (1 - p)
            info[i][i] += w
            info[i][j] -= w
    return gradient, info


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix^-1 vector`` by Gauss-Jordan elimination, without pivoting: the
    information matrix is small and strictly diagonally dominant (each row
    sums to 1 / PRIOR_SD**2, its off-diagonal terms are negative), which
    elimination keeps, so every pivot is on the diagonal already."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for k in range(n):
        for r in range(n):
            if r != k and rows[r][k]:
                factor = rows[r][k] / rows[k][k]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[k], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]
