"""``python -m spit_widget.agent --minutes 10 --out spit_agent.npz``: train and save."""

from .training import main

main()
