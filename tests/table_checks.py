"""Checks shared by the widget and hardening tests (``tests/`` is on the path
through its conftest). They live in the package, where the soak command uses
them too."""

from __future__ import annotations

from tools.soak.checks import assert_view_matches_engine

__all__ = ["assert_view_matches_engine"]
