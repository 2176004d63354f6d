"""Three whole games of Hinkel & Stein, played to the very end, ledgers worked out by hand.

Every number asserted here was computed from the rulebook (shared/rules/hinkel-stein.txt)
and the record spec (shared/spec/hinkel-stein-record.md), never copied from the engine.
The comment beside each round shows the arithmetic.

Conventions of the helpers below:

- A turn is one string: ``"Ben +2 notch:left H5 L2"`` is a call of Ben, a stake of 2,
  the Hinkelstein notch moved to the left notch, and H5 placed on L2. ``take`` takes 1
  disc; no stake token means the turn places without a stake (quartz turns, passive
  turns, or a supply that cannot give a disc). ``quartz`` (3 players) calls the player
  for the neutral quartz stones. ``active pillar`` / ``passive boulder`` (2 players) is
  the ``mode`` after the call. ``P1+P2`` places both pillars together. ``refused:+2``
  and ``refused:active:quartz`` first try that stake or mode and check that the engine
  refuses it, for the reason given: such a turn is written as a tuple, the turn string
  followed by one reason per ``refused:`` token, in the same order; a reason is a piece
  of the refusal's message in plain words, or a tuple of such pieces (as ``rejects`` in
  test_illegal_actions.py checks them).
- After a round the state already holds the next round's base prize: "pot" is what
  carried over plus the next base prize, and "supply" is what is left after it.
- Every action is written as a record line of the spec and parsed with ``parse_action``;
  after each one, supply + pot + all discs must still equal the starting supply (50, or
  the ``supply`` of the start line).
"""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.hinkel_stein import apply, parse_action, replay, start_game
from companion.games.hinkel_stein.queries import mandatory_kind
from companion.games.hinkel_stein.summary import to_json

_UNCHECKED = object()
SPACES = ("L2", "L1", "R1", "R2")


class Table:
    """A game in progress: applies record lines and checks the disc total after each."""

    def __init__(self, players: list[str], deal: dict[str, list[str]], supply: int | None = None):
        start = {"type": "start", "game": "hinkel-stein", "players": players, "deal": deal}
        if supply is not None:
            start["supply"] = supply
        self.total = 50 if supply is None else supply
        self.records: list[dict] = [start]
        self.state = start_game(parse_action(start))
        self._check_total()
        self.discs_before_tilt: dict[str, int] = {}

    # -- playing -------------------------------------------------------------------
    def do(self, **record) -> None:
        self.records.append(record)
        self.state = apply(self.state, parse_action(record))
        self._check_total()

    def _check_total(self) -> None:
        s = self.state
        assert s.supply + s.pot + sum(s.discs) == self.total
        assert s.supply >= 0 and s.pot >= 0 and min(s.discs) >= 0

    @property
    def chief(self) -> str:
        return self.state.players[self.state.chieftain]

    def discs(self) -> dict[str, int]:
        return dict(zip(self.state.players, self.state.discs, strict=True))

    def round_(
        self,
        label: str,
        cond: str,
        turns: list[str | tuple],
        tilt: str,
        *,
        offer: str | None = None,
        accept: bool | None = None,
        boulder: tuple[str, str] | None = None,
        fate: tuple[str, float] | None = None,
        keep: tuple[str, str] | None = None,
        offer_after_condition: bool = False,
    ) -> None:
        """Play one round: ``label`` "pass.round" is checked against the state first.

        A 3-player ``offer`` comes before the ``condition`` unless ``offer_after_condition``
        (the spec allows both, as long as it precedes the first call)."""
        pass_no, round_no = (int(x) for x in label.split("."))
        assert (self.state.pass_no, self.state.round_no) == (pass_no, round_no)
        assert not self.state.finished
        chief = self.chief
        if offer_after_condition:
            self.do(type="condition", player=chief, wins=cond)
        if offer is not None:
            self.do(type="offer", player=chief, to=offer)
            self.do(type="answer", player=offer, accept=accept)
        if not offer_after_condition:
            self.do(type="condition", player=chief, wins=cond)
        for turn in turns:
            self._turn(chief, turn)
        if boulder is not None:
            self.do(type="boulder", player=boulder[0], stones=["B1"], space=boulder[1])
        if fate is not None:
            self.do(type="fate", player=fate[0], x=fate[1])
        self.discs_before_tilt = self.discs()
        self.do(type="tilt", down=tilt)
        if keep is not None:
            self.do(type="keep", player=keep[0], stone=keep[1])
        if not self.state.finished:
            # A new round: the scale is back on the middle notch, the Stone of Fate home.
            assert self.state.round.notch == "middle"
            assert self.state.round.fate_x == self.state.fate_home_x

    def _turn(self, chief: str, turn: str | tuple) -> None:
        """One turn; ``turn`` is its string, or (string, reason per ``refused:`` token)."""
        text, *reasons = (turn,) if isinstance(turn, str) else turn
        name, *tokens = text.split()
        call = {"type": "call", "player": chief, "calls": name}
        mode = stake = notch = stones = space = None
        refused_modes, refused_stakes = [], []
        it = iter(tokens)
        for tok in it:
            if tok in ("active", "passive"):
                mode = {"type": "mode", "player": name, "kind": next(it), "active": tok == "active"}
            elif tok == "quartz":
                call["stones"] = "quartz"
            elif tok == "take":
                stake = {"type": "stake", "player": name, "take": 1}
            elif tok.startswith("+"):
                stake = {"type": "stake", "player": name, "add": int(tok[1:])}
            elif tok.startswith("refused:+"):
                refused_stakes.append({"type": "stake", "player": name, "add": int(tok[9:])})
            elif tok.startswith("refused:"):
                _, how, kind = tok.split(":")
                refused_modes.append(
                    {"type": "mode", "player": name, "kind": kind, "active": how == "active"}
                )
            elif tok.startswith("notch:"):
                notch = {"type": "notch", "player": name, "notch": tok.split(":")[1]}
            elif tok in SPACES:
                space = tok
            else:
                stones = tok.split("+")
        assert stones and space, text
        # Every refused record is checked against its reason: one reason per token.
        assert len(reasons) == len(refused_modes) + len(refused_stakes), (
            f"{text!r}: give one reason for each refused: token"
        )
        self.do(**call)
        self._refused(refused_modes, reasons[: len(refused_modes)])
        if mode is not None:
            self.do(**mode)
        self._refused(refused_stakes, reasons[len(refused_modes) :])
        for rec in (stake, notch):
            if rec is not None:
                self.do(**rec)
        self.do(type="place", player=name, stones=stones, space=space)

    def _refused(self, records: list[dict], reasons: list[str | tuple[str, ...]]) -> None:
        """Each record is refused, its message holds its reason (a piece of text, or a
        tuple of pieces), and the state stays as it was."""
        for rec, reason in zip(records, reasons, strict=True):
            before = self.state
            with pytest.raises(IllegalAction) as err:
                apply(self.state, parse_action(rec))
            message = str(err.value)
            for words in (reason,) if isinstance(reason, str) else reason:
                assert words in message, f"{words!r} not in {message!r}"
            assert self.state == before

    # -- checking ------------------------------------------------------------------
    def expect(
        self,
        *,
        pot: int,
        supply: int,
        chief: str,
        mandatory=_UNCHECKED,
        before_scoring: dict[str, int] | None = None,
        **discs: int,
    ) -> None:
        """The state after a round: every player's discs, pot, supply, next chieftain.

        ``before_scoring`` (after a pass's fifth round): the discs after the payout and
        before the pass-end scoring.
        """
        assert self.discs() == discs
        assert (self.state.pot, self.state.supply) == (pot, supply)
        assert self.chief == chief
        if mandatory is not _UNCHECKED:
            assert mandatory_kind(self.state) == mandatory
        if before_scoring is not None:
            paid = self.state.last_result.paid
            after_payout = {
                p: self.discs_before_tilt[p] + paid[i] for i, p in enumerate(self.state.players)
            }
            assert after_payout == before_scoring
            poorest = min(before_scoring.values())
            assert discs == {p: d - poorest for p, d in before_scoring.items()}

    def expect_cards(self, **cards: list[str]) -> None:
        held = {p: list(k) for p, k in zip(self.state.players, self.state.cards, strict=True)}
        assert held == cards

    def replayed(self):
        return replay(a for a in map(parse_action, self.records) if a is not None)


# ======================================================================================
# 4 players: 4 passes x 5 rounds, 50 discs
# ======================================================================================


def play_four_player_game() -> Table:
    t = Table(
        ["Ana", "Ben", "Cid", "Dan"],
        {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cid": ["quartz"], "Dan": ["boulder"]},
    )
    # Start: base prize 2, supply 50 - 2 = 48; Ana holds the pillars and is chieftain.
    t.expect(pot=2, supply=48, chief="Ana", Ana=0, Ben=0, Cid=0, Dan=0)

    # ---- Pass 1: Ana pillars, Ben Hinkelsteine, Cid quartz, Dan boulders ------------
    t.round_(
        "1.1",
        "heavier",
        [
            # Quartz stones: "your fellow players may add at most two discs".
            ("Ben refused:+3 +2 H5 L2", "only the quartz holder, playing his quartz actively"),
            "Cid +4 Q5 R2",
            "Dan +1 B5 L1",
            "Ana +1 P2 R1",
        ],
        "left",
    )
    # Ben may not add 3 (only the quartz holder adds up to 4).
    # pot 2 + 2 + 4 (quartz holder) + 1 + 1 = 10; left heavier wins: Ben and Dan, 5 each.
    # Losing side right, outer R2 = Cid -> chieftain. Supply 48 - 8 = 40, next base 2 -> 38.
    t.expect(pot=2, supply=38, chief="Cid", Ana=0, Ben=5, Cid=0, Dan=5)

    t.round_(
        "1.2",
        "lighter",
        ["Cid +3 Q4 L2", "Ana +2 P1+P2 L1", "Ben +1 H4 R2", "Dan take B4 R1"],
        "left",
    )
    # pot 2 + 3 + 2 + 1 = 8; Dan takes 1 (5 -> 6). Left down, lighter = right wins: Ben and
    # Dan; Dan took, so Ben gets all 8 (5 -> 13). Losing outer L2 = Cid -> chieftain.
    # Supply 38 - 3 - 2 - 1 - 1 = 31, next base -> 29. P2 is out for the rest of the pass.
    t.expect(pot=2, supply=29, chief="Cid", Ana=0, Ben=13, Cid=0, Dan=6)
    assert t.state.available("pillar") == ("P1",)

    t.round_(
        "1.3",
        "heavier",
        ["Dan +1 B3 L2", "Ben +2 notch:right H3 R2", "Ana +1 P1 L1", "Cid +1 Q3 R1"],
        "left",
        boulder=("Dan", "L2"),
        fate=("Dan", 40),
        keep=("Dan", "B3"),
    )
    # pot 2 + 1 + 2 + 1 + 1 = 7; left heavier wins: Dan (L2, B3+B1) and Ana (L1): 3 each,
    # 1 carries. Losing outer R2 = Ben -> chieftain. Dan keeps B3, B1 leaves.
    # Supply 29 - 5 = 24, next base -> 22; pot 1 + 2 = 3.
    t.expect(pot=3, supply=22, chief="Ben", Ana=3, Ben=13, Cid=0, Dan=9)

    t.round_(
        "1.4",
        "heavier",
        ["Ana +2 P1 R2", "Cid take Q2 R1", "Dan +2 B3 L2", "Ben take H2 L1"],
        "right",
    )
    # pot 3 + 2 + 2 = 7; Cid takes 1 (0 -> 1), Ben takes 1 (13 -> 14). Right heavier wins:
    # Ana and Cid; Cid took, Ana gets all 7 (3 -> 10). Losing outer L2 = Dan -> chieftain.
    # Supply 22 - 2 - 1 - 2 - 1 = 16, next base -> 14.
    t.expect(pot=2, supply=14, chief="Dan", Ana=10, Ben=14, Cid=1, Dan=9)

    t.round_(
        "1.5", "lighter", ["Dan +1 B2 R2", "Ana +1 P1 L2", "Ben +1 H1 R1", "Cid +2 Q1 L1"], "right"
    )
    # pot 2 + 1 + 1 + 1 + 2 = 7; right down, lighter = left wins: Ana and Cid, 3 each,
    # 1 carries. Losing outer R2 = Dan -> first chieftain of pass 2. Supply 14 - 5 = 9.
    # Pass scoring: Ana 13, Ben 14, Cid 4, Dan 9; poorest Cid 4, everyone returns 4:
    # Ana 9, Ben 10, Cid 0, Dan 5; supply 9 + 16 = 25, base 2 -> 23; pot 1 + 2 = 3.
    t.expect(
        pot=3,
        supply=23,
        chief="Dan",
        before_scoring={"Ana": 13, "Ben": 14, "Cid": 4, "Dan": 9},
        Ana=9,
        Ben=10,
        Cid=0,
        Dan=5,
    )
    # Each card to the left neighbour (the next name).
    t.expect_cards(Ana=["boulder"], Ben=["pillar"], Cid=["hinkelstein"], Dan=["quartz"])
    assert t.state.available("pillar") == ("P1", "P2")  # P2 is back for the new pass

    # ---- Pass 2: Ana boulders, Ben pillars, Cid Hinkelsteine, Dan quartz -----------
    t.round_(
        "2.1",
        "heavier",
        ["Ana take B5 L2", "Ben take P2 L1", "Cid +2 H5 R2", "Dan +4 Q5 R1"],
        "left",
    )
    # pot 3 + 2 + 4 = 9; Ana 9 -> 10 and Ben 10 -> 11 took. Left heavier wins: Ana and Ben,
    # both took -> the whole 9 stays. Losing outer R2 = Cid -> chieftain.
    # Supply 23 - 1 - 1 - 2 - 4 = 15, next base -> 13; pot 9 + 2 = 11.
    t.expect(pot=11, supply=13, chief="Cid", Ana=10, Ben=11, Cid=0, Dan=5)

    t.round_(
        "2.2",
        "lighter",
        ["Cid +1 notch:left H4 L1", "Ben +2 P1+P2 L2", "Dan +3 Q4 R2", "Ana +1 B4 R1"],
        "left",
        boulder=("Ana", "R1"),
        keep=("Ana", "B1"),
    )
    # pot 11 + 1 + 2 + 3 + 1 = 18; left down, lighter = right wins: Dan (R2) and Ana (R1),
    # 9 each. Losing outer L2 = Ben -> chieftain. Ana keeps B1, B4 leaves.
    # Supply 13 - 7 = 6, next base -> 4.
    t.expect(pot=2, supply=4, chief="Ben", Ana=19, Ben=11, Cid=0, Dan=14)

    t.round_(
        "2.3",
        "heavier",
        [
            "Ben +2 P1 R2",
            "Ana +2 B3 L2",
            # Spec "Supply": the supply cannot give even one disc: he skips the stake.
            ("Cid refused:+1 H3 R1", ("the supply can give only 0 discs", "Cid may place without")),
            "Dan Q3 L1",
        ],
        "right",
    )
    # Supply 4: Ben +2 (2 left), Ana +2 (0 left). Cid and Dan cannot stake: the supply is
    # empty and the poorest (Cid) holds 0, so they place without a stake and keep their
    # share. pot 2 + 2 + 2 = 6; right heavier wins: Ben and Cid, 3 each. Losing outer
    # L2 = Ana -> chieftain. Next base: supply 0 < 2 -> refill: poorest Cid 3, all return 3:
    # Ana 19-3 = 16, Ben 14-3 = 11, Cid 0, Dan 14-3 = 11; supply 12, base 2 -> 10.
    t.expect(pot=2, supply=10, chief="Ana", Ana=16, Ben=11, Cid=0, Dan=11)

    t.round_(
        "2.4", "heavier", ["Ana +1 B2 L2", "Cid +2 H2 L1", "Ben +1 P1 R2", "Dan take Q2 R1"], "left"
    )
    # pot 2 + 1 + 2 + 1 = 6; Dan took (11 -> 12). Left heavier wins: Ana and Cid, 3 each.
    # Losing outer R2 = Ben -> chieftain. Supply 10 - 1 - 2 - 1 - 1 = 5, next base -> 3.
    t.expect(pot=2, supply=3, chief="Ben", Ana=19, Ben=11, Cid=3, Dan=12)

    t.round_(
        "2.5", "lighter", ["Ben +2 P1 L2", "Dan +3 Q1 R2", "Ana +1 B1 L1", "Cid +1 H1 R1"], "left"
    )
    # Ben +2: supply 3 -> 1, pot 4. Dan +3 needs 3 > 1 -> refill first: poorest Cid 3, all
    # return 3: Ana 16, Ben 8, Cid 0, Dan 9, supply 1 + 12 = 13; then 13 - 3 = 10, pot 7.
    # Ana +1, Cid +1: supply 8, pot 9. Left down, lighter = right wins: Dan (R2) and Cid
    # (R1), 4 each, 1 carries. Losing outer L2 = Ben -> chieftain.
    # Pass scoring: Ana 16, Ben 8, Cid 4, Dan 13; poorest 4: Ana 12, Ben 4, Cid 0, Dan 9;
    # supply 8 + 16 = 24, base -> 22; pot 1 + 2 = 3.
    t.expect(
        pot=3,
        supply=22,
        chief="Ben",
        before_scoring={"Ana": 16, "Ben": 8, "Cid": 4, "Dan": 13},
        Ana=12,
        Ben=4,
        Cid=0,
        Dan=9,
    )
    t.expect_cards(Ana=["quartz"], Ben=["boulder"], Cid=["pillar"], Dan=["hinkelstein"])

    # ---- Pass 3: Ana quartz, Ben boulders, Cid pillars, Dan Hinkelsteine -----------
    t.round_(
        "3.1",
        "heavier",
        ["Ana +4 Q5 L2", "Ben +2 B5 L1", "Cid +1 P2 R2", "Dan +1 H5 R1"],
        "left",
        fate=("Ben", -70),
    )
    # pot 3 + 4 + 2 + 1 + 1 = 11; left heavier wins: Ana and Ben, 5 each, 1 carries.
    # Losing outer R2 = Cid -> chieftain. Supply 22 - 8 = 14, next base -> 12; pot 1 + 2.
    t.expect(pot=3, supply=12, chief="Cid", Ana=17, Ben=9, Cid=0, Dan=9)

    t.round_(
        "3.2",
        "heavier",
        ["Cid +2 P1+P2 R1", "Dan +2 notch:left H4 L2", "Ana +3 Q4 L1", "Ben +1 B4 R2"],
        "right",
    )
    # pot 3 + 2 + 2 + 3 + 1 = 11; right heavier wins: Cid and Ben, 5 each, 1 carries.
    # Losing outer L2 = Dan -> chieftain. Supply 12 - 8 = 4, next base -> 2; pot 1 + 2.
    t.expect(pot=3, supply=2, chief="Dan", Ana=17, Ben=14, Cid=5, Dan=9)

    t.round_(
        "3.3",
        "lighter",
        ["Dan +1 H3 L2", "Cid +1 P1 R2", "Ben +2 B3 R1", "Ana take Q3 L1"],
        "right",
        boulder=("Ben", "R1"),
        keep=("Ben", "B3"),
    )
    # Dan +1, Cid +1: supply 2 -> 0, pot 5. Ben +2 needs a refill: poorest Cid 5, all
    # return 5: Ana 12, Ben 9, Cid 0, Dan 4, supply 20; Ben +2 -> supply 18, pot 7.
    # Ana takes 1 (12 -> 13), supply 17. Right down, lighter = left wins: Dan and Ana; Ana
    # took, Dan gets all 7 (4 -> 11). Losing outer R2 = Cid -> chieftain. Next base -> 15.
    t.expect(pot=2, supply=15, chief="Cid", Ana=13, Ben=9, Cid=0, Dan=11)

    t.round_(
        "3.4", "heavier", ["Cid take P1 L2", "Ana +2 Q2 R2", "Ben +1 B3 L1", "Dan +2 H2 R1"], "left"
    )
    # Cid takes 1 (0 -> 1); pot 2 + 2 + 1 + 2 = 7. Left heavier wins: Cid and Ben; Cid took,
    # Ben gets all 7 (9 -> 16). Losing outer R2 = Ana -> chieftain.
    # Supply 15 - 1 - 2 - 1 - 2 = 9, next base -> 7.
    t.expect(pot=2, supply=7, chief="Ana", Ana=13, Ben=16, Cid=1, Dan=11)

    t.round_(
        "3.5", "heavier", ["Ana +1 Q1 R1", "Ben +2 B2 R2", "Cid +1 P1 L1", "Dan +1 H1 L2"], "left"
    )
    # pot 2 + 1 + 2 + 1 + 1 = 7; left heavier wins: Cid and Dan, 3 each, 1 carries. Losing
    # outer R2 = Ben -> chieftain. Supply 7 - 5 = 2.
    # Pass scoring: Ana 13, Ben 16, Cid 4, Dan 14; poorest 4: Ana 9, Ben 12, Cid 0, Dan 10;
    # supply 2 + 16 = 18, base -> 16; pot 1 + 2 = 3.
    t.expect(
        pot=3,
        supply=16,
        chief="Ben",
        before_scoring={"Ana": 13, "Ben": 16, "Cid": 4, "Dan": 14},
        Ana=9,
        Ben=12,
        Cid=0,
        Dan=10,
    )
    t.expect_cards(Ana=["hinkelstein"], Ben=["quartz"], Cid=["boulder"], Dan=["pillar"])

    # ---- Pass 4: Ana Hinkelsteine, Ben quartz, Cid boulders, Dan pillars -----------
    t.round_(
        "4.1",
        "lighter",
        ["Ben +4 Q5 R2", "Dan +2 P1+P2 L2", "Ana +1 H5 L1", "Cid +1 B5 R1"],
        "left",
    )
    # pot 3 + 4 + 2 + 1 + 1 = 11; left down, lighter = right wins: Ben and Cid, 5 each,
    # 1 carries. Losing outer L2 = Dan -> chieftain. Supply 16 - 8 = 8, base -> 6; pot 3.
    t.expect(pot=3, supply=6, chief="Dan", Ana=9, Ben=17, Cid=5, Dan=10)

    t.round_(
        "4.2",
        "heavier",
        ["Dan +1 P1 L2", "Ana +2 notch:right H4 R2", "Ben +3 Q4 L1", "Cid +1 B4 R1"],
        "right",
        boulder=("Cid", "R1"),
        fate=("Cid", 145),
        keep=("Cid", "B4"),
    )
    # Dan +1, Ana +2, Ben +3: supply 6 -> 0, pot 3 + 6 = 9. Cid +1 needs a refill: poorest
    # Cid 5, all return 5: Ana 4, Ben 12, Cid 0, Dan 5, supply 20; Cid +1 -> 19, pot 10.
    # Right heavier wins: Ana (R2) and Cid (R1, B4+B1), 5 each. Losing outer L2 = Dan.
    # Cid keeps B4, B1 leaves. Next base -> supply 17.
    t.expect(pot=2, supply=17, chief="Dan", Ana=9, Ben=12, Cid=5, Dan=5)

    t.round_(
        "4.3", "heavier", ["Ana +1 H3 L2", "Ben +2 Q3 R2", "Cid +2 B4 L1", "Dan +1 P1 R1"], "right"
    )
    # pot 2 + 1 + 2 + 2 + 1 = 8; right heavier wins: Ben and Dan, 4 each. Losing outer
    # L2 = Ana -> chieftain. Supply 17 - 6 = 11, next base -> 9.
    t.expect(pot=2, supply=9, chief="Ana", Ana=9, Ben=16, Cid=5, Dan=9)

    t.round_(
        "4.4",
        "heavier",
        ["Ana +2 H2 R1", "Cid +1 B3 R2", "Ben take Q2 L2", "Dan +1 P1 L1"],
        "right",
    )
    # Ben takes 1 (16 -> 17); pot 2 + 2 + 1 + 1 = 6. Right heavier wins: Ana and Cid, 3
    # each. Losing outer L2 = Ben -> chieftain. Supply 9 - 2 - 1 - 1 - 1 = 4, base -> 2.
    t.expect(pot=2, supply=2, chief="Ben", Ana=12, Ben=17, Cid=8, Dan=9)

    t.round_(
        "4.5",
        "lighter",
        ["Ben take Q1 L2", "Ana +1 H1 L1", "Cid +1 B2 R2", "Dan +2 P1 R1"],
        "right",
    )
    # Ben takes 1 (17 -> 18), supply 1; Ana +1: supply 0, pot 3. Cid +1 needs a refill:
    # poorest Cid 8, all return 8: Ana 4, Ben 10, Cid 0, Dan 1, supply 32; Cid +1 -> 31,
    # pot 4; Dan +2 -> supply 29, pot 6. Right down, lighter = left wins: Ben and Ana; Ben
    # took, Ana gets all 6 (4 -> 10). Losing outer R2 = Cid -> chieftain.
    # Pass scoring: poorest Cid 0, nobody returns anything. No base prize: the game is over.
    t.expect(
        pot=0,
        supply=29,
        chief="Cid",
        before_scoring={"Ana": 10, "Ben": 10, "Cid": 0, "Dan": 1},
        Ana=10,
        Ben=10,
        Cid=0,
        Dan=1,
    )
    # Ana and Ben tie with 10 discs: both win.
    assert t.state.finished
    assert t.state.winners == ("Ana", "Ben")
    return t


def test_four_player_game_to_the_end():
    play_four_player_game()


def test_four_player_game_summary_json():
    t = play_four_player_game()
    assert to_json(t.state) == {
        "game": "hinkel-stein",
        "players": ["Ana", "Ben", "Cid", "Dan"],
        "finished": True,
        "pass": 4,
        "round": 5,
        "chieftain": "Cid",
        "supply": 29,
        "pot": 0,
        "discs": {"Ana": 10, "Ben": 10, "Cid": 0, "Dan": 1},
        "kinds": {"Ana": ["hinkelstein"], "Ben": ["quartz"], "Cid": ["boulder"], "Dan": ["pillar"]},
        "winners": ["Ana", "Ben"],
        "awaiting": None,
    }


# ======================================================================================
# 3 players: 3 passes x 5 rounds, a small supply of 15 discs (refills, a short base prize,
# turns that cannot stake)
# ======================================================================================


def play_three_player_game() -> Table:
    t = Table(
        ["Ana", "Ben", "Cid"],
        {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cid": ["boulder"]},
        supply=15,
    )
    # Start: base 2, supply 15 - 2 = 13; Ana holds the pillars and is chieftain.
    t.expect(pot=2, supply=13, chief="Ana", Ana=0, Ben=0, Cid=0)

    # ---- Pass 1: Ana pillars, Ben Hinkelsteine, Cid boulders; quartz neutral -------
    t.round_(
        "1.1",
        "heavier",
        [
            "Ana +2 P2 L2",
            "Ben +1 H5 R2",
            # Rulebook 3p: "If the quartz stones are to be played ... The prize may not be
            # increased in doing so."
            ("Ben quartz refused:+1 Q5 R1", "no discs are staked on a quartz turn"),
            "Cid +1 B5 L1",
        ],
        "left",
    )
    # Solo (no offer). pot 2 + 2 + 1 + 1 = 6; left heavier wins, Ana's P2 on L2: the
    # chieftain wins alone, all 6 (Cid on L1 gets nothing). Losing outer R2 = Ben.
    # Supply 13 - 4 = 9, next base -> 7.
    t.expect(pot=2, supply=7, chief="Ben", Ana=6, Ben=0, Cid=0)

    t.round_(
        "1.2",
        "lighter",
        ["Ana quartz Q4 L2", "Cid +2 B4 R1", "Ben +2 notch:left H4 R2", "Ana +1 P1 L1"],
        "left",
        offer="Cid",
        accept=True,
    )
    # Ben and Cid partners, Ana plays alone and places the quartz. pot 2 + 2 + 2 + 1 = 7.
    # Left down, lighter = right wins; Ben (R2) wins: Ben and Cid 3 each, 1 carries.
    # Losing outer L2 holds the quartz Ana placed -> Ana chieftain.
    # Supply 7 - 5 = 2, next base -> 0; pot 1 + 2 = 3.
    t.expect(pot=3, supply=0, chief="Ana", Ana=6, Ben=3, Cid=3)

    t.round_(
        "1.3",
        "heavier",
        ["Ana +1 P1+P2 R2", "Cid quartz Q3 L1", "Ben take H3 L2", "Cid +2 B3 R1"],
        "left",
        offer="Ben",
        accept=False,
        boulder=("Cid", "R1"),
        fate=("Cid", 0),
        keep=("Cid", "B3"),
    )
    # Ben declines: Ana solo. Ana +1 on an empty supply: refill, poorest 3, all return 3:
    # Ana 3, Ben 0, Cid 0, supply 9; -> 8, pot 4. Ben takes (0 -> 1), supply 7; Cid +2:
    # supply 5, pot 6. Left heavier wins, Ana is on R2: she loses, Ben and Cid win; Ben
    # took, Cid gets all 6. Losing outer R2 = Ana. Cid keeps B3, B1 leaves. Base -> 3.
    t.expect(pot=2, supply=3, chief="Ana", Ana=3, Ben=1, Cid=6)

    t.round_(
        "1.4",
        "lighter",
        ["Ana +1 P1 L1", "Ben +2 H2 R2", "Ben quartz Q2 L2", "Cid +2 B3 R1"],
        "right",
        offer="Cid",
        accept=True,
    )
    # Ana and Cid partners, Ben alone with the quartz. Ana +1, Ben +2: supply 3 -> 0, pot 5.
    # Cid +2: refill, poorest Ben 1, all return 1: Ana 2, Ben 0, Cid 5, supply 3; -> 1,
    # pot 7. Right down, lighter = left wins; Ana (L1) wins, so Ana and her partner Cid
    # (on the losing side, R1) share: 3 each, 1 carries. Losing outer R2 = Ben.
    # Next base: supply 1 < 2, poorest Ben holds 0, no refill: the base is the 1 there is.
    # pot 1 + 1 = 2, supply 0.
    t.expect(pot=2, supply=0, chief="Ben", Ana=5, Ben=0, Cid=8)

    t.round_(
        "1.5",
        "heavier",
        ["Ben H1 L2", "Cid quartz Q1 L1", "Ana P1 R2", "Cid B2 R1"],
        "left",
        offer="Cid",
        accept=False,
    )
    # Cid declines: Ben solo. Supply empty and Ben holds 0: nobody can stake, everyone
    # places without a stake. Left heavier wins, Ben (L2) wins the 2 alone. Losing outer
    # R2 = Ana. Pass scoring: Ana 5, Ben 2, Cid 8; poorest 2: Ana 3, Ben 0, Cid 6; supply
    # 0 + 6 = 6, base -> 4; pot 0 + 2.
    t.expect(
        pot=2,
        supply=4,
        chief="Ana",
        before_scoring={"Ana": 5, "Ben": 2, "Cid": 8},
        Ana=3,
        Ben=0,
        Cid=6,
    )
    # The three dealt cards move to the left neighbour; the quartz stays neutral.
    t.expect_cards(Ana=["boulder"], Ben=["pillar"], Cid=["hinkelstein"])
    assert t.state.quartz_is_neutral()

    # ---- Pass 2: Ana boulders, Ben pillars, Cid Hinkelsteine -----------------------
    t.round_(
        "2.1",
        "heavier",
        [
            "Cid quartz Q5 R2",
            "Ben +1 P2 L2",
            "Cid +2 notch:right H5 R1",
            # Spec "Supply": "a stake or take that cannot be covered is illegal".
            ("Ana refused:+2 +1 B5 L1", ("the supply can give only 1 disc", "Ana may add 1 disc")),
        ],
        "left",
        offer="Ben",
        accept=True,
    )
    # Ana and Ben partners, Cid alone with the quartz. Ben +1, Cid +2: supply 4 -> 1. Ana
    # may not add 2: 1 in the supply and no refill (poorest Ben holds 0), so she adds 1.
    # pot 2 + 1 + 2 + 1 = 6, supply 0.
    # Left heavier wins, Ana (L1): Ana and Ben 3 each. Losing outer R2 holds the quartz
    # Cid placed -> Cid chieftain. Next base: supply 0, refill, poorest 3: Ana 3, Ben 0,
    # Cid 3, supply 9, base -> 7.
    t.expect(pot=2, supply=7, chief="Cid", Ana=3, Ben=0, Cid=3)

    t.round_(
        "2.2",
        "lighter",
        ["Cid +2 H4 L2", "Ana +1 B4 R1", "Ben quartz Q4 R2", "Ben +2 P1+P2 L1"],
        "left",
        offer="Ana",
        accept=False,
        boulder=("Ana", "R1"),
        keep=("Ana", "B1"),
    )
    # Cid solo. pot 2 + 2 + 1 + 2 = 7, supply 7 - 5 = 2. Left down, lighter = right wins;
    # Cid is on L2: he loses, Ana and Ben share 7: 3 each, 1 carries. Losing outer L2 =
    # Cid. Ana keeps B1, B4 leaves. Next base -> supply 0, pot 1 + 2 = 3.
    t.expect(pot=3, supply=0, chief="Cid", Ana=6, Ben=3, Cid=3)

    t.round_(
        "2.3",
        "heavier",
        ["Cid take H3 R2", "Ana +2 B3 L2", "Ben +1 P1 R1", "Ana quartz Q3 L1"],
        "right",
    )
    # Cid solo. Cid takes on an empty supply: refill, poorest 3: Ana 3, Ben 0, Cid 0,
    # supply 9; Cid takes 1 (-> 1), supply 8. Ana +2, Ben +1: supply 5, pot 3 + 3 = 6.
    # Right heavier wins, Cid (R2) wins his solo, but he took: the whole 6 stays.
    # Losing outer L2 = Ana. Next base -> supply 3, pot 6 + 2 = 8.
    t.expect(pot=8, supply=3, chief="Ana", Ana=3, Ben=0, Cid=1)

    t.round_(
        "2.4",
        "heavier",
        [
            "Ana +2 B2 R2",
            "Ben quartz Q2 L2",
            # Spec "Supply": "a stake or take that cannot be covered is illegal".
            ("Cid refused:+2 +1 H2 R1", ("the supply can give only 1 disc", "Cid may add 1 disc")),
            "Ben P1 L1",
        ],
        "left",
        offer="Cid",
        accept=True,
        offer_after_condition=True,
    )
    # Ana and Cid partners, Ben alone. Ana +2: supply 1, pot 10; Cid +1: supply 0, pot 11
    # (2 could not be covered: poorest Ben holds 0). Ben cannot stake and places without.
    # Left heavier wins; Ana is on R2: the partners lose, the third player Ben takes all
    # 11. Losing outer R2 = Ana. Next base: refill, poorest Cid 1: Ana 2, Ben 10, Cid 0,
    # supply 3, base -> 1.
    t.expect(pot=2, supply=1, chief="Ana", Ana=2, Ben=10, Cid=0)

    t.round_(
        "2.5", "lighter", ["Ana +1 B1 L2", "Cid H1 R1", "Cid quartz Q1 L1", "Ben P1 R2"], "left"
    )
    # Ana solo. Ana +1: supply 0, pot 3; Cid and Ben cannot stake (Cid holds 0). Left down,
    # lighter = right wins; Ana (L2) loses: Ben and Cid share 3, 1 each, 1 carries.
    # Losing outer L2 = Ana. Pass scoring: Ana 2, Ben 11, Cid 1; poorest 1: Ana 1, Ben 10,
    # Cid 0; supply 3, base -> 1; pot 1 + 2 = 3.
    t.expect(
        pot=3,
        supply=1,
        chief="Ana",
        before_scoring={"Ana": 2, "Ben": 11, "Cid": 1},
        Ana=1,
        Ben=10,
        Cid=0,
    )
    t.expect_cards(Ana=["hinkelstein"], Ben=["boulder"], Cid=["pillar"])

    # ---- Pass 3: Ana Hinkelsteine, Ben boulders, Cid pillars -----------------------
    t.round_(
        "3.1",
        "heavier",
        [
            "Ana +1 notch:left H5 L2",
            # Spec "Supply": the supply cannot give even one disc: he skips the stake.
            ("Ben refused:+1 B5 R2", ("the supply can give only 0 discs", "Ben may place without")),
            "Cid quartz Q5 L1",
            "Cid P2 R1",
        ],
        "right",
        offer="Ben",
        accept=False,
        fate=("Ben", 70),
    )
    # Ana solo. Ana +1: supply 0, pot 4; Ben and Cid cannot stake (Cid holds 0). Right
    # heavier wins; Ana (L2) loses: Ben and Cid 2 each. Losing outer L2 = Ana. Next base:
    # refill, poorest Ana 1: Ana 0, Ben 11, Cid 1, supply 3, base -> 1.
    t.expect(pot=2, supply=1, chief="Ana", Ana=0, Ben=11, Cid=1)

    t.round_(
        "3.2",
        "heavier",
        ["Ana +1 H4 L1", "Cid P1+P2 L2", "Ben quartz Q4 R1", "Ben B4 R2"],
        "left",
        offer="Cid",
        accept=True,
        boulder=("Ben", "R2"),
        keep=("Ben", "B4"),
    )
    # Ana and Cid partners, Ben alone. Ana +1: supply 0, pot 3; Cid and Ben cannot stake
    # (Ana now holds 0). Left heavier wins, Ana (L1): Ana and Cid 1 each, 1 carries.
    # Losing outer R2 = Ben (B4+B1); he keeps B4. Next base: refill, poorest 1: Ana 0,
    # Ben 10, Cid 1, supply 3, base -> 1; pot 1 + 2 = 3.
    t.expect(pot=3, supply=1, chief="Ben", Ana=0, Ben=10, Cid=1)

    t.round_(
        "3.3", "lighter", ["Ben +1 B4 R1", "Ana H3 L1", "Ana quartz Q3 R2", "Cid P1 L2"], "right"
    )
    # Ben solo. Ben +1: supply 0, pot 4; Ana (holding 0) and Cid cannot stake. Right down,
    # lighter = left wins; Ben (R1) loses: Ana and Cid 2 each. Losing outer R2 holds the
    # quartz Ana placed -> Ana chieftain. Next base: refill, poorest Ana 2: Ana 0, Ben 8,
    # Cid 1, supply 6, base -> 4.
    t.expect(pot=2, supply=4, chief="Ana", Ana=0, Ben=8, Cid=1)

    t.round_(
        "3.4",
        "lighter",
        ["Ana +2 H2 R2", "Cid quartz Q2 L1", "Ben take B3 L2", "Cid +1 P1 R1"],
        "left",
        offer="Ben",
        accept=True,
    )
    # Ana and Ben partners, Cid alone. Ana +2: supply 2, pot 4; Ben takes (8 -> 9), supply
    # 1; Cid +1: supply 0, pot 5. Left down, lighter = right wins, Ana (R2): the partners
    # win, Ben took, so Ana gets all 5. Losing outer L2 = Ben. Next base: refill, poorest
    # Cid 1: Ana 4, Ben 8, Cid 0, supply 3, base -> 1.
    t.expect(pot=2, supply=1, chief="Ben", Ana=4, Ben=8, Cid=0)

    t.round_(
        "3.5", "heavier", ["Ben +1 B2 L2", "Ana H1 R2", "Ana quartz Q1 R1", "Cid P1 L1"], "left"
    )
    # Ben solo. Ben +1: supply 0, pot 3; Ana and Cid cannot stake (Cid holds 0). Left
    # heavier wins, Ben (L2) wins all 3. Losing outer R2 = Ana. Pass scoring: poorest Cid
    # holds 0, nobody returns anything. Game over: no base prize.
    t.expect(
        pot=0,
        supply=0,
        chief="Ana",
        before_scoring={"Ana": 4, "Ben": 11, "Cid": 0},
        Ana=4,
        Ben=11,
        Cid=0,
    )
    assert t.state.finished
    assert t.state.winners == ("Ben",)
    return t


def test_three_player_game_to_the_end():
    play_three_player_game()


# ======================================================================================
# 2 players: 4 passes x 5 rounds, 50 discs
# ======================================================================================


def play_two_player_game() -> Table:
    # [left card, right card]
    t = Table(["Ana", "Ben"], {"Ana": ["pillar", "quartz"], "Ben": ["hinkelstein", "boulder"]})
    # Start: base 2, supply 48. Ana holds the pillars: chieftain, must play them actively.
    t.expect(pot=2, supply=48, chief="Ana", mandatory="pillar", Ana=0, Ben=0)

    # ---- Pass 1: Ana [pillar, quartz], Ben [hinkelstein, boulder] ------------------
    t.round_(
        "1.1",
        "heavier",
        [
            # Rulebook 2p: "The chieftain must always run actively the kind of stone
            # because of which he became chieftain; at the start this is the pillars."
            (
                "Ana refused:active:quartz refused:passive:pillar active pillar +2 P2 L2",
                "Ana is chieftain because of the pillars and must play them actively",
                "Ana is chieftain because of the pillars and must play them actively",
            ),
            "Ben active hinkelstein +1 H5 R2",
            # Rulebook 2p, passive play: "The victory prize cannot be increased".
            ("Ana passive quartz refused:+1 Q5 R1", "no discs are staked on a passive turn"),
            "Ben passive boulder B5 L1",
        ],
        "left",
    )
    # pot 2 + 2 + 1 = 5; left heavier wins: Ana's P2 (active) and Ben's B5 (passive, can
    # never win) -> Ana 5. Losing outer R2 = Ben's H5 -> Ben chieftain, must play
    # Hinkelsteine actively. Supply 48 - 3 = 45, base -> 43.
    t.expect(pot=2, supply=43, chief="Ben", mandatory="hinkelstein", Ana=5, Ben=0)

    t.round_(
        "1.2",
        "lighter",
        [
            "Ben active hinkelstein +2 notch:left H4 L1",
            "Ana active quartz +4 Q4 R2",
            "Ben passive boulder B4 L2",
            "Ana passive pillar P1 R1",
        ],
        "left",
    )
    # pot 2 + 2 + 4 (Ana plays her quartz actively) = 8; left down, lighter = right wins:
    # Q4 active, P1 passive, both Ana's -> Ana 8 (5 -> 13). Losing outer L2 = Ben's B4
    # (passive) -> Ben chieftain, must play boulders actively. Supply 43 - 6 = 37, -> 35.
    t.expect(pot=2, supply=35, chief="Ben", mandatory="boulder", Ana=13, Ben=0)

    t.round_(
        "1.3",
        "heavier",
        [
            # Ben is chieftain because of his boulder B4 (played passively, HS-9).
            (
                "Ben refused:active:hinkelstein active boulder +1 B3 R2",
                "Ben is chieftain because of the boulders and must play them actively",
            ),
            "Ana active pillar +2 P1+P2 L2",
            "Ana passive quartz Q3 L1",
            "Ben passive hinkelstein H3 R1",
        ],
        "right",
        boulder=("Ben", "R2"),
        fate=("Ben", 60),
        keep=("Ben", "B3"),
    )
    # pot 2 + 1 + 2 = 5; right heavier wins: B3+B1 active and H3 passive, both Ben's ->
    # Ben 5. Losing outer L2 = Ana's P1+P2 -> Ana chieftain, pillars. P2 is out for the
    # rest of the pass; Ben keeps B3, B1 leaves. Supply 35 - 3 = 32, base -> 30.
    t.expect(pot=2, supply=30, chief="Ana", mandatory="pillar", Ana=13, Ben=5)

    t.round_(
        "1.4",
        "heavier",
        [
            "Ana active pillar +1 P1 R2",
            "Ben active boulder +2 B3 R1",
            "Ben passive hinkelstein H2 L2",
            "Ana passive quartz Q2 L1",
        ],
        "right",
    )
    # pot 2 + 1 + 2 = 5; right heavier wins, two active stones: Ana and Ben 2 each,
    # 1 carries. Losing outer L2 = Ben's H2 (passive) -> Ben chieftain, Hinkelsteine.
    # Supply 30 - 3 = 27, base -> 25; pot 1 + 2 = 3.
    t.expect(pot=3, supply=25, chief="Ben", mandatory="hinkelstein", Ana=15, Ben=7)

    t.round_(
        "1.5",
        "lighter",
        [
            "Ben active hinkelstein take H1 L2",
            "Ana active quartz +3 Q1 L1",
            "Ana passive pillar P1 R2",
            "Ben passive boulder B2 R1",
        ],
        "right",
    )
    # Ben takes 1 (7 -> 8); pot 3 + 3 = 6. Right down, lighter = left wins: H1 active
    # (Ben took) and Q1 active -> Ana gets all 6 (15 -> 21). Losing outer R2 = Ana's P1
    # (passive) -> Ana chieftain because of the pillars. Supply 25 - 1 - 3 = 21.
    # Pass scoring: Ana 21, Ben 8; Ben returns all 8, Ana 8: Ana 13, Ben 0; supply 21 +
    # 16 = 37, base -> 35.
    t.expect(
        pot=2,
        supply=35,
        chief="Ana",
        before_scoring={"Ana": 21, "Ben": 8},
        Ana=13,
        Ben=0,
    )
    # Cards: Ana gives her left card (pillar) to Ben, who lays it on his right and moves
    # his boulder to the left; Ben gives his hinkelstein to Ana's right, her quartz moves
    # left. Ana became chieftain by the pillars, which she no longer holds: free choice.
    t.expect_cards(Ana=["quartz", "hinkelstein"], Ben=["boulder", "pillar"])
    assert mandatory_kind(t.state) is None

    # ---- Pass 2: Ana [quartz, hinkelstein], Ben [boulder, pillar] ------------------
    t.round_(
        "2.1",
        "heavier",
        [
            "Ana active hinkelstein +2 notch:right H5 R2",
            "Ben active pillar +2 P1+P2 L2",
            "Ben passive boulder B5 R1",
            "Ana passive quartz Q5 L1",
        ],
        "left",
    )
    # pot 2 + 2 + 2 = 6; left heavier wins: P1+P2 active (Ben), Q5 passive -> Ben 6.
    # Losing outer R2 = Ana's H5 -> Ana, Hinkelsteine. Supply 35 - 4 = 31, base -> 29.
    t.expect(pot=2, supply=29, chief="Ana", mandatory="hinkelstein", Ana=13, Ben=6)

    t.round_(
        "2.2",
        "lighter",
        [
            "Ana active hinkelstein +1 H4 L2",
            "Ben active boulder +2 B4 R2",
            "Ana passive quartz Q4 R1",
            "Ben passive pillar P1 L1",
        ],
        "left",
        boulder=("Ben", "R2"),
        fate=("Ben", -145),
        keep=("Ben", "B1"),
    )
    # pot 2 + 1 + 2 = 5; left down, lighter = right wins: B4+B1 active (Ben), Q4 passive
    # -> Ben 5 (6 -> 11). Losing outer L2 = Ana's H4 -> Ana, Hinkelsteine. Ben keeps B1,
    # B4 leaves. Supply 29 - 3 = 26, base -> 24.
    t.expect(pot=2, supply=24, chief="Ana", mandatory="hinkelstein", Ana=13, Ben=11)

    t.round_(
        "2.3",
        "heavier",
        [
            "Ana active hinkelstein take H3 R1",
            "Ben active pillar +1 P1 R2",
            "Ben passive boulder B3 L2",
            "Ana passive quartz Q3 L1",
        ],
        "right",
    )
    # Ana takes 1 (13 -> 14); pot 2 + 1 = 3. Right heavier wins: H3 active (Ana took) and
    # P1 active -> Ben gets all 3 (11 -> 14). Losing outer L2 = Ben's B3 (passive) -> Ben,
    # boulders. Supply 24 - 1 - 1 = 22, base -> 20.
    t.expect(pot=2, supply=20, chief="Ben", mandatory="boulder", Ana=14, Ben=14)

    t.round_(
        "2.4",
        "heavier",
        [
            "Ben active boulder +2 B2 L1",
            "Ana active quartz +4 Q2 L2",
            "Ben passive pillar P1 R2",
            "Ana passive hinkelstein H2 R1",
        ],
        "left",
    )
    # pot 2 + 2 + 4 = 8; left heavier wins, two active stones: 4 each. Losing outer R2 =
    # Ben's P1 (passive) -> Ben, pillars. Supply 20 - 6 = 14, base -> 12.
    t.expect(pot=2, supply=12, chief="Ben", mandatory="pillar", Ana=18, Ben=18)

    t.round_(
        "2.5",
        "lighter",
        [
            "Ben active pillar take P1 L2",
            "Ana active quartz take Q1 R2",
            "Ana passive hinkelstein H1 L1",
            "Ben passive boulder B1 R1",
        ],
        "left",
    )
    # Both take 1: Ana 19, Ben 19, supply 10, pot 2. Left down, lighter = right wins: Q1
    # active but Ana took, B1 passive -> the pot stays. Losing outer L2 = Ben's P1 -> Ben,
    # pillars. Pass scoring: 19 and 19, both return 19: 0 and 0; supply 10 + 38 = 48,
    # base -> 46; pot 2 + 2 = 4.
    t.expect(
        pot=4,
        supply=46,
        chief="Ben",
        before_scoring={"Ana": 19, "Ben": 19},
        Ana=0,
        Ben=0,
    )
    # Ben still holds the pillars (his right card moved to his left): he must play them.
    t.expect_cards(Ana=["hinkelstein", "boulder"], Ben=["pillar", "quartz"])
    assert mandatory_kind(t.state) == "pillar"

    # ---- Pass 3: Ana [hinkelstein, boulder], Ben [pillar, quartz] -----------------
    t.round_(
        "3.1",
        "heavier",
        [
            "Ben active pillar +1 P2 R1",
            "Ana active boulder +2 B5 L1",
            "Ana passive hinkelstein H5 R2",
            "Ben passive quartz Q5 L2",
        ],
        "right",
        fate=("Ana", 70),
    )
    # pot 4 + 1 + 2 = 7; right heavier wins: P2 active (Ben), H5 passive -> Ben 7.
    # Losing outer L2 = Ben's Q5 (passive) -> Ben, quartz. Supply 46 - 3 = 43, base -> 41.
    t.expect(pot=2, supply=41, chief="Ben", mandatory="quartz", Ana=0, Ben=7)

    t.round_(
        "3.2",
        "heavier",
        [
            "Ben active quartz +4 Q4 L2",
            "Ana active hinkelstein +2 notch:left H4 R2",
            "Ben passive pillar P1 R1",
            "Ana passive boulder B4 L1",
        ],
        "left",
    )
    # pot 2 + 4 + 2 = 8; left heavier wins: Q4 active (Ben), B4 passive -> Ben 8 (7 -> 15).
    # Losing outer R2 = Ana's H4 -> Ana, Hinkelsteine. Supply 41 - 6 = 35, base -> 33.
    t.expect(pot=2, supply=33, chief="Ana", mandatory="hinkelstein", Ana=0, Ben=15)

    t.round_(
        "3.3",
        "lighter",
        [
            "Ana active hinkelstein +1 H3 L2",
            "Ben active pillar +2 P1+P2 R2",
            "Ana passive boulder B3 L1",
            "Ben passive quartz Q3 R1",
        ],
        "right",
    )
    # pot 2 + 1 + 2 = 5; right down, lighter = left wins: H3 active and B3 passive, both
    # Ana's -> Ana 5. Losing outer R2 = Ben's P1+P2 -> Ben, pillars (P2 now out).
    # Supply 33 - 3 = 30, base -> 28.
    t.expect(pot=2, supply=28, chief="Ben", mandatory="pillar", Ana=5, Ben=15)

    t.round_(
        "3.4",
        "heavier",
        [
            "Ben active pillar +2 P1 L1",
            "Ana active boulder +1 B2 R1",
            "Ana passive hinkelstein H2 L2",
            "Ben passive quartz Q2 R2",
        ],
        "right",
        boulder=("Ana", "R1"),
        keep=("Ana", "B2"),
    )
    # pot 2 + 2 + 1 = 5; right heavier wins: B2+B1 active (Ana), Q2 passive -> Ana 5
    # (5 -> 10). Losing outer L2 = Ana's H2 (passive) -> Ana, Hinkelsteine. Ana keeps B2.
    # Supply 28 - 3 = 25, base -> 23.
    t.expect(pot=2, supply=23, chief="Ana", mandatory="hinkelstein", Ana=10, Ben=15)

    t.round_(
        "3.5",
        "heavier",
        [
            "Ana active hinkelstein +2 H1 R2",
            "Ben active quartz +3 Q1 L2",
            "Ana passive boulder B2 R1",
            "Ben passive pillar P1 L1",
        ],
        "right",
    )
    # pot 2 + 2 + 3 = 7; right heavier wins: H1 active, B2 passive, both Ana's -> Ana 7
    # (10 -> 17). Losing outer L2 = Ben's Q1 -> Ben, quartz. Supply 23 - 5 = 18.
    # Pass scoring: Ana 17, Ben 15 -> Ana 2, Ben 0; supply 18 + 30 = 48, base -> 46.
    t.expect(
        pot=2,
        supply=46,
        chief="Ben",
        before_scoring={"Ana": 17, "Ben": 15},
        Ana=2,
        Ben=0,
    )
    # Ben's quartz was his right card; it moves to his left: he still must play it.
    t.expect_cards(Ana=["boulder", "pillar"], Ben=["quartz", "hinkelstein"])
    assert mandatory_kind(t.state) == "quartz"

    # ---- Pass 4: Ana [boulder, pillar], Ben [quartz, hinkelstein] -----------------
    t.round_(
        "4.1",
        "lighter",
        [
            "Ben active quartz +3 Q5 R2",
            "Ana active pillar +2 P1+P2 L2",
            "Ben passive hinkelstein H5 R1",
            "Ana passive boulder B5 L1",
        ],
        "left",
    )
    # pot 2 + 3 + 2 = 7; left down, lighter = right wins: Q5 active and H5 passive, both
    # Ben's -> Ben 7. Losing outer L2 = Ana's P1+P2 -> Ana, pillars.
    # Supply 46 - 5 = 41, base -> 39.
    t.expect(pot=2, supply=39, chief="Ana", mandatory="pillar", Ana=2, Ben=7)

    t.round_(
        "4.2",
        "heavier",
        [
            "Ana active pillar +1 P1 L1",
            "Ben active hinkelstein +2 notch:left H4 R1",
            "Ana passive boulder B4 R2",
            "Ben passive quartz Q4 L2",
        ],
        "left",
    )
    # pot 2 + 1 + 2 = 5; left heavier wins: P1 active (Ana), Q4 passive -> Ana 5 (2 -> 7).
    # Losing outer R2 = Ana's B4 (passive) -> Ana, boulders. Supply 39 - 3 = 36, -> 34.
    t.expect(pot=2, supply=34, chief="Ana", mandatory="boulder", Ana=7, Ben=7)

    t.round_(
        "4.3",
        "heavier",
        [
            "Ana active boulder +2 B3 L2",
            "Ben active hinkelstein +1 H3 R2",
            "Ana passive pillar P1 R1",
            "Ben passive quartz Q3 L1",
        ],
        "left",
        boulder=("Ana", "L2"),
        fate=("Ana", 10),
        keep=("Ana", "B3"),
    )
    # pot 2 + 2 + 1 = 5; left heavier wins: B3+B1 active (Ana), Q3 passive -> Ana 5
    # (7 -> 12). Losing outer R2 = Ben's H3 -> Ben, Hinkelsteine. Ana keeps B3.
    # Supply 34 - 3 = 31, base -> 29.
    t.expect(pot=2, supply=29, chief="Ben", mandatory="hinkelstein", Ana=12, Ben=7)

    t.round_(
        "4.4",
        "lighter",
        [
            "Ben active hinkelstein +2 H2 R2",
            "Ana active boulder +1 B3 R1",
            "Ben passive quartz Q2 L2",
            "Ana passive pillar P1 L1",
        ],
        "right",
    )
    # pot 2 + 2 + 1 = 5; right down, lighter = left wins: Q2 and P1, both passive. A
    # passive stone never wins: no winner, the 5 stay. Losing outer R2 = Ben's H2 -> Ben,
    # Hinkelsteine. Supply 29 - 3 = 26, base -> 24; pot 5 + 2 = 7.
    t.expect(pot=7, supply=24, chief="Ben", mandatory="hinkelstein", Ana=12, Ben=7)

    t.round_(
        "4.5",
        "heavier",
        [
            "Ben active hinkelstein +2 H1 L1",
            "Ana active pillar +2 P1 R1",
            "Ben passive quartz Q1 R2",
            "Ana passive boulder B2 L2",
        ],
        "right",
    )
    # pot 7 + 2 + 2 = 11; right heavier wins: P1 active (Ana), Q1 passive -> Ana 11
    # (12 -> 23). Losing outer L2 = Ana's B2. Supply 24 - 4 = 20.
    # Pass scoring: Ana 23, Ben 7 -> Ana 16, Ben 0; supply 20 + 14 = 34. Game over.
    t.expect(
        pot=0,
        supply=34,
        chief="Ana",
        before_scoring={"Ana": 23, "Ben": 7},
        Ana=16,
        Ben=0,
    )
    assert t.state.finished
    assert t.state.winners == ("Ana",)
    return t


def test_two_player_game_to_the_end():
    play_two_player_game()


@pytest.mark.parametrize(
    "play", [play_four_player_game, play_three_player_game, play_two_player_game]
)
def test_the_written_records_replay_to_the_same_state(play):
    t = play()
    assert t.replayed() == t.state
