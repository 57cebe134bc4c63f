"""Adam (Kingma and Ba, 2015) over a dict of NumPy arrays: the optimiser
PPO is usually run with, in a dozen lines rather than a deep-learning
framework."""

from __future__ import annotations

import numpy as np

from .network import Params


class Adam:
    """Adam with global-norm gradient clipping, for the arrays named in ``names``."""

    def __init__(self, params: Params, names: tuple[str, ...], rate: float,
                 clip: float = 0.5, betas: tuple[float, float] = (0.9, 0.999)) -> None:
        self.rate, self.clip, self.betas, self.names = rate, clip, betas, names
        self.m = {n: np.zeros_like(params[n]) for n in names}
        self.v = {n: np.zeros_like(params[n]) for n in names}
        self.t = 0

    def step(self, params: Params, grads: Params) -> None:
        """Descend ``grads`` (a loss's gradient), changing ``params`` in place."""
        norm = float(np.sqrt(sum(float((grads[n] ** 2).sum()) for n in self.names)))
        scale = min(1.0, self.clip / max(norm, 1e-12))
        self.t += 1
        b1, b2 = self.betas
        for n in self.names:
            g = grads[n] * scale
            self.m[n] = b1 * self.m[n] + (1 - b1) * g
            self.v[n] = b2 * self.v[n] + (1 - b2) * g * g
            m_hat = self.m[n] / (1 - b1**self.t)
            v_hat = self.v[n] / (1 - b2**self.t)
            params[n] = (params[n] - self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(
                np.float32)
