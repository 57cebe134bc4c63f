"""The end-of-game review on a table against the computer: the panel
(:class:`ReviewPanel`) and the seats that hand it the table while it holds it
(:class:`ReviewSeats`)."""

from .panel import ReviewPanel
from .seats import ReviewSeats

__all__ = ["ReviewPanel", "ReviewSeats"]
