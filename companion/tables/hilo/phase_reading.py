"""The setup, the spell, the reveals and the end read from the table.

``PhaseReading`` reads a quiet view's changes (``table_diff.Diff``) against the record in
every phase but the turn's own (``turn_reading``): the discard pile's first card
(``upturn``), the starting cards (``reveal``), a starting Magician replaced (``redraw``),
the Phoenix's extra card (``reveal``), the Magician's spell (two slots in two layouts
changed places; two look-alikes exchanged are followed by the slots emptied meanwhile)
and the uncovering at the end (faces remembered even if turned face down again).
"""

from __future__ import annotations

from ...games.hilo import queries as q
from ...games.hilo.names import MAGICIAN, SLOTS
from ...games.hilo.state import EMPTY as EMPTY_SPOT
from ...games.hilo.state import GameState
from ...i18n.message import msg
from .putting_right import explain, foreign, owed, put_backs
from .seen import FACE, UNKNOWN, camera_slot, engine_slot, slot_words
from .table_diff import Change, Diff, what
from .turn_reading import Record


class PhaseReading:
    """The phases besides the turn read from a view (a mixin of ``HiloCamera``)."""

    def _upturn(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        if d.changes:
            foreign(state, d.changes, warnings)
            warnings.append(
                msg("Turn over the discard pile's first card before the starting cards")
            )
            return []
        label, card = d.seen_top
        return [{"type": "upturn", "card": card}] if label == FACE else []

    def _setup(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        if d.discard_changed:
            warnings.append(
                msg("The discard pile should show {what}: put it back", what=what(d.top))
            )
        out = []
        for seat in sorted({c.seat for c in d.changes}):
            mine = d.of(seat)
            name = state.players[seat]
            if seat not in state.setup_left:
                warnings.append(
                    msg(
                        "{who} has turned over a starting card already: {backs}",
                        who=name,
                        backs=put_backs(state, mine),
                    )
                )
            elif len(mine) > 1 or mine[0].rec is not None or mine[0].card is None:
                warnings.append(
                    msg(
                        "{who} turns over one starting card only: {backs}",
                        who=name,
                        backs=put_backs(state, mine),
                    )
                )
            else:
                c = mine[0]
                slot = SLOTS[c.slot]
                out.append({"type": "reveal", "player": name, "slot": slot, "card": c.card})
        return out[:1] if not warnings else []

    def _redraw(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        seat = state.current
        spot = state.layouts[seat].index(EMPTY_SPOT)
        name = state.players[seat]
        others = tuple(c for c in d.changes if (c.seat, c.slot) != (seat, spot))
        if others:
            foreign(state, others, warnings)
            return []
        if camera_slot(seat, spot) in self._emptied:
            self._cleared = True
        mine = [c for c in d.changes if (c.seat, c.slot) == (seat, spot)]
        if not mine:
            return []
        if not self._cleared:
            if mine[0].card and state.catalogue.kind(mine[0].card) == MAGICIAN:
                return []  # the Magician still lies there: the page says what to do
            self._cleared = True
        if mine[0].card is None:
            warnings.append(
                msg(
                    "{who}'s new card goes face up on {slot}: turn it over",
                    who=name,
                    slot=slot_words(seat, spot),
                )
            )
            return []
        return [{"type": "redraw", "player": name, "card": mine[0].card}]

    def _reveal(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        seat = state.current
        name = state.players[seat]
        if d.besides(seat) or d.discard_changed:
            owed(state, d, warnings)
            if d.besides(seat):
                foreign(state, d.besides(seat), warnings)
            return []
        mine = d.of(seat)
        if not mine:
            return []
        c = mine[0]
        if len(mine) > 1 or c.rec is not None or c.card is None:
            explain(state, mine, warnings, own=True)
            return []
        return [{"type": "reveal", "player": name, "slot": SLOTS[c.slot], "card": c.card}]

    def _spell(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        seat = state.current
        name = state.players[seat]
        if d.discard_changed:
            owed(state, d, warnings)
            return []
        mine, theirs = d.of(seat), d.besides(seat)
        if not d.changes:
            return self._blind_spell(state)
        if len(mine) == 1 and len(theirs) == 1:
            m, t = mine[0], theirs[0]
            if _shows(m, t.rec) and _shows(t, m.rec):
                return [
                    {
                        "type": "spell",
                        "player": name,
                        "slot": SLOTS[m.slot],
                        "with": state.players[t.seat],
                        "at": SLOTS[t.slot],
                    }
                ]
        if (len(mine) == 1 and not theirs) or (len(theirs) == 1 and not mine):
            return []  # half done: one card moved, the other still to come
        owed(state, d, warnings)
        for s in sorted({c.seat for c in d.changes}):
            explain(state, d.of(s), warnings, own=False)
        return []

    def _blind_spell(self, state: GameState) -> list[Record]:
        """Two cards that look alike exchanged (two face-down ones, or two copies of one
        design): the same picture before and after. The camera saw one slot of the
        caster's and one of another layout emptied meanwhile."""
        seat = state.current
        spots = [engine_slot(s) for s in self._emptied]
        spots = [p for p in spots if p is not None and p[0] < state.n]
        mine = [p for p in spots if p[0] == seat]
        theirs = [p for p in spots if p[0] != seat]
        if len(mine) != 1 or len(theirs) != 1:
            return []
        (_, m), (o, t) = mine[0], theirs[0]
        if state.layouts[seat][m] != state.layouts[o][t]:
            return []
        return [
            {
                "type": "spell",
                "player": state.players[seat],
                "slot": SLOTS[m],
                "with": state.players[o],
                "at": SLOTS[t],
            }
        ]

    def _face(self, seat: int, slot: int) -> str | None:
        return _face_in(self._view or self.seen, camera_slot(seat, slot))

    def _uncover(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        for seat in q.uncover_owed(state):
            down = state.face_down(seat)
            cards = [self._shown.get((seat, i)) or self._face(seat, i) for i in down]
            if all(cards):
                return [
                    {
                        "type": "uncover",
                        "player": state.players[seat],
                        "cards": {SLOTS[i]: c for i, c in zip(down, cards, strict=True)},
                    }
                ]
        return []


def _face_in(seen: dict, cam: str) -> str | None:
    label, card = seen.get(cam, (UNKNOWN, None))
    return card if label == FACE else None


def _shows(c: Change, rec: str | None) -> bool:
    """Whether slot change ``c`` now shows the card ``rec`` recorded elsewhere."""
    if rec is None:
        return c.seen[0] == "back"
    return c.card == rec
