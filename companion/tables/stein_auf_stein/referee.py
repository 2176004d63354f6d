"""Stein auf Stein from the camera: the die's colour, the crane's lift, piles, falls, lengths.

Pure: it keeps what the camera last settled on (the die, the blocks on the building site,
each player's area) and, given the engine's state, answers each observation with a
``Reaction``: records to submit (the rules still check them) and every warning standing.

- Roll: the die must be seen moving or held (``DieSeen`` without a colour) and then lying
  still in the tray; its top colour is the roll of the player on turn. A die lying still
  since the last roll, or one still rolling, is never a roll.
- Lift: the blocks that left the building site during the turn. It is recorded once the
  site is seen clear of hands and every lifted block is where the rules send it: a block
  of the rolled colour off the site (in the player's area, or still in a hand), one of
  another colour back on the site. A block of the rolled colour that came back to the site
  fell off the hook: not lifted. A try that hooked nothing is recorded when the die is
  rolled again (the next player's turn). A block of another colour laid in the player's
  area is a warning (put it back), never kept.
- Blocks knocked over or turned on the site (``turned``): a warning naming each, to be
  turned back button up.
- Piling in fishing order: the block the player's tower gains (bottom first) is the
  ``pile``; a tower seen fallen is the ``fall``.
- Measuring (scoring by measurement): the row's length or the tower's height the camera
  measured in the player's area, once play is over.

Blocks missing from the site when a turn begins (the record and the table disagree, e.g.
after an undo) are not counted as lifted: a warning asks to put them back; once back they
count as usual again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...games.stein_auf_stein import queries as q
from ...games.stein_auf_stein import to_record
from ...games.stein_auf_stein.actions import Fall, Lift, Measure, Pile, Roll
from ...games.stein_auf_stein.names import GAME, OWN, ROW
from ...games.stein_auf_stein.state import GameState
from ...games.stein_auf_stein.text import word
from ...i18n.message import Msg, commas, msg, semicolons
from ...sensing.observations import AreaSeen, BlocksSeen, DieSeen, Observation

LAYOUT = GAME  # the vision layout's name


def area_of(seat: int) -> str:
    """The layout region where the player in ``seat`` (0-based) lays out his blocks."""
    return f"player{seat + 1}"


def _look(state: GameState, block_id: str) -> tuple[str, tuple[float, ...]]:
    """What the camera above sees of a block laid in a row: its colour and its sides."""
    b = state.catalogue.index[block_id]
    return b.colour, tuple(sorted((b.length_mm, b.width_mm, b.height_mm)))


def _shown(state: GameState, block_id: str, in_area: set[str]) -> bool:
    """Whether the area of the player on turn shows ``block_id``: by its id, or by its
    twin's (a block of the same colour and sides, which the camera cannot tell from it
    in a row) where that twin is not the player's: then the one seen must be this one."""
    if block_id in in_area:
        return True
    own = set(state.kept[state.turn])
    look = _look(state, block_id)
    return any(t not in own and t != block_id and _look(state, t) == look for t in in_area)


@dataclass(frozen=True, slots=True)
class Reaction:
    """What the referee makes of one observation (the shape of the other referees')."""

    submit: tuple[dict[str, Any], ...] = ()  # records, in order, for the rules to check
    #: every warning now standing (replaces the previous): messages (``companion.i18n``)
    warnings: tuple[str, ...] = ()
    asks: tuple[dict[str, Any], ...] = ()  # unused: the camera asks nothing


def _named(state: GameState, ids: list[str] | tuple[str, ...]) -> Msg | str:
    """``the red block R1, the blue block B2`` (each colour in the language)."""
    cat = state.catalogue
    return commas(
        msg("the {colour} block {block}", colour=word("colour", cat.colour(b)), block=b)
        for b in ids
    )


@dataclass
class SteinAufSteinCamera:
    """Follows one game of Stein auf Stein through the camera; one per game."""

    layout: str = LAYOUT
    die: str | None = None  # the colour the die shows, lying still (None: moving, unseen)
    die_why: str = "not seen yet"
    site: frozenset[str] | None = None  # blocks seen on the site, button up (None: unseen)
    turned: frozenset[str] = frozenset()  # blocks seen on the site knocked over or turned
    areas: dict[str, AreaSeen] = field(default_factory=dict)
    hand: bool = False  # a hand or the crane over the site now
    watches_after_the_end: bool = True  # rows are measured once play is over
    hand_on_scale: bool = False  # the shape of the scale referee's (no scale here)
    last_settled: None = None
    faulty: frozenset[str] = frozenset()
    _die_moved: bool = False  # the die moved since the last roll was recorded
    _turn_key: tuple | None = None
    _lifted: set[str] = field(default_factory=set)  # left the site this turn
    _astray: set[str] = field(default_factory=set)  # missing when the turn began
    _warnings: tuple[str, ...] = ()

    # -- entry points ----------------------------------------------------------------

    def observe(self, obs: Observation, state: GameState) -> Reaction:
        """React to one observation, given the game as the rules see it now."""
        match obs:
            case DieSeen(layout=layout, colour=colour, why=why) if layout == self.layout:
                self.die, self.die_why = colour, why
                if colour is None:
                    self._die_moved = True
            case BlocksSeen(layout=layout) if layout == self.layout:
                self.hand = obs.hand
                if obs.areas or not obs.hand:  # a hand over the site leaves the areas as seen
                    self.areas = {a.area: a for a in obs.areas}
                if not obs.hand:
                    self.site = frozenset(obs.site)
                    self.turned = frozenset(obs.turned)
        return self._judge(state)

    def after_change(self, state: GameState) -> Reaction:
        """Look again after an action was accepted (from the camera or the tablet)."""
        return self._judge(state)

    def tick(self, t_mono: float, state: GameState) -> Reaction:
        """Nothing here waits on time: the standing warnings stay."""
        return Reaction(warnings=self._warnings)

    def tablet_action(self) -> None:
        """An action entered on the tablet: judged afresh by ``after_change``."""

    def undone(self, state: GameState) -> Reaction:
        """Actions were undone: the turn is judged from the table as it lies now (blocks
        off the site are astray until put back), and the die must be rolled anew."""
        self._turn_key = None
        self._die_moved = False
        return self._judge(state)

    def accept_table(self, state: GameState) -> Reaction:
        """The players confirm the table as it is: what is off the site now is not this
        turn's lift, and the die lying there is not a roll."""
        self._turn_key = None
        self._die_moved = False
        return self._judge(state)

    # -- judging ---------------------------------------------------------------------

    def _on_site(self) -> frozenset[str]:
        return (self.site or frozenset()) | self.turned

    def _new_turn(self, state: GameState) -> None:
        key = (state.turn_no, state.turn, state.ended_by)
        if key == self._turn_key:
            return
        self._turn_key = key
        self._lifted = set()
        seen = self._on_site()
        self._astray = set(state.site - seen) if self.site is not None else set()

    def _judge(self, state: GameState) -> Reaction:
        """Every warning standing now, and at most one record: the rules check it, and
        the next (a roll after a lift, a pile after it) comes from the state it makes."""
        self._new_turn(state)
        warnings: list[str] = []
        seen = self._on_site()
        if self.site is not None and not self.hand:
            self._astray &= set(state.site - seen)  # back on the site: counts again
            missing = set(state.site - seen) - self._astray
            self._lifted |= missing
        aw = q.awaiting(state)
        record = None
        if aw is not None and aw.action in ("roll", "lift"):
            record = self._lift_or_roll(state, warnings)
        elif aw is not None and aw.action == "pile":
            record = self._pile(state)
        if record is None:
            record = self._fall(state)
        if record is None and aw is not None and aw.action == "measure":
            record = self._measure(state)
        self._site_warnings(state, warnings)
        self._warnings = tuple(warnings)
        return Reaction(() if record is None else (record,), self._warnings)

    def _thrown(self) -> bool:
        """The die was thrown since the last roll recorded, and lies still now."""
        return self._die_moved and self.die is not None

    def _lift_or_roll(self, state: GameState, warnings: list[str]) -> dict[str, Any] | None:
        player = state.players[state.turn]
        if state.rolled is None:
            if self._thrown() and self.die in q.roll_colours(state):
                self._die_moved = False
                return to_record(Roll(player, self.die))
            if self._lifted and not self._die_moved:
                warnings.append(
                    msg(
                        "{who}: roll the die first (or tap its colour on the tablet); the camera"
                        " sees {blocks} off the site",
                        who=player,
                        blocks=_named(state, state.catalogue.sorted(self._lifted)),
                    )
                )
            return None
        lift = self._lift(state, warnings)
        if lift is None and self._thrown():
            # the next child threw the die: the try is over as it lies now
            lift = self._lift(state, warnings, over=True)
            if lift is None:
                warnings.append(
                    msg(
                        "{who} rolled {colour} already and the crane's try is not over yet: put"
                        " the blocks of another colour back on the site first",
                        who=player,
                        colour=word("colour", state.rolled),
                    )
                )
        return None if lift is None else to_record(lift)

    def _lift(self, state: GameState, warnings: list[str], *, over: bool = False) -> Lift | None:
        """The turn's lift once every lifted block is where the rules send it. ``over``:
        the next player threw the die, so the try is over: kept blocks need not have
        reached the player's area, and a try that lifted nothing is recorded as such."""
        if self.hand or self.site is None:
            return None
        if not self._lifted:
            return Lift(state.players[state.turn], ()) if over else None
        colour, cat = state.rolled, state.catalogue
        seen = self._on_site()
        area = self.areas.get(area_of(state.turn))
        in_area = set(area.blocks) if area is not None else set()
        right = [b for b in self._lifted if cat.colour(b) == colour and b not in seen]
        wrong = [b for b in self._lifted if cat.colour(b) != colour]
        wrong_away = [b for b in wrong if b not in seen]
        laid_wrong = [b for b in wrong_away if b in in_area]
        if laid_wrong:
            warnings.append(
                msg(
                    "{blocks}: not {colour}, so not kept; put it back on the building site",
                    blocks=_named(state, cat.sorted(laid_wrong)),
                    colour=word("colour", colour),
                )
            )
        if wrong_away:
            return None  # still in the crane or a hand: wait until it is back
        if right and not over and not all(_shown(state, b, in_area) for b in right):
            return None  # kept blocks still on their way to the player's place
        lifted = cat.sorted(right + wrong)
        if not lifted and not over:
            return None  # only blocks of the rolled colour fell back: not a try yet
        return Lift(state.players[state.turn], lifted)

    def _pile(self, state: GameState) -> dict[str, Any] | None:
        """Fishing order: the next block the player's tower gained (bottom first)."""
        seat = state.turn
        area = self.areas.get(area_of(seat))
        if not state.to_pile or area is None or area.fallen:
            return None
        tower = state.towers[seat]
        seen = area.blocks
        if seen[: len(tower)] != tower or len(seen) <= len(tower):
            return None
        block = seen[len(tower)]
        return to_record(Pile(state.players[seat], block)) if block in state.to_pile else None

    def _fall(self, state: GameState) -> dict[str, Any] | None:
        for seat in q.fall_options(state):
            area = self.areas.get(area_of(seat))
            if area is not None and area.fallen:
                return to_record(Fall(state.players[seat]))
        return None

    def _measure(self, state: GameState) -> dict[str, Any] | None:
        """Once play is over: the next row or tower awaited, as the camera measured it."""
        opts = q.measure_options(state)
        if not opts or opts[0][1] != OWN:
            return None  # the remaining blocks' tower is measured on the tablet
        player = opts[0][0]
        area = self.areas.get(area_of(state.players.index(player)))
        mm = None if area is None else area.row_mm if state.build == ROW else area.tower_mm
        if mm is None or mm <= 0:
            return None
        return to_record(Measure(player, round(float(mm), 1)))

    def _site_warnings(self, state: GameState, warnings: list[str]) -> None:
        cat = state.catalogue
        if self.turned:
            warnings.append(
                msg(
                    "Turn {blocks} back on the building site: metal button up",
                    blocks=_named(state, cat.sorted(self.turned & set(cat.index))),
                )
            )
        if self._astray and not self.hand:
            warnings.append(
                msg(
                    "Put {blocks} back on the building site (the record has it there)",
                    blocks=_named(state, cat.sorted(self._astray)),
                )
            )
        foreign = (self.site or frozenset()) - state.site
        foreign = {b for b in foreign if b in cat.index}
        if foreign and not self.hand:
            owners = {b: state.holder(b) for b in foreign}
            parts = [
                msg("{block} is {who}'s", block=_named(state, [b]), who=state.players[s])
                for b, s in sorted(owners.items())
                if s is not None
            ]
            if parts:
                warnings.append(
                    msg(
                        "Already fished out, take off the building site: {blocks}",
                        blocks=_semicolons(parts),
                    )
                )


_semicolons = semicolons
