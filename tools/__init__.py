"""The workshop: what the people who build spit-widget run, never shipped in the wheel.

:mod:`.harness` starts a hermetic JupyterLab and drives Debian's Chromium;
:mod:`.apps` does the same for Voila and marimo; :mod:`.soak` is the
reliability soak and :mod:`.seat_soak` its two-browser form; :mod:`.rtc_check`
and :mod:`.rtc_env` run a table under real-time collaboration; :mod:`.latency`
and :mod:`.seat_latency` time clicks in a real browser; :mod:`.find_puzzles`
writes the course's puzzles; :mod:`.vec_parity` plays games through both
engines. Each command runs from the checkout as ``python -m tools.NAME``; the
tests import the rest. Nothing in ``spit_widget`` imports this folder
(tests/test_layers.py), and the release check proves the wheel holds none of it.
"""
