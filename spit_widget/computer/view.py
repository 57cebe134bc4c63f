"""The read-only view a strategy decides from.

A strategy sees what a player at the table sees, never a face-down card, and
has no way to change the game: the view is a thin window on the live
:class:`~spit_widget.engine.Game`, cheap enough to build for every decision.
"""

from __future__ import annotations

from ..engine import Action, Game


class View:
    """What ``player`` sees of a game: face-up cards, pile sizes, what is legal.

    A thin read-only window on the live game (cheap enough to build for every
    decision); it exposes no way to act and no face-down card.
    """

    __slots__ = ("_game", "player")

    def __init__(self, game: Game, player: int) -> None:
        self._game = game
        self.player = player

    @property
    def variant(self) -> str:
        """``"duel"`` or ``"classic"``."""
        return self._game.variant

    @property
    def status(self) -> str:
        """``"playing"``, ``"round_over"`` or ``"game_over"``."""
        return self._game.status

    @property
    def opponent(self) -> int:
        """The other seat."""
        return 1 - self.player

    def tops(self, player: int | None = None) -> list[str | None]:
        """Face-up top card of each of the five slots (None where empty)."""
        return self._game.stock_tops(self.player if player is None else player)

    def pile_sizes(self, player: int | None = None) -> list[int]:
        """Cards in each of the five stock slots (face-down ones counted, never shown)."""
        p = self.player if player is None else player
        return [len(pile) for pile in self._game.stock[p]]

    def centre_tops(self) -> list[str | None]:
        """The top card of each centre pile (None where a pile is empty)."""
        return self._game.centre_tops()

    def centre_sizes(self) -> list[int]:
        """Cards in each centre pile."""
        return [len(pile) for pile in self._game.centre]

    def spit_cards(self, player: int | None = None) -> int:
        """Cards left in the spit pile of ``player`` (this view's player by default)."""
        return self._game.spit_cards(self.player if player is None else player)

    def cards_left(self, player: int | None = None) -> int:
        """Stock and spit cards ``player`` still holds."""
        return self._game.cards_left(self.player if player is None else player)

    def legal_plays(self, player: int | None = None) -> list[tuple[str, int]]:
        """Every ``(card, centre)`` play ``player`` could make now."""
        return self._game.legal_plays(self.player if player is None else player)

    def slappable(self) -> list[int]:
        """The centre piles this player may slap now (after going out in classic)."""
        return self._game.slappable(self.player)

    def legal_moves_to_empty(self) -> list[tuple[str, int]]:
        """Every ``(card, slot)`` move into an empty slot this player could make now."""
        return self._game.legal_moves_to_empty(self.player)

    @property
    def stuck(self) -> tuple[bool, bool]:
        """Whether each seat has declared stuck (duel)."""
        return (self._game.stuck[0], self._game.stuck[1])

    @property
    def went_out(self) -> int | None:
        """The seat that went out this round, or None."""
        return self._game.went_out

    @property
    def declares_stuck(self) -> bool:
        """True in a duel, where each side declares stuck before a spit."""
        return self._game.rules.declare_stuck

    def both_stuck(self) -> bool:
        """Whether neither seat can play (the spit is due)."""
        return self._game.both_stuck()

    def play(self, card: str, centre: int) -> Action:
        """The action of playing ``card`` on ``centre`` (to return, not to do)."""
        return Action("play", self.player, card, centre)
