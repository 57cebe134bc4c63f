"""The table's sentences: the end-of-game dialog, a lost race, the status line,
pauses, the seats and the refusals of a malformed page message.

Every sentence is a whole message of the catalogue (:mod:`spit_widget.locale`),
made in the current language when it is said; a sentence about a player is
chosen whole by whom it is about, as in :mod:`spit_widget.engine.narration`.
The constants keep the English source (the catalogue's key):
:func:`~spit_widget.engine.narration.said` gives one in the current language
where it is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...engine import cards as C
from ...engine.narration import COMPUTER_VOICE, Voice, about, outcome_sentence, pile, said
from ...engine.types import COMPUTER, GAME_OVER, ROUND_OVER, YOU, Outcome
from ...locale import N_, _, decimal, pgettext, speaking


def person(voice: Voice, p: int, you: str, named: str, **values: Any) -> str:
    """A sentence about a seated person ``p`` (a table of two people, where
    nobody is the computer): ``you`` when ``p`` is addressed, else ``named``
    (``{name}``: as typed). Both are messages, marked with ``N_`` where written."""
    if p == voice.you:
        return _(you, **values)
    return _(named, name=voice.names[p], **values)


def between(voice: Voice, p: int, you_first: str, you_second: str, names: str,
            **values: Any) -> str:
    """A sentence about person ``p`` and the other one: ``you_first`` when ``p``
    is addressed (``{other}``: the other's name), ``you_second`` when the other
    is (``{name}``: ``p``'s), else ``names`` (both by name)."""
    name, other = voice.names[p], voice.names[1 - p]
    if p == voice.you:
        return _(you_first, other=other, **values)
    if 1 - p == voice.you:
        return _(you_second, name=name, **values)
    return _(names, name=name, other=other, **values)


# ------------------------------------------------------ the end-of-game dialog
def outcome_title(winner: int | None, voice: Voice = COMPUTER_VOICE) -> str:
    """The heading of the end-of-game dialog."""
    if winner is None:
        return _("A draw")
    return about(voice, winner, N_("You win!"), N_("The computer wins"), N_("{name} wins!"))


# ------------------------------------------------- a click that lost a race
def covered_first(card: str, seen: str, top: str, name: str, by: int | None, player: int,
                  voice: Voice = COMPUTER_VOICE) -> str:
    """Refusal: ``player``'s ``card`` fitted ``seen``, the top of the pile ``name``
    when they clicked, but ``by`` (None, or ``player`` themself from elsewhere:
    nobody to name) covered it with ``top`` first. Said instead of
    :func:`~spit_widget.engine.narration.does_not_fit`, which would tell the
    player their card was wrong."""
    low, high = C.neighbour_ranks(top)
    values = {"top": C.label(top), "seen": C.label(seen), "pile": pile(name),
              "card": C.label(card), "low": C.rank_label(low), "high": C.rank_label(high)}
    if by is None or by == player:
        return _("That pile changed first: {top} now covers {seen} on {pile}, so {card} no "
                 "longer fits (it needs {low} or {high}).", **values)
    return about(voice, by,
                 N_("You got there first: {top} now covers {seen} on {pile}, so {card} no "
                    "longer fits (it needs {low} or {high})."),
                 N_("The computer got there first: {top} now covers {seen} on {pile}, so "
                    "{card} no longer fits (it needs {low} or {high})."),
                 N_("{name} got there first: {top} now covers {seen} on {pile}, so {card} no "
                    "longer fits (it needs {low} or {high})."), **values)


# ------------------------------------------------------------- status line
@dataclass(frozen=True)
class Situation:
    """What the status line speaks of, read off a game as plain values."""

    status: str
    went_out: int | None = None
    stuck: tuple[bool, bool] = (False, False)
    declares_stuck: bool = True  # the duel: each player declares stuck
    both_stuck: bool = False
    has_rounds: bool = False  # classic: Spit! when both are stuck
    can_play: bool = True  # the player addressed has a play or a move
    thinking: bool = False  # the computer is about to play
    paused: bool = False
    votes: tuple[int, ...] = ()  # who pressed Spit! already (two people)
    outcome: Outcome | None = None


def status_line(s: Situation, voice: Voice = COMPUTER_VOICE) -> str:
    """One line for the status box, in the order a player cares about."""
    if s.status == GAME_OVER:
        return outcome_sentence(s.outcome, voice) if s.outcome else _("Game over.")
    if voice.computer:
        return _status_against_the_computer(s)
    return _status_of_people(s, voice) or _("Play!")


def watching_line(s: Situation, voice: Voice) -> str:
    """The status line as a spectator reads it: who is playing, where the
    players read an instruction ("Play!") that is not for the spectator."""
    if s.status == GAME_OVER:
        return status_line(s, voice)
    return _status_of_people(s, voice) or _("Watching {first} and {second} play",
                                            first=voice.names[0], second=voice.names[1])


def _status_of_people(s: Situation, voice: Voice) -> str | None:
    """The status between two people; None while both simply play."""
    if s.status == ROUND_OVER and s.went_out is not None:
        return person(voice, s.went_out, N_("You went out: slap the smaller centre pile!"),
                      N_("{name} went out: {name} slaps the smaller centre pile."))
    stuck = [p for p in (YOU, COMPUTER) if s.stuck[p]]
    if s.declares_stuck and len(stuck) == 1:
        return between(voice, stuck[0], N_("You're stuck: waiting for {other}"),
                       N_("{name} is stuck: waiting for you"),
                       N_("{name} is stuck: waiting for {other}"))
    if s.both_stuck and len(s.votes) == 1:
        return between(voice, s.votes[0], N_("You are ready to spit: waiting for {other}"),
                       N_("{name} is ready to spit: waiting for you"),
                       N_("{name} is ready to spit: waiting for {other}"))
    if s.both_stuck:
        return _("Both stuck: both press Spit!") if s.has_rounds else _("Both stuck")
    return None


def _status_against_the_computer(s: Situation) -> str:
    if s.status == ROUND_OVER:
        if s.went_out == YOU:
            return _("You went out: slap the smaller centre pile!")
        return _("The computer went out and slaps the smaller pile.")
    if s.paused:
        return said(PAUSED)
    stuck = _stuck_against_the_computer(s)
    if stuck is not None:
        return stuck
    if not s.can_play:
        return (_("None of your cards fits: press Stuck") if s.declares_stuck
                else _("None of your cards fits: the computer can play"))
    return _("Computer is thinking") if s.thinking else _("Your move")


def _stuck_against_the_computer(s: Situation) -> str | None:
    """Who is stuck, when that is the news; None when nobody is."""
    you, computer = s.stuck
    if (you and computer) or (not s.declares_stuck and s.both_stuck):
        return _("Both stuck")
    if s.declares_stuck and you:
        return _("You're stuck: waiting for the computer to be stuck too")
    if s.declares_stuck and computer:
        return _("The computer is stuck")
    return None


PAUSED = N_("Paused")
PAUSED_CLICK = N_("The game is paused: press Resume to play on.")
PAUSED_HIDDEN = N_("Paused while the tab was hidden.")
PAUSED_NETWORK = N_("Paused: your page stopped answering (the connection dropped), "
                    "so the computer waits until it is back.")


def connection_back(seconds: float, playing_on: bool) -> str:
    """The page answers again after a dropped connection."""
    if playing_on:
        return _("Your connection dropped for {seconds} s; the game waited for you and plays "
                 "on.", seconds=decimal(seconds))
    return _("Your connection dropped for {seconds} s; the game waited for you and is still "
             "paused.", seconds=decimal(seconds))


def pace_adjusted(round_trip: float) -> str:
    """The pace menu's note while the computer is compensated for a network."""
    return _("adjusted for your {ms} ms connection", ms=f"{round(round_trip * 100) * 10:.0f}")


READ_ONLY = N_("This table only shows a game: it takes no moves.")
CLICK_FAILED = N_("That click could not be handled; the game is unchanged.")
COMPUTER_FAILED = N_("The computer's strategy failed and it has stopped; you can play on, "
                     "or press Resume to restart it.")
COMPUTER_INTERRUPTED = N_("The computer was interrupted; press Resume to restart it.")


# ------------------------------------------------------------------ seats
def waiting_for_seat(seat: int) -> str:
    """Two people: seat ``seat`` (0-based) is free, so the game waits."""
    return _("Waiting for a player to take seat {seat}.", seat=seat + 1)


def gone_quiet(seat: int, voice: Voice) -> str:
    """Two people: the view holding ``seat`` has not been heard from lately."""
    return person(voice, seat, N_("Paused: your view has gone quiet (seat {seat})."),
                  N_("Paused: {name}'s view has gone quiet (seat {seat})."), seat=seat + 1)


def sat_down(seats: Sequence[int], voice: Voice) -> str:
    """A view sat at ``seats`` (both: two people at one keyboard)."""
    if len(seats) > 1:
        return _("Two players share this keyboard: the table is theirs.")
    return person(voice, seats[0], N_("You sit down at seat {seat}."),
                  N_("{name} sits down at seat {seat}."), seat=seats[0] + 1)


_FREED_ONE = {
    "away": (N_("You went away: seat {seat} is free."),
             N_("{name} went away: seat {seat} is free.")),
    "left": (N_("You left the table: seat {seat} is free."),
             N_("{name} left the table: seat {seat} is free.")),
    "watch": (N_("You got up to watch: seat {seat} is free."),
              N_("{name} got up to watch: seat {seat} is free.")),
}
_FREED_BOTH = {
    "away": N_("{first} and {second} went away: seats 1 and 2 are free."),
    "left": N_("{first} and {second} left the table: seats 1 and 2 are free."),
    "watch": N_("{first} and {second} got up to watch: seats 1 and 2 are free."),
}


def freed(seats: Sequence[int], why: str, voice: Voice) -> str:
    """``seats`` were freed because their view went ``why``: ``"away"`` (not
    heard from), ``"left"`` (the table) or ``"watch"`` (got up to watch).
    Both seats are one view's (one keyboard): its two people are named."""
    if len(seats) > 1:
        return _(_FREED_BOTH[why], first=voice.names[0], second=voice.names[1])
    you, named = _FREED_ONE[why]
    return person(voice, seats[0], you, named, seat=seats[0] + 1)


def renamed(old: str, new: str) -> str:
    """A seat's name changed."""
    return _("{old} is now called {new}.", old=old, new=new)


def name_not_text(name: object) -> str:
    """A seat's new name is not text."""
    return _("A name is text: {value} is not a name.", value=f"{name!r:.30}")


def name_blank(name: object) -> str:
    """A seat's new name has nothing left to show once cleaned."""
    return _("A name needs something to show: {value} is blank once spaces and control "
             "characters are taken out.", value=f"{name!r:.30}")


def shortened(name: str, limit: int) -> str:
    """A name longer than ``limit`` characters kept its first ``limit``."""
    return _("A name keeps its first {limit} characters: \"{name}\".", limit=limit, name=name)


def pressed_spit_already(seat: int, voice: Voice) -> str:
    """Classic, two people: ``seat`` pressed Spit! again before the other did."""
    return _("You have pressed Spit! already: waiting for {other}.",
             other=voice.names[1 - seat])


def no_seat_numbered(seat: object) -> str:
    """A seat number that is not 1 or 2 (typed in a cell)."""
    return _("There is no seat {value}: the seats are 1 and 2.", value=f"{seat!r:.10}")


def computers_seat(strategy: str) -> str:
    """A cell asked to play the computer's seat of a table against the computer."""
    return _("Seat 2 is the computer's ({strategy}): step() moves it.", strategy=strategy)


# --------------------------------------------------- seats refused to a view
VIEW_ID_REFUSED = N_("A view must name itself with an id of 8 to 64 characters.")
VIEW_HAS_NO_SEAT = N_("This view has no seat (it was away too long, or another view took "
                      "over): take a free seat to play.")
VIEW_HOLDS_BOTH = N_("This view holds both seats: say which seat the move is for.")
VIEW_UNKNOWN = N_("This view is not known at the table any more: reload it.")


def message_seat_refused(seat: object) -> str:
    """A page message names a seat that is not 1 or 2."""
    return _("That message names no seat ({value}): the seats are 1 and 2.",
             value=f"{seat!r:.10}")


def seat_taken(seat: int, holder: str) -> str:
    """A watching view asked for ``seat`` (0-based), which ``holder`` holds."""
    return _("Seat {seat} is {name}'s: you can take a seat once it is free.", seat=seat + 1,
             name=holder)


def watching(names: Sequence[str]) -> str:
    """A watching view tried to play."""
    return _("You are watching: the players are {first} (seat 1) and {second} (seat 2).",
             first=names[0], second=names[1])


def not_your_seat(seat: int, holder: str, mine: int) -> str:
    """A seated view played for the other seat (0-based seats)."""
    return _("Seat {seat} is {name}'s: this view plays seat {mine}.", seat=seat + 1,
             name=holder, mine=mine + 1)


_PLAYERS_ONLY = {
    "pace": N_("Only the players can change the pace; this view watches."),
    "new_game": N_("Only the players can deal again; this view watches."),
    "hint": N_("Only the players can ask for a hint; this view watches."),
    "pause": N_("Only the players can pause; this view watches."),
    "resume": N_("Only the players can resume; this view watches."),
}


def players_only(kind: str) -> str:
    """A watching view asked for what only a player may do (``kind``: the page
    message's, such as ``"pace"``)."""
    if kind in _PLAYERS_ONLY:
        return _(_PLAYERS_ONLY[kind])
    return _("Only the players can send {kind}; this view watches.", kind=f"{kind!r:.30}")


# ---------------------------------------------- page messages refused (malformed)
NOT_A_MESSAGE = N_("The page sent something that is not a message; it was ignored.")
VISIBILITY_NOT_BOOLEAN = N_("The page's visibility report should say true or false.")


def unknown_request(kind: object) -> str:
    """A page message of a kind the table does not know."""
    return _("Unknown request {kind} from the page; it was ignored.", kind=f"{kind!r:.30}")


def field_missing(kind: str, key: str) -> str:
    """A page message without one of its fields (``kind`` and ``key``: the
    protocol's names, ``"play"`` and ``"card"``)."""
    return _("That {kind} is missing its {key}.", kind=kind, key=key)


def names_no_card(kind: str, value: object) -> str:
    """A page message's card field is not a card code."""
    return _("That {kind} names no card ({value}).", kind=kind, value=f"{value!r:.30}")


def not_a_small_number(what: str, value: object) -> str:
    """A page message's pile or slot (``what``: ``"centre pile"`` or ``"slot"``)
    is not a small whole number."""
    if what == "slot":
        return _("The slot should be a small whole number, not {value}.", value=f"{value!r:.30}")
    return _("The centre pile should be a small whole number, not {value}.",
             value=f"{value!r:.30}")


def pace_not_a_name(value: object) -> str:
    """A page message's pace is not a pace's name."""
    return _("That pace is not a name ({value}).", value=f"{value!r:.30}")


def unreadable_wait(kind: str, value: object) -> str:
    """A message's reaction time is not a whole number of milliseconds."""
    return _("The {kind} message's reaction time should be whole milliseconds (0 to an hour), "
             "not {value}.", kind=kind, value=f"{value!r:.40}")


def bad_number(value: object) -> str:
    """A message whose action number (``seq``/``base``) is not one a page makes."""
    return _("The page's action number {value} is not a whole number from 1 to 2**53 (with "
             "base at most seq); the message was ignored.", value=f"{value!r:.40}")


def bad_echo(value: object) -> str:
    """An echo that does not say which ping it answers or which view sends it."""
    return _("The page's echo should name its ping and its view, not {value}.",
             value=f"{value!r:.60}")


def bad_language(value: object) -> str:
    """A page's language that is no language code."""
    return _("The page's language should be a code such as fr-FR, not {value}.",
             value=f"{value!r:.40}")


def unreadable_seen(kind: str, value: object) -> str:
    """A play's record of the piles the page showed is not readable."""
    return _("That {kind} says what the page showed in an unreadable way ({value}).",
             kind=kind, value=f"{value!r:.30}")


def default_seat_names(code: str) -> tuple[str, str]:
    """The two seats' names at a table of two people no one has named, in ``code``."""
    with speaking(code):
        return _("Player {n}", n=1), _("Player {n}", n=2)


def pace_name(label: str) -> str:
    """A pace's label ("Slow") in the current language (the page's own message for it)."""
    return pgettext("computer pace", label)
