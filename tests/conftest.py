"""Shared fixtures. Engine section: build hand-made tables, check refusals."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
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
# The engine's tests run a second time on the pure-Python engine (scripts/test), to show the
# compiled engine plays the same rules: that run is a parity check, not the property tests'
# search, which the main run does at full strength on the engine as installed. On 30
# derandomized examples it takes 5 s of CPU instead of 160-220 s beside the main run.
settings.register_profile(
    "parity", max_examples=MUTATION_EXAMPLES, derandomize=True, database=None, deadline=None
)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])


# Under pytest-xdist, the tests in these folders and files each start a browser, a Jupyter
# server, kernels or a cluster, and spend most of their time waiting: on round trips, on the
# computer's human-paced reactions, on animations. Each such module runs whole on one worker
# (one JupyterLab per worker, shared by its modules), and scripts/test runs more workers than
# cores so that their waits overlap: with the browser tests in two fixed groups on two workers,
# the run was 751 s of wall time for 930 s of CPU on 2 cores (the two groups were the pole).
ONE_AT_A_TIME = ("e2e", "test_kernel_rerun.py", "test_notebooks.py", "test_dask_cluster.py",
                 "test_nbgrader_round_trip.py")  # nbgrader's autograde: a kernel per pupil

# Modules kept whole on one worker: most build something once per module (the release's sdist,
# wheels and venv; the docs site; the mutants' baseline).
WHOLE_MODULES = ("test_release.py", "test_mutation_tool.py", "test_lifecycle_leaks.py",
                 "test_fuzz_messages.py", "test_wheel.py", "test_docs.py")

# The tests that step the vector engine, kept on one worker too: the first call compiles its
# numba kernels (about 40 s of CPU on a fresh machine, then cached on disk), and two workers
# meeting them at once would each compile them.
VECTOR_ENGINE = ("test_vec.py", "agent")

# The longest units first, so that none starts last while the other workers idle (scripts/test
# keeps this order: --no-loadscope-reorder). Seconds per module as measured in one run of the
# suite (three workers, a loaded machine; the far kernel moved up after a five-worker run in
# which it started last and ran two minutes past the rest; the training notebook and the
# vector engine's tests, both CPU-bound, are kept apart: started together they took 200 s
# each): only the order matters.
LONGEST_FIRST = ("test_release.py", "test_seats_human.py", "test_lifecycle_leaks.py",
                 "test_course.py", "test_seat_soak.py", "test_mutation_tool.py", "test_duel.py",
                 "test_newcomer_play.py", "test_course_timed.py", "test_far_kernel.py",
                 "test_far_seats.py", "test_link.py", "test_wheel.py",
                 "test_session.py", "test_newcomer_view.py", "test_docs.py", "test_layout.py",
                 "test_touch.py", "test_fuzz_messages.py", "test_marimo.py", "test_classic.py",
                 "test_screenshots.py", "test_notebooks.py", "test_voila.py", "test_examples.py",
                 "test_dask_cluster.py", "test_kernel_rerun.py")


def _group(item: pytest.Item) -> str | None:
    """The unit a test is scheduled in: its module, for the modules kept whole."""
    if any(part in ONE_AT_A_TIME for part in item.path.parts):
        return f"browser_{item.path.stem}"
    if any(part in VECTOR_ENGINE for part in item.path.parts):
        return "vector_engine"
    if item.path.name in WHOLE_MODULES:
        return item.path.stem
    return None


def _start_order(item: pytest.Item) -> int:
    """The long units first, longest first; the vector engine next; then the rest."""
    if item.path.name in LONGEST_FIRST:
        return LONGEST_FIRST.index(item.path.name)
    if _group(item) is not None:
        return len(LONGEST_FIRST)
    return len(LONGEST_FIRST) + 1


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups into the test ids
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keep each long module whole on one worker (_group) and start the longest work first
    (_start_order); under the mutation profile, cap the tests' own `max_examples` too: a
    survivor runs every test, and a few hundred mutants cannot each afford the full runs."""
    for item in items:
        group = _group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
    items.sort(key=_start_order)  # stable: each module's tests stay together, in order
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


@pytest.fixture(autouse=True)
def _no_page_language_left_behind() -> Iterator[None]:
    """A table told its page's language (``{"kind": "language"}``) sets the kernel's
    (spit_widget.locale.follow_page): forgotten after each test, as a new kernel has none."""
    yield
    from spit_widget import locale

    locale.follow_page(None)
