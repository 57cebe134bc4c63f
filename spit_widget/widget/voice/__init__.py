"""The widget's sentences: the table's, the seats' and the course bar's.

The engine's own sentences (the move log, refusals, the end of a game) live in
:mod:`spit_widget.engine.narration`; what a player reads about the table
around the game (the status line, pauses, seats and views, a malformed page
message, the course, a replay and the review panel) is said here, in one
package for the widget layer: :mod:`.table`, :mod:`.course` and
:mod:`.review`, whose names this package gives as its own. Both speak through
the same :class:`~spit_widget.engine.narration.Voice` (whom a sentence speaks
to, and the players' names), and nothing rewrites or parses a sentence
afterwards: each is made once, in the voice it is read in.

Every sentence is a whole message of the catalogue (:mod:`spit_widget.locale`),
made in the current language when it is said. A constant keeps its English
source (the catalogue's key): :func:`said` gives it in the current language
where it is read, ``said(V.PAUSED_CLICK)``.
"""

from ...engine.narration import said as said
from .course import *  # noqa: F403
from .review import *  # noqa: F403
from .table import *  # noqa: F403
