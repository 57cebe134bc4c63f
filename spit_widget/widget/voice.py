"""The widget's sentences: the table's, the seats' and the course bar's.

The engine's own sentences (the move log, refusals, the end of a game) live in
:mod:`spit_widget.engine.narration`; what a player reads about the table
around the game (the status line, pauses, seats and views, a malformed page
message, the course and a replay) is said here, in one place for the widget
layer. Both speak through the same :class:`~spit_widget.engine.narration.Voice`
(whom a sentence speaks to, and the players' names), and nothing rewrites or
parses a sentence afterwards: each is made once, in the voice it is read in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import cards as C
from ..engine.narration import COMPUTER_VOICE, Voice, needs, outcome_sentence
from ..engine.types import COMPUTER, GAME_OVER, ROUND_OVER, YOU, Outcome


# ------------------------------------------------------ the end-of-game dialog
def outcome_title(winner: int | None, voice: Voice = COMPUTER_VOICE) -> str:
    """The heading of the end-of-game dialog."""
    if winner is None:
        return "A draw"
    if voice.computer and winner == COMPUTER:
        return "The computer wins"
    return f"{voice.subject(winner)} {voice.verb(winner, 'win', 'wins')}!"


# ------------------------------------------------- a click that lost a race
def covered_first(card: str, seen: str, top: str, name: str, by: int | None, player: int,
                  voice: Voice = COMPUTER_VOICE) -> str:
    """Refusal: ``player``'s ``card`` fitted ``seen``, the top of the pile ``name``
    when they clicked, but ``by`` (None, or ``player`` themself from elsewhere:
    nobody to name) covered it with ``top`` first. Said instead of
    :func:`~spit_widget.engine.narration.does_not_fit`, which would tell the
    player their card was wrong."""
    first = (f"{voice.subject(by)} got there first" if by is not None and by != player
             else "That pile changed first")
    return f"{first}: {C.label(top)} now covers {C.label(seen)} on {name}, so " \
        f"{C.label(card)} no longer fits ({needs(top).replace('needs', 'it needs')})."


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
        return outcome_sentence(s.outcome, voice) if s.outcome else "Game over."
    if voice.computer:
        return _status_against_the_computer(s)
    return _status_of_people(s, voice) or "Play!"


def watching_line(s: Situation, voice: Voice) -> str:
    """The status line as a spectator reads it: who is playing, where the
    players read an instruction ("Play!") that is not for the spectator."""
    if s.status == GAME_OVER:
        return status_line(s, voice)
    return _status_of_people(s, voice) or f"Watching {voice.name(0)} and {voice.name(1)} play"


def _status_of_people(s: Situation, voice: Voice) -> str | None:
    """The status between two people; None while both simply play."""
    if s.status == ROUND_OVER and s.went_out is not None:
        who = voice.subject(s.went_out)
        return f"{who} went out: {who} slaps the smaller centre pile."
    stuck = [p for p in (YOU, COMPUTER) if s.stuck[p]]
    if s.declares_stuck and len(stuck) == 1:
        return f"{voice.subject(stuck[0])} is stuck: waiting for {voice.name(1 - stuck[0])}"
    if s.both_stuck and len(s.votes) == 1:
        return (f"{voice.subject(s.votes[0])} is ready to spit: waiting for "
                f"{voice.name(1 - s.votes[0])}")
    if s.both_stuck:
        return "Both stuck: both press Spit!" if s.has_rounds else "Both stuck"
    return None


def _status_against_the_computer(s: Situation) -> str:
    if s.status == ROUND_OVER:
        if s.went_out == YOU:
            return "You went out: slap the smaller centre pile!"
        return "The computer went out and slaps the smaller pile."
    if s.paused:
        return PAUSED
    stuck = _stuck_against_the_computer(s)
    if stuck is not None:
        return stuck
    if not s.can_play:
        return ("None of your cards fits: press Stuck" if s.declares_stuck
                else "None of your cards fits: the computer can play")
    return "Computer is thinking" if s.thinking else "Your move"


def _stuck_against_the_computer(s: Situation) -> str | None:
    """Who is stuck, when that is the news; None when nobody is."""
    you, computer = s.stuck
    if (you and computer) or (not s.declares_stuck and s.both_stuck):
        return "Both stuck"
    if s.declares_stuck and you:
        return "You're stuck: waiting for the computer to be stuck too"
    if s.declares_stuck and computer:
        return "The computer is stuck"
    return None


PAUSED = "Paused"
PAUSED_CLICK = "The game is paused: press Resume to play on."
PAUSED_HIDDEN = "Paused while the tab was hidden."
PAUSED_NETWORK = ("Paused: your page stopped answering (the connection dropped), "
                  "so the computer waits until it is back.")


def connection_back(seconds: float, playing_on: bool) -> str:
    """The page answers again after a dropped connection."""
    then = "plays on" if playing_on else "is still paused"
    return (f"Your connection dropped for {seconds:.1f} s; the game waited for you and "
            f"{then}.")


def pace_adjusted(round_trip: float) -> str:
    """The pace menu's note while the computer is compensated for a network."""
    return f"adjusted for your {round(round_trip * 100) * 10:.0f} ms connection"
READ_ONLY = "This table only shows a game: it takes no moves."
CLICK_FAILED = "That click could not be handled; the game is unchanged."
COMPUTER_FAILED = ("The computer's strategy failed and it has stopped; you can play on, "
                   "or press Resume to restart it.")
COMPUTER_INTERRUPTED = "The computer was interrupted; press Resume to restart it."


# ------------------------------------------------------------------ seats
def waiting_for_seat(seat: int) -> str:
    """Two people: seat ``seat`` (0-based) is free, so the game waits."""
    return f"Waiting for a player to take seat {seat + 1}."


def gone_quiet(seat: int, voice: Voice) -> str:
    """Two people: the view holding ``seat`` has not been heard from lately."""
    return f"Paused: {voice.possessive(seat)} view has gone quiet (seat {seat + 1})."


def sat_down(seats: Sequence[int], voice: Voice) -> str:
    """A view sat at ``seats`` (both: two people at one keyboard)."""
    if len(seats) > 1:
        return "Two players share this keyboard: the table is theirs."
    return f"{voice.subject(seats[0])} sits down at seat {seats[0] + 1}."


def freed(seats: Sequence[int], what: str, voice: Voice) -> str:
    """``seats`` were freed because their view ``what`` (left the table, went away...)."""
    who = " and ".join(voice.subject(s) for s in seats)
    return f"{who} {what}: seat {' and '.join(str(s + 1) for s in seats)} is free."


def renamed(old: str, new: str) -> str:
    """A seat's name changed."""
    return f"{old} is now called {new}."


def name_not_text(name: object) -> str:
    """A seat's new name is not text."""
    return f"A name is text: {name!r:.30} is not a name."


def name_blank(name: object) -> str:
    """A seat's new name has nothing left to show once cleaned."""
    return (f"A name needs something to show: {name!r:.30} is blank once spaces "
            "and control characters are taken out.")


def shortened(name: str, limit: int) -> str:
    """A name longer than ``limit`` characters kept its first ``limit``."""
    return f"A name keeps its first {limit} characters: \"{name}\"."


def pressed_spit_already(seat: int, voice: Voice) -> str:
    """Classic, two people: ``seat`` pressed Spit! again before the other did."""
    return f"You have pressed Spit! already: waiting for {voice.name(1 - seat)}."


def no_seat_numbered(seat: object) -> str:
    """A seat number that is not 1 or 2 (typed in a cell)."""
    return f"There is no seat {seat!r:.10}: the seats are 1 and 2."


def computers_seat(strategy: str) -> str:
    """A cell asked to play the computer's seat of a table against the computer."""
    return f"Seat 2 is the computer's ({strategy}): step() moves it."


# --------------------------------------------------- seats refused to a view
VIEW_ID_REFUSED = "A view must name itself with an id of 8 to 64 characters."
VIEW_HAS_NO_SEAT = ("This view has no seat (it was away too long, or another view took over): "
                    "take a free seat to play.")
VIEW_HOLDS_BOTH = "This view holds both seats: say which seat the move is for."
VIEW_UNKNOWN = "This view is not known at the table any more: reload it."


def message_seat_refused(seat: object) -> str:
    """A page message names a seat that is not 1 or 2."""
    return f"That message names no seat ({seat!r:.10}): the seats are 1 and 2."


def seat_taken(seat: int, holder: str) -> str:
    """A watching view asked for ``seat`` (0-based), which ``holder`` holds."""
    return f"Seat {seat + 1} is {holder}'s: you can take a seat once it is free."


def watching(names: Sequence[str]) -> str:
    """A watching view tried to play."""
    who = " and ".join(f"{name} (seat {s + 1})" for s, name in enumerate(names))
    return f"You are watching: the players are {who}."


def not_your_seat(seat: int, holder: str, mine: int) -> str:
    """A seated view played for the other seat (0-based seats)."""
    return f"Seat {seat + 1} is {holder}'s: this view plays seat {mine + 1}."


def players_only(what: str) -> str:
    """A watching view asked for what only a player may do."""
    return f"Only the players can {what}; this view watches."


# ---------------------------------------------- page messages refused (malformed)
NOT_A_MESSAGE = "The page sent something that is not a message; it was ignored."
VISIBILITY_NOT_BOOLEAN = "The page's visibility report should say true or false."


def unknown_request(kind: object) -> str:
    """A page message of a kind the table does not know."""
    return f"Unknown request {kind!r:.30} from the page; it was ignored."


def field_missing(kind: str, key: str) -> str:
    """A page message without one of its fields."""
    return f"That {kind} is missing its {key}."


def names_no_card(kind: str, value: object) -> str:
    """A page message's card field is not a card code."""
    return f"That {kind} names no card ({value!r:.30})."


def not_a_small_number(what: str, value: object) -> str:
    """A page message's pile or slot is not a small whole number."""
    return f"The {what} should be a small whole number, not {value!r:.30}."


def pace_not_a_name(value: object) -> str:
    """A page message's pace is not a pace's name."""
    return f"That pace is not a name ({value!r:.30})."


def unreadable_wait(kind: str, value: object) -> str:
    """A message's reaction time is not a whole number of milliseconds."""
    return (f"The {kind} message's reaction time should be whole milliseconds "
            f"(0 to an hour), not {value!r:.40}.")


def bad_number(value: object) -> str:
    """A message whose action number (``seq``/``base``) is not one a page makes."""
    return (f"The page's action number {value!r:.40} is not a whole number from 1 to 2**53 "
            "(with base at most seq); the message was ignored.")


def bad_echo(value: object) -> str:
    """An echo that does not say which ping it answers or which view sends it."""
    return f"The page's echo should name its ping and its view, not {value!r:.60}."


def bad_language(value: object) -> str:
    """A page's language that is no language code."""
    return f"The page's language should be a code such as fr-FR, not {value!r:.40}."


def unreadable_seen(kind: str, value: object) -> str:
    """A play's record of the piles the page showed is not readable."""
    return f"That {kind} says what the page showed in an unreadable way ({value!r:.30})."


# ----------------------------------------------------------------- the course
COURSE_MAP = "The course map: choose a level, or Continue."
LEVEL_SOLVED = "Solved: press Next (N) for the next level, or Retry (R)."
LEVEL_NO_HINT = "This level has no hint: its goal says it all."
LEVEL_GAME_ENDED = "The game ended before the goal was reached."
COURSE_FAILED = "That could not be done; the course is unchanged."
COURSE_BOTTOM_ROW = "In the course you play the bottom row; the script plays the top."
COURSE_GOALS = {"duel": "Clear your five stock piles before the computer.",
                "classic": "Get rid of all your cards, round after round."}
COURSE_NO_DAILY = "This course has no daily deal: its teacher left it out."
COURSE_NO_GAMES = "This course has no whole games: its teacher left them out."
NEXT_IS_A_GAME = "Press Next (N) to play a whole game against the computer."
NEXT_GOES_ON = "Press Next (N) to go on."
NEXT_IS_THE_MAP = "That was the last one here: Next (N) goes back to the map."
DAILY_WON = "You won today's deal!"
DAILY_LOST = "The computer won today's deal"
DAILY_DRAW = "A draw"
DAILY_FIRST_COUNTS = ("Only the day's first result counts: Retry deals the same cards again, "
                      "for practice.")
DAILY_PRACTICE = "A practice game: only the day's first result counts, and today's is kept."


def level_failed(failure: str) -> str:
    """The level failed; the table says how to try again."""
    return f"{failure} Press Retry (R) to try again."


def course_game_title(variant: str, pace: str) -> str:
    """The course bar's title over a whole game against the computer."""
    return f"A whole {variant} game · computer at {pace}"


def course_game_start(variant: str, pace: str) -> str:
    """Said when a whole game of the course starts."""
    return (f"A whole {variant} game against the computer at {pace}. "
            f"{COURSE_GOALS.get(variant, COURSE_GOALS['classic'])} Good luck!")


def moves_made(moves: int) -> str:
    """``moves`` with its noun: "1 move", "2 moves"."""
    return f"{moves} move" if moves == 1 else f"{moves} moves"


def par_words(par: int) -> str:
    """A level's par in words, not golf's: "in 1 move: 3 stars"."""
    return f"in {moves_made(par)}: 3 stars"


def level_solved(moves: int, stars: int, par: int, why: str, more: str) -> str:
    """Said when a level is solved: the moves, the stars, why it works, where Next goes."""
    return f"Solved in {moves_made(moves)}: {stars} of 3 stars ({par_words(par)}). {why} {more}"


def not_this_time(sentence: str) -> str:
    """Said when a level failed."""
    return f"Not this time: {sentence} Press Retry (R) to try again."


def daily_said(title: str, text: str, share: str | None) -> str:
    """Said when the daily deal ends: who won, how, and the line to share."""
    return f"{title}. {text}" + (f" Share: {share}" if share else "")


def level_opens(section: str, n: int, count: int, goal: str, par: int) -> str:
    """Said when a level opens: where it is, its goal, and its par in words."""
    return f"{section}, level {n} of {count}. Goal: {goal} Solved {par_words(par)}."


def daily_opens(day: object) -> str:
    """Said when the daily deal starts."""
    return (f"The daily deal for {day}: the same cards for everyone today, "
            f"against the computer at Normal. Clear your five stock piles first. "
            f"{DAILY_FIRST_COUNTS}")


# ------------------------------------------------------------------- replay
def replay_caption(k: int, total: int, last: str) -> str:
    """The status line of a replayed moment."""
    return f"Replay: after {k} of {total} actions. {last}"



# -------------------------------------------------- the review panel (end of game)
REVIEW_NOTHING = "There is no finished game on this table to review yet."
REVIEW_NOT_OPEN = "The review is not open: press Review (V) at the end of a game first."
REVIEW_SHOWN_ONLY = ("This is a moment of your game, shown to look at: press Try it (T) to "
                     "play it.")
REVIEW_NO_MOMENTS = "This game has no missed moment to choose."
REVIEW_NOT_TRYING = "Retry starts a moment you are trying again: press Try it (T) first."
REVIEW_LAST = "That was the last missed moment: press Play again (G) for a new game."
REVIEW_NO_LEVEL = ("This moment cannot be set up as a level (its position is one the course "
                   "cannot deal); the others can.")


def review_unknown(do: object) -> str:
    """A review request the panel does not know."""
    return f"Unknown review request {do!r:.30} from the page; it was ignored."


def review_no_moment(moment: object, count: int) -> str:
    """A review request names no moment of this game."""
    return (f"This game has {count} missed moment{'' if count == 1 else 's'}; "
            f"there is no moment {moment!r:.20}.")


def review_summary(plays: int, missed: int | None, late_stucks: int | None,
                   median: float | None, longest: float | None) -> str:
    """The panel's one line over the timeline: what the review found. The one
    count is the timeline's ("moments to review", as "Moment 1 of 5" counts them),
    split into its two kinds, the two colours of the legend."""
    parts = [f"{plays} play{'' if plays == 1 else 's'}"]
    if missed is not None:
        late = late_stucks or 0
        total = missed + late
        count = f"{total} moment{'' if total == 1 else 's'} to review"
        if total:
            count += (f" ({missed} missed play{'' if missed == 1 else 's'}, "
                      f"{late} late Stuck{'' if late == 1 else 's'})")
        parts.append(count)
    if median is not None:
        parts.append(f"your median reaction {median:.1f} s")
    if longest is not None:
        parts.append(f"your longest wait {longest:.1f} s")
    return "Your game: " + ", ".join(parts) + "."


REVIEW_LEGEND = {"missed": "missed play: a card of yours fitted, and waited",
                 "late_stuck": "late Stuck: no card fitted, and Stuck came late"}
"""The timeline's two colours, in words (its legend; the summary counts each kind)."""


def review_opens(count: int, threshold: float, nothing: str | None) -> str:
    """Said when the review opens: how many moments, and how to go through them
    (``nothing``: the review's sentence when there is none, or why timing is unknown)."""
    if nothing is not None:
        return f"{nothing} Press Play again (G) for a new game."
    return (f"Review of your game: {count} missed moment{'' if count == 1 else 's'}, "
            f"where a card of yours fitted for {threshold:g} s or more and you made no move. "
            "Choose one on the timeline, or press Next moment (N).")


def review_caption(n: int, count: int, t: float) -> str:
    """The status line while a missed moment is shown."""
    return f"Missed moment {n} of {count}, at {t:.1f} s of your game."


def review_moment(n: int, count: int, t: float, waited: float, why: Sequence[str],
                  late_stuck: bool) -> str:
    """What a shown moment says: when, how long, and why the plays fitted."""
    if late_stuck:
        head = (f"Moment {n} of {count}, at {t:.1f} s: no card of yours fitted, and Stuck "
                f"came {waited:.1f} s later.")
    else:
        fitted = "a card of yours fitted" if len(why) == 1 else f"{len(why)} cards of yours fitted"
        head = f"Moment {n} of {count}, at {t:.1f} s: {fitted} and waited {waited:.1f} s."
    return f"{head} {' '.join(why)}"


def review_trying(n: int, count: int, goal: str, late_stuck: bool) -> str:
    """Said when a moment is played as a level (one try: a refused card ends it)."""
    then = ("Hint (H) says why; a card played ends the try." if late_stuck else
            "Hint (H) lights the card; a card that does not fit ends the try.")
    return f"Try it, moment {n} of {count}: {goal} {then}"


def review_found(why: str, more: bool) -> str:
    """Said when the play is found."""
    then = ("Press Next moment (N) for the next one, or Play again (G) for a new game."
            if more else "That was the last missed moment: press Play again (G) for a new game.")
    return f"Found it. {why} {then}"


def review_try_over(solved: bool, more: bool) -> str:
    """The table's status line once a try has ended (the panel says the same)."""
    if solved:
        return ("Found it: Next moment (N) or Play again (G)." if more
                else "Found it: Play again (G) for a new game.")
    return "Not this time: Retry (R), Next moment (N) or Play again (G)." if more else (
        "Not this time: Retry (R) or Play again (G).")


def review_missed(sentence: str, answer: Sequence[str]) -> str:
    """Said when a try fails: why, and the answer (the plays that fitted, lit)."""
    return (f"Not this time: {sentence} The answer, lit on the table: {' '.join(answer)} "
            "Press Retry (R) to try again.")


# --------------------------------------------- the course map: from your games
def from_your_games(count: int) -> str:
    """A rule's line on the course map: how many missed moments of the stored
    games (the last 50) it was behind."""
    return (f"behind {count} missed moment{'' if count == 1 else 's'} "
            "of your recent games")
