"""Heuchel & Meuchel from the camera: what changed on the board becomes the record's actions.

Pure: the referee keeps the camera's settled view of the board (square -> label, see
``cells``) and, given the engine's state, answers each observation with a ``Reaction``:
records to submit (the rules still check them), warnings, and questions for the tablet.

The companion knows every stack's order from the record, so the camera need only see top
cards. The referee asks the engine: which sequence of legal actions (a move, favours,
the end of a turn, the next player's move, Zugzwang's lost card) turns the record's
board into exactly the board the camera sees? It searches such sequences square by
square (``search``): an action is tried only if it changes a square where the camera
and the record disagree, and no square the camera sees as it was; the search stays small. Then:

- exactly one sequence: it is submitted, action by action;
- several (the camera cannot tell them apart: a stack's remainder discarded or the whole
  stack moved, say): what they share is submitted, and the tablet is asked the rest
  (``Reaction.asks``, one tap);
- a sequence that needs a roll of the die not yet recorded: the tablet is asked which
  number, the ones that fit offered. The camera reads the die in its tray (``DieSeen``):
  a number, once the die was seen moving and lies still again, is the roll of the player
  on turn while a roll is legal (due, or after favours to move again); the die as it
  lies when first seen is no throw, a rolling die is never read, and tapping stays the
  fallback;
- none: the table shows something the rules refuse (a jump onto an occupied square, a
  card above its goal, a favour from a higher rank, a stack re-ordered or split). Once
  the view has stood still for ``WARN_AFTER_S`` seconds a red warning says what to put
  back; nothing is recorded until the table is right again.

A camera that reads only ``face`` or ``back`` (no registered deck) is enough: a ``face``
fits any card face up, and what it cannot tell apart the tablet is asked.
A move onto flipped cards of its class changes nothing the camera sees there: such a
reading is recorded only once the view has stood still ``WARN_AFTER_S`` (the square the
card really went to may not have settled yet).
A square that reads ``unknown`` (a hand over it, a card half moved): wait, never guess.
After an undo the table still shows the undone action: nothing is proposed until the
camera sees the table as the record has it again (or the players accept it as it is).
Warnings never name a card hidden in a stack: the shared tablet keeps them hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import IllegalAction
from ...games.heuchel_meuchel import apply, moves
from ...games.heuchel_meuchel.actions import Action, Discard, End, Move, Roll, Start, Take
from ...games.heuchel_meuchel.engine import start_game
from ...games.heuchel_meuchel.names import CARDS
from ...games.heuchel_meuchel.record import to_record
from ...games.heuchel_meuchel.state import FAVOURS, GameState
from ...games.heuchel_meuchel.summary import describe
from ...games.heuchel_meuchel.text import card_words
from ...i18n.message import Msg, clauses, msg, nmsg, reason_of
from ...sensing.observations import BoardLost, CellsChanged, DieSeen, Observation
from .camera import DealReader
from .cells import (
    BACK,
    EMPTY,
    FACE,
    UNKNOWN,
    cell_id,
    discard_id,
    expected,
    parse_cell,
    parse_discard,
    pile_agrees,
)
from .piles import DiscardPiles

LAYOUT = "heuchel-meuchel"
#: A disagreement the rules cannot explain is shown once the view stood still this long (s).
WARN_AFTER_S = 1.0
#: The longest sequence of actions one observation may explain (a move, three favours,
#: the end of the turn, the next player's move).
MAX_DEPTH = 6
#: Sequences collected before the search stops (more than one: the tablet is asked).
MAX_MATCHES = 6
#: Actions tried, at most, for one observation (about 0.1 ms each): a board far from the
#: record (cards laid before the game starts, say) gives up here and is shown as a warning.
MAX_NODES = 20_000


@dataclass(frozen=True, slots=True)
class Reaction:
    """What the camera referee makes of one observation (the shape of the other
    referees')."""

    submit: tuple[dict[str, Any], ...] = ()  # records, in order, for the rules to check
    #: every warning now standing (replaces the previous): messages (``companion.i18n``)
    warnings: tuple[str, ...] = ()
    asks: tuple[dict[str, Any], ...] = ()  # {"label", "record"}: the tablet chooses
    #: a ``start`` record to begin the game anew from (the deal as the camera read it,
    #: before any action was recorded); the service starts a new game with it
    restart: dict[str, Any] | None = None


def search(
    state: GameState,
    seen: dict[str, str],
    *,
    ignore: frozenset[str] = frozenset(),
    max_depth: int = MAX_DEPTH,
    limit: int = MAX_MATCHES,
    max_nodes: int = MAX_NODES,
    piles: dict[str, str | None] | None = None,
) -> list[tuple[Action, ...]]:
    """The shortest sequences of legal actions that turn ``state``'s board into ``seen``
    (square -> label), on every square but ``ignore``: each ends with a visible action (an
    ``End`` alone shows nothing); rolls are included where the dice variant needs them.
    Shortest first: a longer story that also fits (the move, then a roll and more moves)
    is never preferred to the move alone.

    ``piles``: where the layout has discard areas, each one's reading that ``state``'s
    discards account for (``discard_id`` -> label, None: not known); ``seen`` then holds
    the areas' readings too, and a sequence must fit them (``cells.pile_agrees``): a card
    seen arriving on a player's pile is a card he lost, a pile as it was means none."""
    found: list[tuple[Action, ...]] = []
    max_len = max_depth
    budget = [max_nodes]  # states looked at, at most: a board far from the record stops here
    lost_before = (
        {discard_id(s): len(state.discards[s]) for s in range(state.n)} if piles is not None else {}
    )

    def labels(st: GameState) -> dict[str, Any]:
        """Square -> label, and discard area -> the cards lost there (a tuple)."""
        out: dict[str, Any] = expected(st)
        for c in lost_before:
            out[c] = st.discards[parse_discard(c)]
        return out

    def fits(c: str, label: Any) -> bool:
        if c in lost_before:
            return pile_agrees(seen.get(c), piles.get(c), label[lost_before[c] :])
        return agrees(seen.get(c), label)

    def differ(st: GameState) -> set[str]:
        return {c for c, label in labels(st).items() if c not in ignore and not fits(c, label)}

    def walk(st: GameState, seq: tuple[Action, ...], diff: set[str]) -> None:
        if len(found) >= limit:
            return
        if not diff:
            if seq:
                found.append(seq)
            return
        if len(seq) >= max_len or st.finished:
            return
        exp = labels(st)
        for a in moves.legal_actions(st):
            budget[0] -= 1
            if budget[0] < 0:
                return
            if isinstance(a, End) and seq and isinstance(seq[-1], End):
                continue
            try:
                nxt = apply(st, a)
            except IllegalAction:  # pragma: no cover - legal_actions offers only legal ones
                continue
            after = labels(nxt)
            changed = {c for c, label in after.items() if exp[c] != label}
            if not (changed & diff) and not isinstance(a, End | Roll):
                continue  # every visible action must explain a square the camera differs on
            if not all(c in diff or fits(c, after[c]) for c in changed):
                continue  # it changes a square the camera sees as it was
            walk(nxt, (*seq, a), differ(nxt))
            if len(found) >= limit:
                return

    start = differ(state)
    for depth in range(1, max_depth + 1):  # the shortest explanations, and only those
        max_len = depth
        walk(state, (), start)
        if found:
            break
    return found


def agrees(seen: str | None, label: str) -> bool:
    """Whether the camera's ``seen`` fits the record's ``label``: the same, or ``face`` (a
    camera that tells face from back but not which card) on a card face up."""
    return seen == label or (seen == FACE and label in CARDS)


#: What the camera reads on a square, in words (a card face up is named instead).
_READINGS = {
    EMPTY: msg("nothing"),
    BACK: msg("a card turned over"),
    UNKNOWN: msg("nothing it can read"),
    FACE: msg("a card face up"),
}


def _card(label: str) -> Msg | str:
    if label in CARDS:
        return card_words(label)
    return _READINGS.get(label, label)


def _expected_words(state: GameState, seat: int, row: int) -> Msg:
    u = state.unit(seat, row)
    if u is None:
        return msg("nothing")
    n = len(u.cards)
    if u.flipped:
        return nmsg("a flipped card", "a flipped stack of {n}", n, n=n)
    if n == 1:
        return card_words(u.top)
    return msg("{card} on top of a stack of {n}", card=card_words(u.top), n=n)


def _where(state: GameState, seat: int, row: int) -> Msg:
    return msg("row {row} of {who}'s column", row=row, who=state.players[seat])


@dataclass
class HeuchelMeuchelCamera:
    """Follows one game of Heuchel & Meuchel through the camera; one per game."""

    layout: str = LAYOUT
    view: dict[str, str] = field(default_factory=dict)  # square -> settled label
    lost: bool = False
    watches_after_the_end: bool = False
    hand_on_scale: bool = False  # the shape of the scale referee's (no scale here)
    last_settled: None = None
    faulty: frozenset[str] = frozenset()
    _t_mono: float = 0.0  # the last observation's time
    _changed_at: float = 0.0  # when the view last changed
    _held: dict[str, str] | None = None  # the view when an undo came: wait for the table
    _accepted: dict[str, str] = field(default_factory=dict)  # square -> accepted reading
    _proposed: tuple[Any, tuple[dict[str, Any], ...]] | None = None
    _pending: tuple[str, ...] = ()  # warnings waiting for the view to stand still
    _warnings: tuple[str, ...] = ()
    _asks: tuple[dict[str, Any], ...] = ()
    _deferred: bool = False  # a proposal waits for the view to stand still
    #: the deal as it is laid, card by card, while nothing has been recorded yet
    _deal: DealReader | None = None
    #: the camera saw the played columns empty at the start: the deal is being laid
    _dealing_from_empty: bool = False
    _deal_done: bool = False  # the deal was read whole: what follows is the game
    _die_moved: bool = False  # the die was seen moving since its last face was used
    _die_face: str | None = None  # the face of a throw, not yet recorded as a roll
    #: the view when the record last changed (``after_change``): what a confirm accepts
    _view_at_record: dict[str, str] = field(default_factory=dict)
    #: what each player's discard area read when the record last gave him a lost card
    _piles: DiscardPiles = field(default_factory=DiscardPiles)

    # -- entry points ----------------------------------------------------------------

    def observe(self, obs: Observation, state: GameState) -> Reaction:
        """React to one observation, given the game as the rules see it now."""
        match obs:
            case CellsChanged(layout=layout, changes=changes) if layout == self.layout:
                self.lost = False
                self._t_mono = obs.t_mono
                for ch in changes:
                    if parse_cell(ch.cell) is None and parse_discard(ch.cell) is None:
                        continue
                    if self.view.get(ch.cell) != ch.after:
                        self._changed_at = obs.t_mono
                    self.view[ch.cell] = ch.after
                if not self._deal_done and at_the_start(state):
                    if self._deal is None or self._deal.players != state.n:
                        self._deal = DealReader(state.n)
                    self._deal.observe(obs)
                    if all(self.view.get(c) == EMPTY for c in expected(state)):
                        self._dealing_from_empty = True
                    restart = self._deal_read(state)
                    if restart is not None:
                        return restart
                else:
                    self._deal, self._dealing_from_empty = None, False
            case BoardLost(layout=layout) if layout == self.layout:
                self.lost = True
                self._t_mono = obs.t_mono
            case DieSeen(layout=layout, colour=face) if layout == self.layout:
                self._t_mono = obs.t_mono
                if face is None:  # moving, held, gone: whatever it showed is no roll now
                    self._die_moved, self._die_face = True, None
                elif self._die_moved:  # thrown: it lies still again
                    self._die_moved, self._die_face = False, face
                # else: the die as it lay when first seen is no throw
                roll = self._roll_from_die(state)
                self._die_face = None  # used, or thrown while no roll is due: dropped
                return roll or self._judge(state)
        return self._judge(state)

    def _roll_from_die(self, state: GameState) -> Reaction | None:
        """The die thrown and lying still while a roll is legal: that roll, recorded. A
        roll is due at the start of a turn, and may follow favours (to move again: the
        demo's seed 101 threw twice so, and the camera's reading was dropped)."""
        face = self._die_face
        t = state.turn
        if face is None or t is None or state.finished:
            return None
        value = int(face) if face.isdigit() else 0
        roll = Roll(state.players[t.player], value)
        if roll not in moves.legal_actions(state):
            return None
        self._die_face = None
        return Reaction((to_record(roll),), self._warnings)

    def after_change(self, state: GameState) -> Reaction:
        """Look again after an action was accepted (from the camera or the tablet)."""
        self._view_at_record = dict(self.view)
        self._piles.record_changed(state, self.view)
        return self._judge(state)

    def tick(self, t_mono: float, state: GameState) -> Reaction:
        """Time passes: a disagreement that stood still ``WARN_AFTER_S`` becomes a warning."""
        self._t_mono = max(self._t_mono, t_mono)
        if self._deferred and self._t_mono - self._changed_at >= WARN_AFTER_S:
            return self._judge(state)  # the view stood still: the hidden arrival stands
        if self._pending and self._t_mono - self._changed_at >= WARN_AFTER_S:
            self._warnings = self._pending
        return Reaction(warnings=self._warnings, asks=self._asks)

    def tablet_action(self) -> None:
        """An action entered on the tablet: judged afresh by ``after_change``; a die face
        seen before it is not taken for a later roll."""
        self._die_face = None

    def undone(self, state: GameState) -> Reaction:
        """Actions were undone: the table still shows them; wait until it is put back."""
        self._held = dict(self.view)
        self._view_at_record = dict(self.view)
        self._proposed = None
        self._piles.record_changed(state, self.view)
        return self._judge(state)

    def accept_table(self, state: GameState) -> Reaction:
        """The players confirm the table as it is: where the camera reads otherwise than
        the record, its reading is accepted until that square changes again. Where some
        of those squares read so already when the record last changed and others changed
        since, only the former are accepted: the latter are a move, judged as usual."""
        exp = expected(state)
        self._held = None
        differ = {
            c: seen
            for c, label in exp.items()
            if (seen := self.view.get(c, UNKNOWN)) not in (UNKNOWN, label)
        }
        roots = self._pile_roots(state) or {}
        differ |= {
            c: seen
            for c, before in roots.items()
            if (seen := self.view.get(c, UNKNOWN)) != UNKNOWN and not pile_agrees(seen, before, ())
        }
        stale = {c: v for c, v in differ.items() if self._view_at_record.get(c) == v}
        if stale and len(stale) < len(differ):
            # squares the camera saw so when the record last changed (a move entered on
            # the tablet that the camera never saw, say) are what the players confirm; a
            # square that changed since is a move made after that, judged as usual (in
            # the demo, seed 134, confirming every square swallowed Ben's move whole)
            differ = stale
        self._accepted.update(differ)
        return self._judge(state)

    # -- the deal ---------------------------------------------------------------------

    def _deal_read(self, state: GameState) -> Reaction | None:
        """The deal as laid, once the camera has read every card of it as a legal start
        that is not the record's: the game begins anew from it (``Reaction.restart``)."""
        deal = self._deal
        if deal is None or deal.problems():
            return None
        self._deal, self._dealing_from_empty, self._deal_done = None, False, True
        record = deal.start_record(list(state.players), dice=state.dice)
        laid = {(s, tuple(st)) for s, ss in enumerate(deal.stacks()) for st in ss}
        if laid == _stacks_of(state):
            return None
        return Reaction(
            warnings=(msg("The camera read the deal as laid: the game starts from it"),),
            restart=record,
        )

    def _dealing(self, state: GameState) -> list[str]:
        """While the deal is being laid (nothing recorded yet, the camera saw the played
        columns empty, the deal not yet complete): how far the camera has read it, instead
        of what to put back."""
        deal = self._deal
        if deal is None or not self._dealing_from_empty or not at_the_start(state):
            return []
        if not deal.problems():
            return []
        laid = sum(len(p) for (seat, _), p in deal.seen.items() if seat < state.n)
        problems = [p for p in deal.problems() if " holds " not in p]
        return [
            msg(
                "The deal is being laid: the camera has read {laid} of {total} cards (lay"
                " each card so that it is seen before the next covers it); the game starts"
                " from the deal as read once every card is laid",
                laid=laid,
                total=6 * state.n,
            ),
            *problems,
        ]

    # -- judging ---------------------------------------------------------------------

    def _seen(self, state: GameState) -> dict[str, str]:
        """The played squares' readings, and the discard areas' where the layout has them."""
        cells = [*expected(state), *(self._pile_roots(state) or ())]
        return {c: self.view.get(c, UNKNOWN) for c in cells}

    def _pile_roots(self, state: GameState) -> dict[str, str | None] | None:
        return self._piles.roots(state, self.view)

    def _publish(self, warnings: list[str], *, now: bool) -> None:
        """Warnings at once (``now``) or once the view has stood still long enough."""
        self._pending = tuple(warnings)
        if now or not warnings or self._t_mono - self._changed_at >= WARN_AFTER_S:
            self._warnings = self._pending

    def _fits_record(self, c: str, seen: str, state: GameState, roots: dict | None) -> bool:
        """Whether square or discard area ``c`` reads as the record has it."""
        if roots is not None and c in roots:
            return pile_agrees(seen, roots[c], ())
        return agrees(seen, expected(state)[c]) if c in expected(state) else True

    def _judge(self, state: GameState) -> Reaction:
        self._asks = ()
        exp = expected(state)
        roots = self._pile_roots(state)
        seen = self._seen(state)
        for c in list(self._accepted):
            if (
                c not in seen
                or seen[c] != self._accepted[c]
                or self._fits_record(c, seen[c], state, roots)
            ):
                del self._accepted[c]
        stray = self._strays(state)
        if self.lost or any(v == UNKNOWN for v in seen.values()):
            return Reaction(warnings=self._warnings, asks=self._asks)  # wait, never guess
        diff = {c for c in exp if not agrees(seen[c], exp[c]) and self._accepted.get(c) != seen[c]}
        diff |= {
            c
            for c, before in (roots or {}).items()
            if not pile_agrees(seen[c], before, ()) and self._accepted.get(c) != seen[c]
        }
        if self._held is not None:
            if not diff:
                self._held = None
            else:
                self._publish(
                    [
                        msg(
                            "Undone: put the cards back as the dashboard shows them (the camera"
                            " records nothing until the table matches the record again)"
                        ),
                        *self._differences(state, seen, diff),
                    ],
                    now=True,
                )
                return Reaction(warnings=self._warnings)
        if not diff:
            self._piles.table_agrees(state, seen)
            self._publish(stray, now=True)
            return Reaction(warnings=self._warnings)
        if state.finished:
            self._publish(
                [
                    msg("The game is over, but the camera sees the board change: put it back"),
                    *stray,
                ],
                now=False,
            )
            return Reaction(warnings=self._warnings)
        dealing = self._dealing(state)
        if dealing:  # the deal is being laid: no move is read from it
            self._publish([*dealing, *stray], now=True)
            return Reaction(warnings=self._warnings)
        ignore = frozenset(self._accepted)
        found = search(state, seen, ignore=ignore, piles=roots)
        if not found:
            unlaid = self._unlaid(state, seen, ignore, roots)
            self._publish([*unlaid, *self._diagnose(state, seen, diff), *stray], now=False)
            return Reaction(warnings=self._warnings)
        #: the discard areas alone tell this reading from others, and no card was seen
        #: arriving: the lost cards may still be on their way to the pile
        unseen_loss = (
            roots is not None
            and not any(_loses(state, seq) for seq in found)
            and len(search(state, seen, ignore=ignore)) > len(found)
        )
        return self._propose(state, found, stray, wait=unseen_loss)

    def _propose(
        self,
        state: GameState,
        found: list[tuple[Action, ...]],
        stray: list[str],
        *,
        wait: bool = False,
    ) -> Reaction:
        """``wait``: record only once the view has stood still ``WARN_AFTER_S``."""
        first = found[0]
        self._deferred = False
        if self._t_mono - self._changed_at < WARN_AFTER_S and (
            wait or _hides_an_arrival(state, first)
        ):
            # a move onto flipped cards of its class changes nothing there: the square it
            # really went to may just not have settled yet; a stack's remainder may still
            # be on its way to the discard area: wait for a still view
            self._deferred = True
            return Reaction(warnings=self._warnings, asks=self._asks)
        shared = 0
        while shared < len(first) and all(
            len(seq) > shared and seq[shared] == first[shared] for seq in found
        ):
            shared += 1
        prefix = list(first[:shared])
        roll_at = next((i for i, a in enumerate(prefix) if isinstance(a, Roll)), None)
        if roll_at is not None:
            prefix = prefix[:roll_at]
        records = tuple(to_record(a) for a in prefix)
        warnings = list(stray)
        asks: list[dict[str, Any]] = []
        if roll_at is not None or (shared < len(first) and isinstance(first[len(prefix)], Roll)):
            k = len(prefix)
            rolls = sorted({seq[k].value for seq in found if isinstance(seq[k], Roll)})
            who = first[k].player
            warnings.append(
                msg(
                    "{who} must roll the die: throw it into the tray (the camera reads it once"
                    " it lies still) or tap the number rolled on the tablet",
                    who=who,
                )
            )
            asks = [
                {
                    "label": msg("{who} rolled a {value}", who=who, value=v),
                    "record": to_record(Roll(who, v)),
                }
                for v in rolls
            ]
        elif len(found) > 1:
            k = len(prefix)
            options = list(dict.fromkeys(seq[k] for seq in found if len(seq) > k))
            warnings.append(
                msg(
                    "The camera cannot tell what happened: choose on the tablet ({options})",
                    options=_or_clauses([describe(a) for a in options]),
                )
            )
            asks = [{"label": _ask_label(a), "record": to_record(a)} for a in options]
        self._warnings = self._pending = tuple(warnings)
        self._asks = tuple(asks)
        key = (state, records)
        if not records or self._proposed == key:
            return Reaction(warnings=self._warnings, asks=self._asks)
        self._proposed = key
        return Reaction(records, self._warnings, self._asks)

    def _unlaid(
        self, state: GameState, seen: dict[str, str], ignore: frozenset[str], roots: dict | None
    ) -> list[str]:
        """Where only the discard areas keep the board from fitting the rules (cards lost
        but not laid on the pile, or laid on another's): whose pile they belong on."""
        if roots is None:
            return []
        alone = search(state, seen, ignore=ignore)  # the squares alone
        losers = sorted(
            {
                s
                for seq in alone
                for s, lost in enumerate(_after(state, seq).discards)
                if lost != state.discards[s]
            }
        )
        return [
            msg(
                "{who} lost cards: lay them face up on {who}'s discard area, as they lay in"
                " their stack (the camera reads them there)",
                who=state.players[s],
            )
            for s in losers
        ]

    def _strays(self, state: GameState) -> list[str]:
        """Cards the camera sees in columns nobody plays."""
        out = []
        for c, label in sorted(self.view.items()):
            where = parse_cell(c)
            if where is not None and where[0] >= state.n and label not in (EMPTY, UNKNOWN):
                out.append(
                    nmsg(
                        "A card lies on {square} (column {column}), but only {n} column is"
                        " played: take it off",
                        "A card lies on {square} (column {column}), but only {n} columns are"
                        " played: take it off",
                        state.n,
                        square=c,
                        column=where[0] + 1,
                        n=state.n,
                    )
                )
        return out

    def _differences(self, state: GameState, seen: dict[str, str], diff: set[str]) -> list[str]:
        out = []
        roots = self._pile_roots(state) or {}
        for c in sorted(diff, key=lambda c: parse_cell(c) or (0, 0)):
            if c in roots:  # a discard area
                before = roots[c]
                out.append(
                    clauses(
                        [
                            msg(
                                "{who}'s discard area should show {expected} on top; the"
                                " camera sees {seen}",
                                who=state.players[parse_discard(c)],
                                expected=_card(before or UNKNOWN),
                                seen=_card(seen[c]),
                            )
                        ]
                    )
                )
                continue
            s, r = parse_cell(c)
            out.append(
                clauses(
                    [
                        msg(
                            "{where} should show {expected}; the camera sees {seen}",
                            where=_where(state, s, r),
                            expected=_expected_words(state, s, r),
                            seen=_card(seen[c]),
                        )
                    ]
                )
            )
        return out

    def _diagnose(self, state: GameState, seen: dict[str, str], diff: set[str]) -> list[str]:
        """Why the rules refuse what the camera sees, and what to put back where."""
        out: list[str] = []
        explained: set[str] = set()
        t = state.turn
        on_turn = t.player if t is not None else None
        where_seen = {
            label: c
            for c, label in seen.items()
            if label in CARDS and c in diff and parse_cell(c) is not None
        }
        for c in sorted(diff, key=lambda c: parse_cell(c) or (0, 0)):
            if parse_cell(c) is None:
                continue  # a discard area: said below
            s, r = parse_cell(c)
            u = state.unit(s, r)
            if u is None or u.flipped or c in explained:
                continue
            to_cell = where_seen.get(u.top)
            name = state.players[s]
            if to_cell is not None:
                s2, r2 = parse_cell(to_cell)
                explained |= {c, to_cell}
                if s2 != s:
                    out.append(
                        clauses(
                            [
                                msg(
                                    "{card} went from {start} to {end}: pawns move up their own"
                                    " column only; put it back on row {row} of {who}'s column",
                                    card=card_words(u.top),
                                    start=_where(state, s, r),
                                    end=_where(state, s2, r2),
                                    row=r,
                                    who=name,
                                )
                            ]
                        )
                    )
                    continue
                k = _cards_moved(u.cards, seen[c])
                why = _refusal(state, Move(name, r, k or 1, r2))
                if k in (None, 1):
                    said = msg(
                        "{who} moved it from row {row} to row {to}: {why}. Put it back on row"
                        " {row}",
                        who=name,
                        row=r,
                        to=r2,
                        why=why,
                    )
                else:
                    said = msg(
                        "{who} moved the {k} cards from row {row} to row {to}: {why}. Put the"
                        " {k} cards back on row {row}, in the same order",
                        who=name,
                        k=k,
                        row=r,
                        to=r2,
                        why=why,
                    )
                out.append(said)
                continue
            if (
                t is not None
                and t.stage == FAVOURS
                and s != on_turn
                and r == t.at
                and seen[c] != u.top
            ):
                explained.add(c)
                k = _cards_moved(u.cards, seen[c])
                who = state.players[on_turn]
                why = _refusal(state, Take(who, name, k or 1))
                out.append(
                    msg(
                        "{who} took cards from {where}: {why}. Put them back on {owner}'s"
                        " square, on top, in the same order",
                        who=who,
                        where=_where(state, s, r),
                        why=why,
                        owner=name,
                    )
                )
                continue
            if seen[c] in u.cards[1:] or (seen[c] == EMPTY and len(u.cards) > 1):
                explained.add(c)
                out.append(
                    msg(
                        "The stack on {where} was re-ordered or split (the camera sees {seen} on"
                        " top): stacks are never re-ordered; put it back as it was, {card} on top"
                        " ({who} knows the order)",
                        where=_where(state, s, r),
                        seen=_card(seen[c]),
                        card=card_words(u.top),
                        who=name,
                    )
                )
        rest = diff - explained
        if rest:
            out.extend(self._differences(state, seen, rest))
        return out


def at_the_start(state: GameState) -> bool:
    """Whether nothing has been recorded since the deal: the state is the start of its
    own board (every stack on its starting square, the first player's first turn)."""
    if state.turn_no != 1 or state.finished or any(state.discards):
        return False
    try:
        fresh = start_game(Start(state.players, _start_stacks(state), state.dice))
    except IllegalAction:
        return False
    return fresh == state


def _start_stacks(state: GameState) -> tuple[tuple[tuple[str, ...], ...], ...]:
    return tuple(tuple(u.cards for _, u in state.units(s)) for s in range(state.n))


def _stacks_of(state: GameState) -> set[tuple[int, tuple[str, ...]]]:
    return {(s, u.cards) for s in range(state.n) for _, u in state.units(s)}


def _after(state: GameState, seq: tuple[Action, ...]) -> GameState:
    for a in seq:
        state = apply(state, a)
    return state


def _loses(state: GameState, seq: tuple[Action, ...]) -> bool:
    """Whether ``seq`` adds cards to anyone's discards."""
    return _after(state, seq).discards != state.discards


def _hides_an_arrival(state: GameState, seq: tuple[Action, ...]) -> bool:
    """Whether a move of ``seq`` lands on flipped cards of its class (the square reads
    ``back`` before and after: the camera cannot see it arrive)."""
    for a in seq:
        after = apply(state, a)
        if isinstance(a, Move):
            s = state.seat(a.player)
            before_u, after_u = state.unit(s, a.to), after.unit(s, a.to)
            if before_u is not None and before_u.flipped and after_u is not None:
                return True
        state = after
    return False


def _or_clauses(items: list[Any]) -> Msg | str:
    """``a; or b; or c``: ways of reading the table, each a clause of its own."""
    out: Msg | str = ""
    for i, item in enumerate(items):
        out = item if i == 0 else msg("{head}; or {last}", head=out, last=item)
    return out


def _cards_moved(cards: tuple[str, ...], now_on_top: str) -> int | None:
    """How many cards left a stack, told by the card now on top (None: cannot tell)."""
    if now_on_top == EMPTY:
        return len(cards)
    if now_on_top in cards[1:]:
        return cards.index(now_on_top)
    return None


def _refusal(state: GameState, action: Action) -> Msg | str:
    """The engine's reason for refusing ``action`` (the rule that forbids it)."""
    try:
        apply(state, action)
    except IllegalAction as e:
        return reason_of(e)
    return msg("that is not how the game stands now")


def _ask_label(action: Action) -> Msg | str:
    """A button's words for one way of reading what the camera saw."""
    match action:
        case Move(row=r, cards=k, to=to):
            return nmsg(
                "{k} card from row {row} to row {to}",
                "{k} cards from row {row} to row {to}",
                k,
                k=k,
                row=r,
                to=to,
            )
        case Take(column=col, cards=k):
            return nmsg(
                "{k} card taken from {column}", "{k} cards taken from {column}", k, k=k, column=col
            )
        case Discard(row=r):
            return msg("the top card of row {row} lost", row=r)
    return describe(action)


__all__ = ["LAYOUT", "HeuchelMeuchelCamera", "Reaction", "cell_id", "search"]
