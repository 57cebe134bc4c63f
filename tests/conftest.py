"""Shared fixtures. Engine section: build hand-made tables, check refusals."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from hypothesis import settings

from spit_widget import Game, IllegalMove

MUTATION_EXAMPLES = 30

# The mutator (scripts/mutate.py) runs every mutant under this profile: the same examples each
# run, so a kill or a survival is reproducible, and no deadline a slow mutant could trip.
settings.register_profile(
    "mutation", max_examples=MUTATION_EXAMPLES, derandomize=True, database=None, deadline=None
)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])


# Under pytest-xdist (scripts/test runs two workers), the tests in these folders and files
# run one at a time, on one worker: each starts a browser, a Jupyter server, kernels or a
# cluster, and two of those at once would each get half the machine their waits were
# sized for. Everything else spreads over both workers.
ONE_AT_A_TIME = ("e2e", "test_kernel_rerun.py", "test_notebooks.py", "test_dask_cluster.py")

# The tests that step the vector engine, kept on one worker too: the first call compiles its
# numba kernels (about 40 s of CPU on a fresh machine, then cached on disk), and two workers
# meeting them at once would each compile them.
VECTOR_ENGINE = ("test_vec.py", "agent")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups into the test ids
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Group the tests that must run one at a time (ONE_AT_A_TIME); under the mutation
    profile, cap the tests' own `max_examples` too: a survivor runs every test, and a few
    hundred mutants cannot each afford the full property runs."""
    for item in items:
        if any(part in ONE_AT_A_TIME for part in item.path.parts):
            item.add_marker(pytest.mark.xdist_group("one_at_a_time"))
        elif any(part in VECTOR_ENGINE for part in item.path.parts):
            item.add_marker(pytest.mark.xdist_group("vector_engine"))
    if os.environ.get("HYPOTHESIS_PROFILE") != "mutation":
        return
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if isinstance(own, settings) and own.max_examples > MUTATION_EXAMPLES:
            capped = settings(own, max_examples=MUTATION_EXAMPLES)
            test._hypothesis_internal_use_settings = capped  # type: ignore[union-attr]


# ------------------------------------------------------------------- engine

Pile = str | Iterable[str]


def _pile(spec: Pile) -> list[str]:
    """A pile written bottom to top, as "8D 7S" or ["8D", "7S"]."""
    return spec.split() if isinstance(spec, str) else list(spec)


def build_table(
    variant: str = "duel",
    you: Iterable[Pile] = (),
    computer: Iterable[Pile] = (),
    centre: Iterable[Pile] = ("6S", "JD"),
    you_spit: Pile = "",
    computer_spit: Pile = "",
    **extra: Any,
) -> Game:
    """A position set up by hand through the public ``Game.from_dict``.

    ``you``/``computer`` list up to five stock piles (missing ones are empty).
    """
    players = []
    for stock, spit in ((you, you_spit), (computer, computer_spit)):
        piles = [_pile(p) for p in stock]
        piles += [[] for _ in range(5 - len(piles))]
        players.append({"stock": piles, "spit": _pile(spit)})
    data = {
        "version": 1,
        "variant": variant,
        "players": players,
        "centre": [_pile(c) for c in centre],
    }
    data.update(extra)
    return Game.from_dict(data)


def assert_refused(game: Game, action: Callable[..., object], *args: object) -> str:
    """``action(*args)`` raises IllegalMove with a sentence and changes nothing."""
    before, events, history = game.to_dict(), len(game.events), len(game.history)
    with pytest.raises(IllegalMove) as info:
        action(*args)
    message = str(info.value)
    assert message.strip(), "a refusal must say why"
    assert game.to_dict() == before
    assert len(game.events) == events
    assert len(game.history) == history
    return message


@pytest.fixture
def table() -> Callable[..., Game]:
    return build_table


@pytest.fixture
def refused() -> Callable[..., str]:
    return assert_refused
