"""Scripted HiLo players at a table, and what a camera over it sees, step by step.

``ScriptedTable`` deals a real deck from a seed (``games.hilo.random_player.Table``: it
knows every card, face-down ones and the draw pile's order) and lets seeded random
players play. Each action becomes the steps a person makes at the table, each a set of
card slots whose reading changes (camera slot -> ``(label, card)``): taking the discard
pile's top card uncovers the card below it, a card lifted off its slot leaves the slot
empty, the old card lies in the hand while the new one goes in, a Magician's spell lifts
both cards before they change places, and so on. A drawn card is in the hand: the camera
sees nothing. The steps are what the referee must make sense of; the demo renders them
through the real vision, the tests hand them over as ``CardsSeen``.

``Recorder`` is the service in miniature for tests: observations to the referee, its
records through the engine, the next look after each accepted record.

``UnsureCamera`` stands in for a card reader that is not sure of some faces: each face
it reports is, with a seeded chance, a face without a design and with its look-alikes as
candidates (``kind_look_alikes``: the designs of its kind, as the deck's twins are), so
that the referee's narrowing is measured without rendering.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from ...games.hilo import moves
from ...games.hilo.actions import (
    Action,
    Discard,
    Draw,
    Exchange,
    Redraw,
    Reveal,
    Spell,
    Start,
    Take,
    Uncover,
    Upturn,
)
from ...games.hilo.catalogue import CATALOGUES, DEFAULT_CATALOGUE
from ...games.hilo.engine import apply, replay, start_game
from ...games.hilo.names import LAYOUT_SIZE, SLOT_INDEX
from ...games.hilo.random_player import DEFAULT_NAMES, RandomPlayer, Table
from ...games.hilo.record import parse_action, to_record
from ...games.hilo.state import GameState
from .referee import HiloCamera, Reaction
from .seen import (
    BACK,
    DISCARD,
    DRAW,
    EMPTY,
    FACE,
    UNKNOWN,
    CardsSeen,
    SlotSeen,
    camera_slot,
    layout_for,
)
from .table_diff import Seen, ignored_at_end

Step = dict[str, Seen]
HAND = (UNKNOWN, None)  # a pile under a hand: a card taken from it or put on it


class ScriptedTable:
    """One game of HiLo: ``players`` seeded random players (``seed``) and the table."""

    def __init__(self, players: int = 2, *, seed: int = 1) -> None:
        self.names = tuple(DEFAULT_NAMES[:players])
        self.catalogue = CATALOGUES[DEFAULT_CATALOGUE]
        self.player = RandomPlayer(seed)
        self.cards = Table(self.catalogue, players, self.player.rng)
        self.start = Start(self.names, self.catalogue.name)
        self.state = start_game(self.start)  # the game as played (the truth)
        self.layout = layout_for(players)
        self.table: Step = {camera_slot(s, i): (BACK, None) for s in range(players)
                            for i in range(LAYOUT_SIZE)}  # fmt: skip
        self.table[DRAW] = (BACK, None)
        self.table[DISCARD] = (EMPTY, None)

    def snapshot(self) -> tuple:
        """Everything the table holds now, for ``restore`` (after an undo)."""
        cards = self.cards
        return (self.state, [list(x) for x in cards.cards], list(cards.pile), dict(self.table))

    def restore(self, snap: tuple) -> Step:
        """The table as ``snapshot`` took it; returns the slots that change back."""
        self.state, cards, pile, table = snap
        self.cards.cards, self.cards.pile = [list(x) for x in cards], list(pile)
        back = {k: v for k, v in table.items() if self.table.get(k) != v}
        self.table = dict(table)
        return back

    def start_record(self) -> dict:
        return {"type": "start", "game": "hilo", "players": list(self.names),
                "catalogue": self.catalogue.name}  # fmt: skip

    def deal(self) -> Step:
        """The table after the deal, every slot read once."""
        return dict(self.table)

    def next_action(self) -> Action:
        """The awaited player's decision with the cards the table shows filled in."""
        return self.cards.fill(self.state, self.player.choose(self.state))

    def play(self, action: Action) -> list[Step]:
        """Play ``action`` at the table: the steps the camera sees, in order."""
        before = self.state
        after = apply(before, action)
        steps = list(self._steps(before, action, after))
        self.cards.follow(before, action, after)
        self.state = after
        if after.reshuffles > before.reshuffles:
            # the discard pile shuffled and laid face down as the new draw pile
            steps.append(self._put({DRAW: (UNKNOWN, None)}))
            steps.append(self._put({DRAW: (BACK, None), DISCARD: (EMPTY, None)}))
        return [s for s in steps if s]

    # -- the steps of each action ---------------------------------------------------

    def _put(self, change: Step) -> Step:
        out = {k: v for k, v in change.items() if self.table.get(k) != v}
        self.table.update(out)
        return out

    def _slot(self, state: GameState, player: str, slot: str) -> str:
        return camera_slot(state.seat(player), SLOT_INDEX[slot])

    def _steps(self, before: GameState, a: Action, after: GameState) -> Iterator[Step]:
        face = lambda c: (FACE, c)  # noqa: E731
        match a:
            case Upturn(card=c):
                yield self._put({DISCARD: face(c)})
            case Reveal(player=p, slot=s, card=c):
                yield self._put({self._slot(before, p, s): face(c)})
            case Redraw(player=p, card=c):
                seat = before.seat(p)
                cam = camera_slot(seat, before.layouts[seat].index(""))
                yield self._put({cam: (EMPTY, None)})  # the Magician back into the pile
                yield self._put({cam: face(c)})
            case Take(player=p, slot=s):
                cam = self._slot(before, p, s)
                old = self.table[cam]
                under = before.discard[-2] if len(before.discard) > 1 else None
                yield self._put({DISCARD: HAND})  # the top taken up
                yield self._put({DISCARD: face(under) if under else (EMPTY, None)})
                yield self._put({cam: (EMPTY, None)})
                yield self._put({cam: face(before.top)})
                yield self._put({DISCARD: HAND})  # the old card put down
                yield self._put({DISCARD: face(self._under(before, p, s, old))})
            case Draw():  # a hand over the draw pile; then the card is in the hand
                yield self._put({DRAW: HAND})
                yield self._put({DRAW: (BACK, None)})
            case Exchange(player=p, slot=s):
                cam = self._slot(before, p, s)
                old = self.table[cam]
                yield self._put({cam: (EMPTY, None)})
                yield self._put({cam: face(before.drawn)})
                yield self._put({DISCARD: HAND})
                yield self._put({DISCARD: face(self._under(before, p, s, old))})
            case Discard():
                yield self._put({DISCARD: HAND})
                yield self._put({DISCARD: face(before.drawn)})
            case Spell(player=p, slot=s, with_=w, at=t):
                mine, theirs = self._slot(before, p, s), self._slot(before, w, t)
                a_seen, b_seen = self.table[mine], self.table[theirs]
                yield self._put({mine: (EMPTY, None)})
                yield self._put({theirs: (EMPTY, None)})
                yield self._put({mine: b_seen})
                yield self._put({theirs: a_seen})
            case Uncover(player=p, cards=cards):
                for s, c in cards:
                    yield self._put({self._slot(before, p, s): face(c)})
        if after.finished:  # the card above or below each Magician goes face down
            for seat in range(after.n):
                for i in sorted(ignored_at_end(after, seat)):
                    yield self._put({camera_slot(seat, i): (BACK, None)})

    def _under(self, before: GameState, player: str, slot: str, old: Seen) -> str:
        """The card that left ``slot``: the face-up one, or the hidden one the table holds."""
        if old[0] == FACE and old[1]:
            return old[1]
        return self.cards.cards[before.seat(player)][SLOT_INDEX[slot]]


def cards_seen(step: Step, layout: str, t_mono: float, unsure=None) -> CardsSeen:
    """One step as the camera's observation; ``unsure``: an ``UnsureCamera``."""
    if unsure is not None:
        seen = (unsure.slot(k, lbl, c) for k, (lbl, c) in step.items())
        return CardsSeen(t_mono, layout, tuple(s for s in seen if s is not None))
    return CardsSeen(t_mono, layout, tuple(SlotSeen(k, lbl, c) for k, (lbl, c) in step.items()))


def kind_look_alikes(catalogue) -> dict[str, tuple[str, ...]]:
    """Design -> itself, then the designs of its kind (plain cards, dragons, unicorns,
    wolves: alike but for small patches, as the ready deck's twins), or every other design
    for the rest: the candidates of a reader whose guess is right but unsure."""
    ids = [c.id for c in catalogue.cards]
    twins = ("plain", "dragon", "unicorn", "wolf")
    out = {}
    for c in catalogue.cards:
        if c.kind in twins:
            alike = (d.id for d in catalogue.cards if d.kind == c.kind and d.id != c.id)
        else:
            alike = (i for i in ids if i != c.id)
        out[c.id] = (c.id, *alike)  # the design first, as the reader's guess
    return out


class UnsureCamera:
    """Reports a face unsure with chance ``rate`` (seeded ``rng``): no design, the
    design's look-alikes as ``candidates`` (the true design always among them), the
    reader's guess first: the true design, or with chance ``wrong_guess`` another. A hand
    over the draw pile or the discard pile goes unseen with chance ``missed_hand`` (the
    draw pile then reads as before, the discard pile not at all: None)."""

    def __init__(
        self,
        catalogue,
        rate: float,
        rng: random.Random,
        wrong_guess: float = 0.0,
        missed_hand: float = 0.0,
    ) -> None:
        self.look_alike = kind_look_alikes(catalogue)
        self.rate, self.rng, self.wrong_guess = rate, rng, wrong_guess
        self.missed_hand = missed_hand  # chance that a hand over a pile goes unseen
        self.unsure = 0  # faces reported unsure

    def slot(self, slot: str, label: str, card: str | None) -> SlotSeen | None:
        if slot == DRAW and label == UNKNOWN and self.rng.random() < self.missed_hand:
            return SlotSeen(slot, BACK)  # the hand over the draw pile not seen
        if slot == DISCARD and label == UNKNOWN and self.rng.random() < self.missed_hand:
            return None  # the hand over the discard pile not seen: no change
        if label == FACE and card and self.rng.random() < self.rate:
            self.unsure += 1
            cands = self.look_alike[card]
            if self.rng.random() < self.wrong_guess:
                guess = self.rng.choice(cands[1:])
                cands = (guess, *(c for c in cands if c != guess))
            return SlotSeen(slot, FACE, None, candidates=cands)
        return SlotSeen(slot, label, card)


@dataclass
class Recorder:
    """The service in miniature: the referee's records through the engine, in order."""

    start: Start
    state: GameState
    referee: HiloCamera = field(default_factory=HiloCamera)
    actions: list[Action] = field(default_factory=list)
    last: Reaction = field(default_factory=Reaction)
    refused: list[str] = field(default_factory=list)
    wrong: list[tuple] = field(default_factory=list)  # (recorded, played) where they parted
    missed: list[tuple] = field(default_factory=list)  # (played, the warnings standing)

    def observe(self, obs) -> Reaction:
        return self._follow(self.referee.observe(obs, self.state))

    def submit(self, record: dict, *, tablet: bool = True) -> None:
        action = parse_action(record)
        self.state = apply(self.state, action)
        self.actions.append(action)
        if tablet:
            self.referee.tablet_action()
        self._follow(self.referee.after_change(self.state))

    def _follow(self, r: Reaction) -> Reaction:
        self.last = r
        for record in r.submit:
            try:
                self.submit(record, tablet=False)
            except ValueError as e:  # IllegalAction, MalformedRecord
                self.refused.append(f"{record}: {e}")
        return self.last


def play_game(
    players: int, seed: int, *, unsure: float = 0.0, wrong_guess: float = 0.0, missed_hand=0.0
) -> dict:
    """A whole scripted game through the referee (tests and the bench): counts of actions
    recorded from the camera, asked, and entered by hand (``missed``), wrong records,
    and whether the record equals the game as played. ``unsure``: the chance that the
    camera is not sure of a face, ``wrong_guess`` that its guess is then wrong,
    ``missed_hand`` that it misses a hand over a pile (``UnsureCamera``, seeded
    from ``seed``)."""
    table = ScriptedTable(players, seed=seed)
    rec = Recorder(table.start, start_game(table.start))
    camera = (
        UnsureCamera(table.catalogue, unsure, random.Random(seed), wrong_guess, missed_hand)
        if unsure
        else None
    )
    t = 0.0
    rec.observe(cards_seen(table.deal(), table.layout, t, camera))
    played: list[Action] = []
    counts = {"asked": 0, "missed": 0, "wrong": 0}
    while not table.state.finished:
        action = table.next_action()
        played.append(action)
        for step in table.play(action):
            t += 0.5
            rec.observe(cards_seen(step, table.layout, t, camera))
        _answer(rec, played, counts)  # the table is still: the players read the tablet
        if moves.legal_decisions(table.state) and table.state.phase not in ("turn", "over"):
            continue  # mid-turn: the camera may still be waiting for the rest
        _catch_up(rec, played, counts)
    _catch_up(rec, played, counts)
    return {
        **counts,
        "camera": len(played) - counts["asked"] - counts["missed"],
        "actions": len(played),
        "same": rec.actions == played,
        "scores": rec.state.scores,
        "refused": rec.refused,
        "wrong_records": rec.wrong,
        "missed_actions": rec.missed,
        "played": played,
        "state": rec.state,
        "unsure": camera.unsure if camera is not None else 0,
    }


def _answer(rec: Recorder, played: list[Action], counts: dict) -> None:
    """Tap the questions the referee asks, while one fits the game as played."""
    for _ in range(len(played) + 1):
        fits = None
        k = len(rec.actions)
        for ask in rec.last.asks:
            actions = [parse_action(r) for r in ask["records"]]
            if actions and played[k : k + len(actions)] == actions:
                fits = ask
                break
        if fits is None:
            return
        for r in fits["records"]:
            rec.submit(r)
        counts["asked"] += len(fits["records"])


def _catch_up(rec: Recorder, played: list[Action], counts: dict) -> None:
    """What the camera missed is entered by hand; a wrong record is counted, undone and
    entered right."""
    while True:
        k = len(rec.actions)
        good = 0
        while good < k and good < len(played) and rec.actions[good] == played[good]:
            good += 1
        if k > good:
            counts["wrong"] += k - good
            rec.wrong.append((rec.actions[good:], played[good:]))
            rec.actions = rec.actions[:good]
            rec.state = replay([rec.start, *rec.actions])
            rec._follow(rec.referee.undone(rec.state))
            continue
        if k == len(played):
            return
        rec.submit(to_record(played[k]))
        counts["missed"] += 1
        rec.missed.append((played[k], rec.last.warnings))
