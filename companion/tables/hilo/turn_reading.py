"""The turn read from the table: what the player on turn did, from what changed.

``TurnReading`` reads a quiet view's changes (``table_diff.Diff``) against the record in
the two phases of a turn: ``turn`` (took the discard, drew and exchanged, drew and
discarded then turned a card over) and ``decide`` (the drawn card exchanged or
discarded). It answers the records the view makes, the warnings standing and the
questions for the players where two legal turns look the same to the camera. It reads
the camera's memories (``camera_memory.CameraMemory``: a hand at the draw pile, the
discard pile's top lifted, slots lifted meanwhile) and notes other records the view may
make as well in ``_also``.
"""

from __future__ import annotations

from typing import Any

from ...games.hilo import queries as q
from ...games.hilo.names import SLOTS
from ...games.hilo.state import GameState
from ...games.hilo.text import card_name
from ...i18n.message import Msg, msg
from .putting_right import explain, foreign
from .seen import FACE, slot_words
from .table_diff import Diff

Record = dict[str, Any]


class TurnReading:
    """The ``turn`` and ``decide`` phases read from a view (a mixin of ``HiloCamera``)."""

    def _turn(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        seat = state.current
        name = state.players[seat]
        if d.besides(seat):
            foreign(state, d.besides(seat), warnings)
            return []
        mine = d.of(seat)
        top_label, top_card = d.seen_top
        if not mine:
            same = self._lifted_like(state, d.top)
            if not d.discard_changed and same is not None and self._discard_moved:
                # a card exchanged for one of its own design: only the hands tell
                if self._pile_touched:
                    return [{"type": "draw", "player": name, "card": d.top}]
                return [_take(name, SLOTS[same], d.top)]
            if not d.discard_changed and same is not None and not self._pile_touched:
                asks.append(
                    {
                        "label": msg(
                            "{who} took the discard pile's {card} for the {card} on {slot}",
                            who=name,
                            card=card_name(d.top),
                            slot=SLOTS[same],
                        ),
                        "records": [_take(name, SLOTS[same], d.top)],
                    }
                )
            if not d.discard_changed or top_label != FACE:
                return []  # nothing yet, or the discard top taken up
            if len(state.discard) >= 2 and top_card == state.discard[-2] and not self._pile_touched:
                self._discarded_first = top_card  # the top taken up, or the same design
                return []  # discarded: wait for the turned-over card to tell
            self._discarded_first = top_card
            return [{"type": "draw", "player": name, "card": top_card}]
        if len(mine) > 1:
            explain(state, mine, warnings, own=True)
            return []
        c = mine[0]
        if c.card is None:
            explain(state, mine, warnings, own=True)
            return []
        slot = SLOTS[c.slot]
        draw = {"type": "draw", "player": name, "card": c.card}
        drawable = q.possible_from_pile(state)
        seen_take = self._top_lifted and self._put_down and not self._pile_touched
        if c.card == d.top and seen_take and top_label == FACE and c.rec in (None, top_card):
            # the top seen taken up, then the slot's old card seen put down: a take, even
            # of a card like the one beneath or like the one put down
            return [_take(name, slot, top_card)]
        if not d.discard_changed and c.card == d.top and c.rec is None and self._discard_moved:
            # the discard top taken, and the face-down card was one like it
            if self._pile_touched:
                return [draw]
            return [_take(name, slot, d.top)]
        if not d.discard_changed or top_label != FACE:
            # the slot's old card may still be in the player's hand; or it is the same
            # design as the discard top: the players say which, unless it was seen put down
            # (after the layout changed: exchanged, not discarded before a card turned over)
            if top_label == FACE and self._put_down and c.rec in (None, d.top) and c.card != d.top:
                return [draw] if c.card in drawable else []
            if c.rec is None and c.card != d.top and d.top in drawable:
                asks.append(
                    {
                        "label": msg(
                            "{who} drew another {card}, discarded it and turned over {other}",
                            who=name,
                            card=card_name(d.top),
                            other=card_name(c.card),
                        ),
                        # the discard and the reveal follow from the table
                        "records": [{"type": "draw", "player": name, "card": d.top}],
                    }
                )
            if c.card == d.top and c.rec is None and not self._pile_touched:
                asks.append(
                    {
                        "label": msg(
                            "{who} took the discard pile's {card} for another {card}",
                            who=name,
                            card=card_name(d.top),
                        ),
                        "records": [_take(name, slot, d.top)],
                    }
                )
            if c.card != d.top and c.rec in (None, d.top) and c.card in drawable and d.top:
                asks.append(
                    {
                        "label": msg(
                            "{who} drew {card} and exchanged it for a {other}",
                            who=name,
                            card=card_name(c.card),
                            other=card_name(d.top),
                        ),
                        "records": [draw],  # the exchange is asked next
                    }
                )
            return []
        under = state.discard[-2] if len(state.discard) >= 2 else None
        if c.card == d.top and top_card == under and c.rec != under:
            if c.rec is None:  # the old card in the hand, or one like the card below
                asks.append(
                    {
                        "label": msg(
                            "{who} took the discard pile's {card} for a {other}",
                            who=name,
                            card=card_name(d.top),
                            other=card_name(under),
                        ),
                        "records": [_take(name, slot, under)],
                    }
                )
            return []
        if c.rec is not None and top_card != c.rec:
            warnings.append(_left_slot(c.rec, name, slot_words(seat, c.slot), top_card))
            return []
        if c.rec is None and self._discarded_first == top_card and c.card != d.top:
            # drew, discarded, then turned this card over
            return [{"type": "draw", "player": name, "card": top_card}]
        if c.card != d.top:
            return [draw]
        if self._pile_touched:  # drew the same design as the discard pile's top
            return [draw]
        if not self._top_lifted:
            # neither a hand at the draw pile nor the top lifted seen: a draw of another
            # copy (the exchange follows from the table) looks the same
            self._also.append(draw)
        return [_take(name, slot, top_card)]

    def _decide(self, state: GameState, d: Diff, warnings: list[str], asks) -> list[Record]:
        seat = state.current
        name = state.players[seat]
        drawn = state.drawn
        if d.besides(seat):
            foreign(state, d.besides(seat), warnings)
            return []
        mine = d.of(seat)
        top_label, top_card = d.seen_top
        discard = {"type": "discard", "player": name}
        if not mine:
            if top_label != FACE or top_card != drawn:
                return []
            same = self._lifted_like(state, drawn)
            if same is not None:  # exchanged for a card of its own design
                return [_exchange(name, SLOTS[same], drawn)]
            return [discard] if d.discard_changed else []
        if len(mine) > 1 or mine[0].card is None:
            explain(state, mine, warnings, own=True)
            return []
        c = mine[0]
        if top_label != FACE:
            return []
        if c.card == drawn and not d.discard_changed and c.rec in (None, d.top):
            if self._put_down:  # the old card seen put down: one like the discard top
                return [_exchange(name, SLOTS[c.slot], d.top)]
            asks.append(
                {
                    "label": msg(
                        "{who} exchanged the drawn {card} for a {other}",
                        who=name,
                        card=card_name(drawn),
                        other=card_name(d.top),
                    ),
                    "records": [_exchange(name, SLOTS[c.slot], d.top)],
                }
            )
            return []  # the old card in the hand, or one like the discard top
        if c.card == drawn and d.discard_changed:
            if c.rec is not None and top_card != c.rec:
                warnings.append(_left_slot(c.rec, name, slot_words(seat, c.slot), top_card))
                return []
            return [_exchange(name, SLOTS[c.slot], top_card)]
        if c.rec is None and top_card == drawn and (d.discard_changed or c.card != drawn):
            return [discard]  # then the turned-over card is the reveal
        return []


def _take(player: str, slot: str, discards: str | None) -> Record:
    return {"type": "take", "player": player, "slot": slot, "discards": discards}


def _exchange(player: str, slot: str, discards: str | None) -> Record:
    return {"type": "exchange", "player": player, "slot": slot, "discards": discards}


def _left_slot(card: str, who: str, slot: str, top: str | None) -> Msg:
    """A card that left a layout but is not seen on the discard pile."""
    return msg(
        "{card} left {who}'s {slot}: it goes face up on the discard pile (the camera sees"
        " {top} there)",
        card=card_name(card),
        who=who,
        slot=slot,
        top=card_name(top),
    )
