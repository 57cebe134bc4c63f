"""A human click and a computer play on the same pile, in the same loop iteration.

Each race is a random position where your card and the computer's both fit
one centre pile, and whichever lands first spoils the other. The two arrive in
a random order within one turn of the loop (or one turn apart), 10,000 times on
one loop: exactly one lands, no card is lost, the human's refusal names the
card, and the computer re-plans instead of making a refused play. The races
themselves live in ``tools.soak.races`` (the soak runs them too).
"""

from __future__ import annotations

from hardkit import record

from tools.soak.races import races

RACES = 10_000
THROUGH_THE_PAGE = 500  # of which this many go through the widget's message handler


def test_ten_thousand_same_pile_races() -> None:
    tally = races(RACES, seed=2024, via_page_every=RACES // THROUGH_THE_PAGE)
    assert not tally.failed, "\n".join(tally.failures)
    c = tally.counts
    record("same-pile races", races=RACES, human=c["won by you"],
           computer=c["won by the computer"], via_page=c["through the page"],
           duel=c["duel"], classic=c["classic"], seconds=round(tally.seconds, 1))
    assert c["races"] == RACES and c["through the page"] == THROUGH_THE_PAGE
    assert c["won by you"] + c["won by the computer"] == RACES
    assert c["won by you"] > RACES // 4 and c["won by the computer"] > RACES // 4

