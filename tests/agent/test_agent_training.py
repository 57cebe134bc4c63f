"""Training on the vector engine makes the agent better, measurably and repeatably."""

from __future__ import annotations

import numpy as np
import pytest

from spit_widget.agent import Plan, paired, train
from spit_widget.agent.network import initial


def test_a_short_seeded_run_learns_to_beat_random() -> None:
    # Ten rollouts of 256 games (about 3,400 games, seconds): the untrained
    # network plays the first legal play, as greedy does (about 44% against
    # random); trained, it wins clearly more, on deals it never saw.
    plan = Plan(seconds=None, updates=10, envs=256, opponents=("random",), check_deals=0)
    result = train(plan)
    before = paired(initial(plan.seed), "random", 300)
    after = paired(result.params, "random", 300)
    assert result.games > 2000
    assert before.win_rate() < 0.48
    assert after.win_rate() >= before.win_rate() + 0.08, (before.report(), after.report())
    assert after.interval()[0] > 0.5
    again = train(plan)  # seeded: the same weights
    assert all(np.array_equal(result.params[k], again.params[k]) for k in result.params)


def test_checkpoints_trace_the_learning_curve() -> None:
    plan = Plan(seconds=None, updates=4, envs=128, opponents=("greedy",), checkpoints=(0.5,),
                check_deals=20)
    seen = []
    result = train(plan, report=seen.append)
    assert seen == result.curve
    assert result.curve[0].games == 0 and result.curve[-1].games == result.games
    assert len(result.curve) == 3  # the start, halfway, the end
    assert all(set(c.rates) == {"greedy", "expert"} for c in result.curve)
    times = [c.seconds for c in result.curve]
    assert times == sorted(times)


def test_the_package_names_are_the_functions_not_their_modules() -> None:
    # Loaded on first use: `train` is the function even after its module is imported.
    import spit_widget.agent as package

    assert package.Plan.__module__ == "spit_widget.agent.training"
    assert callable(package.train) and package.train is train
    assert package.paired.__name__ == "paired"


def test_a_plan_without_a_limit_is_refused() -> None:
    with pytest.raises(ValueError, match="A plan needs a limit: seconds, updates or both"):
        train(Plan(seconds=None, updates=None))
