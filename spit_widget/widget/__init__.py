"""The table in a notebook cell: page messages become engine actions, and the
engine's state goes back to every view of the widget."""

from .replay import ReplayWidget, load_record, save_game
from .table import SpitWidget

__all__ = ["ReplayWidget", "SpitWidget", "load_record", "save_game"]
