"""The HiLo camera referee on scripted step sequences: every turn type, the Magician's
spell (face-down cards too), Phoenix chains, the end with uncovering and Magicians,
layout-rule breaks, undo. Each step is what a camera sees as people act at the table;
every record the referee proposes goes through the record parser and the engine
(``Recorder``, the service in miniature)."""

from __future__ import annotations

from collections import Counter
from itertools import count

from companion.games.hilo import (
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
    apply,
    replay,
    start_game,
)
from companion.games.hilo.catalogue import CATALOGUES, DEFAULT_CATALOGUE
from companion.tables.hilo.referee import HiloCamera
from companion.tables.hilo.scripted import Recorder
from companion.tables.hilo.seen import CardsSeen, SlotSeen, camera_slot, engine_slot

T = count(1)
START = Start(("Ana", "Ben"), DEFAULT_CATALOGUE)
FACE, BACK, EMPTY = "face", "back", "empty"


def seen_table(state) -> dict[str, tuple[str, str | None]]:
    """What a camera sees of a table that agrees with ``state``."""
    out = {}
    for seat, lay in enumerate(state.layouts):
        for i, c in enumerate(lay):
            out[camera_slot(seat, i)] = (FACE, c) if c else (BACK, None)
    out["discard"] = (FACE, state.top) if state.top else (EMPTY, None)
    out["draw"] = (BACK, None)
    return out


def recorder(actions) -> Recorder:
    """A referee that has seen the table as ``actions`` (after the start) left it."""
    state = replay([START, *actions])
    rec = Recorder(START, state, HiloCamera())
    rec.actions = list(actions)
    r = see(rec, **seen_table(state))
    assert r.submit == () and r.warnings == (), r
    assert rec.actions == list(actions)
    return rec


def see(rec: Recorder, **slots):
    """The camera settles on ``slots`` (camera slot = (label, card) or a label)."""
    obs = []
    for k, v in slots.items():
        label, card = (v, None) if isinstance(v, str) else v
        obs.append(SlotSeen(k, label, card))
    return rec.observe(CardsSeen(next(T), "hilo", tuple(obs)))


def steps(rec: Recorder, *changes: dict):
    r = None
    for ch in changes:
        r = see(rec, **ch)
    return r


def new(rec: Recorder, k: int) -> list:
    return rec.actions[k:]


def face(card):
    return (FACE, card)


# Ana (seat 0) and Ben (seat 1): the discard pile starts with plain-01; Ana's starting
# card is T1 (camera A7), Ben's T1 (camera B7). Camera A1..A6 are Ana's B1..B6.
OPENING = [
    Upturn("plain-01"),
    Reveal("Ana", "T1", "plain-02"),
    Reveal("Ben", "T1", "plain-03"),
]


def test_camera_slots_map_to_the_owners_rows():
    assert camera_slot(0, 0) == "A7" and camera_slot(0, 6) == "A1"
    assert camera_slot(4, 11) == "E6" and engine_slot("C12") == (2, 5)
    assert engine_slot("discard") is None and engine_slot("A13") is None


def test_setup_upturn_and_starting_cards_are_read():
    rec = recorder([])
    see(rec, discard=face("plain-01"))
    see(rec, A7=face("plain-02"))
    see(rec, B9=face("plain-03"))
    assert rec.actions == [
        Upturn("plain-01"),
        Reveal("Ana", "T1", "plain-02"),
        Reveal("Ben", "T3", "plain-03"),
    ]
    assert rec.state.phase == "turn"


def test_a_starting_magician_goes_back_and_the_new_card_is_the_redraw():
    rec = recorder([Upturn("plain-01")])
    see(rec, A7=face("magician"))
    assert rec.state.phase == "redraw"
    r = see(rec, A7=face("magician"))  # still lying there: nothing yet
    assert r.submit == ()
    steps(rec, {"A7": EMPTY}, {"A7": face("magician")})  # drew a Magician again
    steps(rec, {"A7": EMPTY}, {"A7": face("plain-04")})
    assert new(rec, 1) == [
        Reveal("Ana", "T1", "magician"),
        Redraw("Ana", "magician"),
        Redraw("Ana", "plain-04"),
    ]
    assert rec.state.layouts[0][0] == "plain-04" and rec.state.phase == "setup"


def test_took_the_discard_into_a_face_down_slot():
    rec = recorder(OPENING)
    steps(rec, {"discard": EMPTY}, {"A2": EMPTY}, {"A2": face("plain-01")})
    assert new(rec, 3) == []  # the old card is still in the hand
    see(rec, discard=face("wolf-a"))
    assert new(rec, 3) == [Take("Ana", "B2", "wolf-a")]
    assert rec.state.phase == "turn" and rec.state.current == 1


def test_took_the_discard_into_a_face_up_slot():
    rec = recorder(OPENING)
    steps(rec, {"discard": EMPTY}, {"A7": EMPTY}, {"A7": face("plain-01")},
          {"discard": face("plain-02")})  # fmt: skip
    assert new(rec, 3) == [Take("Ana", "T1", "plain-02")]


def test_drew_and_exchanged():
    rec = recorder(OPENING)
    steps(rec, {"draw": "unknown"}, {"draw": BACK}, {"A3": EMPTY}, {"A3": face("dragon-a")},
          {"discard": face("unicorn-a")})  # fmt: skip
    assert new(rec, 3) == [Draw("Ana", "dragon-a"), Exchange("Ana", "B3", "unicorn-a")]


def test_drew_discarded_and_turned_a_card_over():
    rec = recorder(OPENING)
    steps(rec, {"draw": "unknown"}, {"draw": BACK}, {"discard": face("dragon-a")})
    assert new(rec, 3) == [Draw("Ana", "dragon-a"), Discard("Ana")]
    assert rec.state.phase == "reveal"
    see(rec, A4=face("wolf-b"))
    assert new(rec, 5) == [Reveal("Ana", "B4", "wolf-b")]
    assert rec.state.current == 1


def test_a_reveal_owed_but_not_made_is_a_warning_and_nothing_is_recorded():
    rec = recorder([*OPENING, Draw("Ana", "dragon-a"), Discard("Ana")])
    r = see(rec, B2=face("plain-05"))  # Ben turns over a card while Ana owes hers
    assert new(rec, 5) == []
    assert any("Ana must first turn over one face-down card" in w for w in r.warnings), r
    assert any("put a face-down card back on Ben's B2" in w for w in r.warnings), r
    r = see(rec, B2=BACK)
    assert r.warnings == ()


def test_cards_swapped_within_a_layout_break_the_layout_rule():
    rec = recorder(OPENING)
    r = see(rec, A7=BACK, A8=face("plain-02"))
    assert new(rec, 3) == []
    assert any("swapped or moved within Ana's layout" in w for w in r.warnings), r
    assert any("put plain-02 face up back on Ana's A7 (T1)" in w for w in r.warnings), r
    r = see(rec, A7=face("plain-02"), A8=BACK)
    assert r.warnings == () and new(rec, 3) == []


def test_a_card_put_into_another_players_layout_is_a_warning():
    rec = recorder(OPENING)
    r = see(rec, B8=face("plain-01"), discard=EMPTY)
    assert new(rec, 3) == []
    assert any("Ben's layout changed, but it is not Ben's to change now" in w for w in r.warnings)


MAGICIAN_OPENING = [
    Upturn("magician"),
    Reveal("Ana", "T1", "plain-02"),
    Reveal("Ben", "T1", "plain-03"),
]


def test_a_magician_taken_casts_a_spell_face_up_for_face_down():
    rec = recorder(MAGICIAN_OPENING)
    steps(rec, {"discard": EMPTY}, {"A1": EMPTY}, {"A1": face("magician")},
          {"discard": face("plain-05")})  # fmt: skip
    assert new(rec, 3) == [Take("Ana", "B1", "plain-05")]
    assert rec.state.phase == "spell"
    # Ana's T1 (plain-02, face up) and Ben's B2 (face down) change places, faces kept
    steps(rec, {"A7": EMPTY}, {"B2": EMPTY}, {"A7": BACK})
    assert new(rec, 4) == []  # half done
    see(rec, B2=face("plain-02"))
    assert new(rec, 4) == [Spell("Ana", "T1", "Ben", "B2")]
    assert rec.state.layouts[0][0] is None and rec.state.layouts[1][7] == "plain-02"


def test_a_spell_of_two_face_down_cards_is_followed_by_the_slots_lifted():
    rec = recorder([*MAGICIAN_OPENING, Take("Ana", "B1", "plain-05")])
    steps(rec, {"A3": EMPTY}, {"B3": EMPTY}, {"A3": BACK}, {"B3": BACK})
    assert new(rec, 4) == [Spell("Ana", "B3", "Ben", "B3")]


def test_a_spell_owed_but_not_cast_is_a_warning():
    rec = recorder([*MAGICIAN_OPENING, Take("Ana", "B1", "plain-05")])
    r = see(rec, discard=face("wolf-c"))  # Ben discards a drawn card: too early
    assert new(rec, 4) == []
    assert any("Ana's Magician must cast its spell first" in w for w in r.warnings), r


def test_phoenix_chain_each_phoenix_owes_one_more_card():
    rec = recorder([Upturn("phoenix"), *OPENING[1:]])
    steps(rec, {"discard": EMPTY}, {"A1": EMPTY}, {"A1": face("phoenix")},
          {"discard": face("plain-05")})  # fmt: skip
    assert rec.state.phase == "reveal" and rec.state.because == "phoenix"
    see(rec, A2=face("phoenix"))  # the Phoenix's card is a Phoenix: one more
    assert rec.state.phase == "reveal"
    see(rec, A3=face("plain-04"))
    assert new(rec, 3) == [
        Take("Ana", "B1", "plain-05"),
        Reveal("Ana", "B2", "phoenix"),
        Reveal("Ana", "B3", "plain-04"),
    ]
    assert rec.state.phase == "turn" and rec.state.current == 1


def test_a_card_exchanged_for_its_own_design_is_told_by_the_hands():
    rec = recorder(OPENING)  # the discard shows plain-01; Ana's T1 is plain-02
    steps(rec, {"draw": "unknown"}, {"draw": BACK}, {"A7": EMPTY}, {"A7": face("plain-02")})
    see(rec, discard=face("plain-02"))  # drew a plain-02 and put it where the other lay
    assert new(rec, 3) == [Draw("Ana", "plain-02"), Exchange("Ana", "T1", "plain-02")]


def test_same_design_as_the_discard_top_with_the_draw_pile_touched_is_a_draw():
    rec = recorder(OPENING)
    steps(rec, {"draw": "unknown"}, {"draw": BACK}, {"A2": EMPTY}, {"A2": face("plain-01")},
          {"discard": face("wolf-a")})  # fmt: skip
    assert new(rec, 3) == [Draw("Ana", "plain-01"), Exchange("Ana", "B2", "wolf-a")]


def test_same_design_as_the_discard_top_with_neither_hand_nor_lifted_top_seen_is_asked():
    # a hand at the draw pile the camera missed: the discard top never showed what lay
    # beneath it, so this may be another plain-01 drawn as well as the top taken
    rec = recorder(OPENING)
    r = steps(rec, {"A2": EMPTY}, {"A2": face("plain-01")}, {"discard": face("wolf-a")})
    assert new(rec, 3) == [] and r.submit == ()
    take = {"type": "take", "player": "Ana", "slot": "B2", "discards": "wolf-a"}
    draw = {"type": "draw", "player": "Ana", "card": "plain-01"}
    assert [a["records"] for a in r.asks] == [[take], [draw]]
    rec.submit(draw)  # tapped: the exchange follows from the table
    assert new(rec, 3) == [Draw("Ana", "plain-01"), Exchange("Ana", "B2", "wolf-a")]


def test_the_top_seen_lifted_before_the_layout_changed_is_a_take():
    rec = recorder(OPENING)
    steps(rec, {"discard": EMPTY}, {"A2": EMPTY}, {"A2": face("plain-01")})
    see(rec, discard=face("wolf-a"))
    assert new(rec, 3) == [Take("Ana", "B2", "wolf-a")]


HAND = "unknown"  # a hand over a pile: a card taken from it or put on it


def test_a_take_whose_old_card_is_like_the_card_beneath_is_told_by_the_hand_putting_it_down():
    # the discard pile: wolf-a on plain-01; Ben takes wolf-a into B2, whose face-down card
    # is another plain-01: the discard pile shows plain-01 before and after putting it down
    acts = [*OPENING, Draw("Ana", "wolf-a"), Discard("Ana"), Reveal("Ana", "B4", "wolf-b")]
    lift = ({"discard": HAND}, {"discard": face("plain-01")}, {"B2": EMPTY}, {"B2": face("wolf-a")})
    rec = recorder(acts)
    r = steps(rec, *lift)
    assert new(rec, 6) == [] and r.asks  # the old card may still be in Ben's hand
    r = steps(rec, {"discard": HAND}, {"discard": face("plain-01")})  # seen put down
    assert new(rec, 6) == [Take("Ben", "B2", "plain-01")] and r.asks == ()


def test_a_hand_over_both_piles_after_a_take_s_top_was_lifted_is_the_old_card_put_down():
    # rendered seed 135: the top seen lifted, the slot filled with it, then the arm putting
    # the old card (like the card beneath) down covered the draw pile too. The player on
    # turn took the top: the only card owed is the old one, on the discard pile.
    acts = [*OPENING, Draw("Ana", "wolf-a"), Discard("Ana"), Reveal("Ana", "B4", "wolf-b")]
    lift = ({"discard": HAND}, {"discard": face("plain-01")}, {"B2": EMPTY}, {"B2": face("wolf-a")})
    both = {"discard": HAND, "draw": HAND}
    rec = recorder(acts)
    r = steps(rec, *lift, both)
    assert new(rec, 6) == [] and r.submit == ()  # still under the hand
    r = steps(rec, {"discard": face("plain-01"), "draw": BACK})
    assert new(rec, 6) == [Take("Ben", "B2", "plain-01")] and r.asks == ()
    # the top not seen lifted: a draw of the other wolf-a, exchanged, looks the same
    rec = recorder(acts)
    r = steps(rec, {"B2": EMPTY}, {"B2": face("wolf-a")}, both,
              {"discard": face("plain-01"), "draw": BACK})  # fmt: skip
    assert new(rec, 6) == [] and r.asks
    # the hand over both piles before the layout changed tells no card put down
    rec = recorder(acts)
    r = steps(rec, {"discard": HAND}, {"discard": face("plain-01")}, both,
              {"discard": face("plain-01"), "draw": BACK}, {"B2": EMPTY},
              {"B2": face("wolf-a")})  # fmt: skip
    assert new(rec, 6) == [] and r.asks


def test_a_take_whose_card_beneath_was_read_unsure_is_told_by_the_hand_putting_it_down():
    # rendered seed 128: the card beneath the top (plain-01) was read unsure when the top
    # was lifted, then surely; the old card (another plain-01) was seen put down, read
    # unsure, then surely. The hand was not counted (the unsure card beneath cut the
    # discard pile's reading short) and the take was asked on the tablet.
    acts = [*OPENING, Draw("Ana", "wolf-a"), Discard("Ana"), Reveal("Ana", "B4", "wolf-b")]
    unsure = ({"discard": (FACE, None)},)  # read unsure: plain-01 or plain-07
    cands = {"discard": ("plain-01", "plain-07")}

    def look(rec, *changes):
        r = None
        for ch in changes:
            obs = tuple(SlotSeen(k, *((v, None) if isinstance(v, str) else v),
                                 candidates=cands.get(k, ()) if v == (FACE, None) else ())
                        for k, v in ch.items())  # fmt: skip
            r = rec.observe(CardsSeen(next(T), "hilo", obs))
        return r

    lift = ({"discard": HAND}, *unsure, {"discard": face("plain-01")}, {"B2": EMPTY},
            {"B2": face("wolf-a")})  # fmt: skip
    rec = recorder(acts)
    r = look(rec, *lift)
    assert new(rec, 6) == [] and r.asks  # the old card may still be in Ben's hand
    r = look(rec, {"discard": HAND}, *unsure, {"discard": face("plain-01")})  # put down
    assert new(rec, 6) == [Take("Ben", "B2", "plain-01")] and r.asks == ()
    # the twin: no hand seen at the discard pile after the layout changed: still asked
    rec = recorder(acts)
    r = look(rec, *lift, *unsure, {"discard": face("plain-01")})
    assert new(rec, 6) == [] and r.asks


def test_a_take_of_a_card_like_the_one_beneath_is_told_by_the_hand_lifting_it():
    # the discard pile: a wolf-keeper on a wolf-keeper (the deck has a third), no hand at
    # the draw pile: the hand over the discard pile before Ben's layout changed took its
    # top; it was no draw of the third wolf-keeper
    acts = [Upturn("wolf-keeper"), *OPENING[1:], Draw("Ana", "wolf-keeper"), Discard("Ana"),
            Reveal("Ana", "B4", "wolf-b")]  # fmt: skip
    rec = recorder(acts)
    r = steps(rec, {"discard": HAND}, {"discard": face("wolf-keeper")}, {"B3": EMPTY},
              {"B3": face("wolf-keeper")}, {"discard": HAND}, {"discard": face("dragon-a")})  # fmt: skip
    assert new(rec, 6) == [Take("Ben", "B3", "dragon-a")] and r.asks == ()
    # not seen lifted (the camera missed the hand): a draw looks the same, and is asked
    rec = recorder(acts)
    r = steps(rec, {"B3": EMPTY}, {"B3": face("wolf-keeper")}, {"discard": face("dragon-a")})
    assert new(rec, 6) == [] and len(r.asks) == 2


def test_a_hand_lifting_the_top_while_the_arm_covers_the_layout_is_no_card_put_down():
    # rendered seed 115 with twin evidence: the arm reaching for the discard pile covered
    # Ben's layout; the card beneath (plain-01) showed, read unsure, before every slot was
    # seen again, then was named surely over the frames. The hand was taken for the old
    # card put down, and the take recorded discarding plain-01 before it was put down.
    acts = [*OPENING, Draw("Ana", "wolf-a"), Discard("Ana"), Reveal("Ana", "B4", "wolf-b")]
    rec = recorder(acts)  # the discard pile: wolf-a on plain-01; Ben on turn
    assert seen_table(rec.state)["B1"] == (BACK, None)
    see(rec, discard=HAND, B1=HAND, B2=HAND)
    unsure = SlotSeen("discard", FACE, None, candidates=("plain-01", "plain-07"))
    rec.observe(CardsSeen(next(T), "hilo", (SlotSeen("B2", BACK, None), unsure)))
    r = steps(rec, {"B1": BACK}, {"discard": face("plain-01")}, {"B2": EMPTY},
              {"B2": face("wolf-a")})  # fmt: skip
    assert new(rec, 6) == [] and r.submit == ()  # the old card may still be in the hand
    r = steps(rec, {"discard": HAND}, {"discard": face("dragon-a")})  # seen put down
    assert new(rec, 6) == [Take("Ben", "B2", "dragon-a")] and r.asks == ()


def test_a_draw_exchanged_for_a_card_like_the_discard_top_is_told_by_the_hand_putting_it_down():
    rec = recorder(OPENING)  # the discard shows plain-01; Ana's B3 is another, face down
    r = steps(rec, {"draw": HAND}, {"draw": BACK}, {"A3": EMPTY}, {"A3": face("dragon-a")})
    assert new(rec, 3) == [] and r.asks  # or drew a plain-01, discarded it, turned B3 over
    steps(rec, {"discard": HAND}, {"discard": face("plain-01")})
    assert new(rec, 3) == [Draw("Ana", "dragon-a"), Exchange("Ana", "B3", "plain-01")]


def test_a_hand_over_both_piles_at_once_is_no_draw():
    # the arm reaching for the discard pile passes over the draw pile (the rendered demo's
    # frames show it about half the time): neither pile counts as touched
    rec = recorder(OPENING)
    both = {"discard": HAND, "draw": HAND}
    steps(rec, both, {"discard": EMPTY, "draw": BACK}, {"A2": EMPTY}, {"A2": face("plain-01")},
          both, {"discard": face("wolf-a"), "draw": BACK})  # fmt: skip
    assert new(rec, 3) == [Take("Ana", "B2", "wolf-a")]
    # a drawn card like the discard top, the hands seen only over both piles: asked
    rec = recorder(OPENING)
    r = steps(rec, both, {"discard": face("plain-01"), "draw": BACK}, {"A2": EMPTY},
              {"A2": face("plain-01")}, {"discard": face("wolf-a")})  # fmt: skip
    assert new(rec, 3) == [] and len(r.asks) == 2


def test_a_draw_discarded_like_the_discard_top_before_a_card_is_turned_is_still_asked():
    # the hand at the discard pile came before the layout changed: drew a plain-01,
    # discarded it, then turned B3 over; or drew dragon-a and still holds B3's old card
    rec = recorder(OPENING)
    r = steps(rec, {"draw": HAND}, {"draw": BACK}, {"discard": HAND},
              {"discard": face("plain-01")}, {"A3": face("dragon-a")})  # fmt: skip
    assert new(rec, 3) == [] and r.submit == ()
    assert {"type": "draw", "player": "Ana", "card": "plain-01"} in [
        a["records"][0] for a in r.asks
    ]


def test_after_an_undo_nothing_is_proposed_until_the_table_shows_the_record():
    rec = recorder(OPENING)
    steps(rec, {"discard": EMPTY}, {"A2": EMPTY}, {"A2": face("plain-01")},
          {"discard": face("wolf-a")})  # fmt: skip
    assert new(rec, 3) == [Take("Ana", "B2", "wolf-a")]
    rec.actions.pop()
    rec.state = replay([START, *rec.actions])
    r = rec.referee.undone(rec.state)
    assert r.submit == ()
    assert any("Undone: put a face-down card back on Ana's A2 (B2)" in w for w in r.warnings), r
    r = see(rec, A2=BACK)  # half put back: still nothing proposed
    assert r.submit == () and r.warnings
    r = see(rec, discard=face("plain-01"))
    assert r.warnings == () and new(rec, 3) == []
    steps(rec, {"discard": EMPTY}, {"A5": EMPTY}, {"A5": face("plain-01")},
          {"discard": face("wolf-a")})  # fmt: skip
    assert new(rec, 3) == [Take("Ana", "B5", "wolf-a")]


def test_the_reshuffled_discard_pile_must_go_face_down():
    rec = recorder(OPENING)
    state = rec.state
    from companion.games.hilo.state import evolve

    # as if the draw pile had run out and the engine turned the discard pile over
    known = list(state.pile_known)
    known[state.catalogue.index["plain-01"]] += 1
    rec.state = evolve(state, discard=(), pile_size=state.pile_size + 1, pile_known=tuple(known))
    r = rec.referee.after_change(rec.state)
    assert any("shuffle the discard pile" in w for w in r.warnings), r
    r = see(rec, discard=EMPTY)
    assert r.warnings == ()


def _deck_picker():
    cat = CATALOGUES[DEFAULT_CATALOGUE]
    left = Counter({c.id: c.count for c in cat.cards})
    plain = [c.id for c in cat.cards if c.kind == "plain"]

    def pick(card=None):
        if card is None:
            card = next(p for p in plain if left[p])
        assert left[card] > 0
        left[card] -= 1
        return card

    return pick


def end_of_game(pick) -> tuple[list, list[str]]:
    """Actions after which Ben owes the uncovering (Ana's layout face up), and Ben's
    face-down slots."""
    slots = ["T1", "T2", "T3", "T4", "T5", "T6", "B1", "B2", "B3", "B4", "B5", "B6"]
    acts = [Upturn(pick()), Reveal("Ana", "T1", pick()), Reveal("Ben", "T1", pick())]
    state = replay([START, *acts])
    for k in range(1, 12):  # Ana turns over one card a turn; Ben takes into his T1
        card = pick("magician") if slots[k] == "B6" else pick()  # the last: no spell
        acts += [Draw("Ana", pick()), Discard("Ana"), Reveal("Ana", slots[k], card)]
        state = replay([START, *acts])
        if state.phase != "turn":
            break
        acts.append(Take("Ben", "T1", state.layouts[1][0]))
    state = replay([START, *acts])
    assert state.phase == "uncover", state.phase
    return acts, [slots[i] for i in state.face_down(1)]


def test_the_end_everyone_uncovers_and_the_card_by_a_magician_is_remembered():
    pick = _deck_picker()
    slots = ["T1", "T2", "T3", "T4", "T5", "T6", "B1", "B2", "B3", "B4", "B5", "B6"]
    acts, down = end_of_game(pick)
    rec = recorder(acts)
    cards = {s: pick("magician" if s == "B3" else None) for s in down}
    # Ben shows B3 (a Magician), then T3 (above it), turns T3 face down, then the rest
    see(rec, B3=face(cards["B3"]))
    see(rec, B9=face(cards["T3"]))
    see(rec, B9=BACK)
    for s in down:
        if s not in ("B3", "T3"):
            see(rec, **{camera_slot(1, slots.index(s)): face(cards[s])})
    assert rec.actions[-1] == Uncover("Ben", tuple((s, cards[s]) for s in down))
    assert rec.state.finished
    from companion.tables.hilo.view import view

    v = view([rec.state], [START])
    ben = v["players"][1]
    assert "T3" in ben["ignored"] and "T6" in v["players"][0]["ignored"]
    assert [c["ignored"] for c in ben["cells"] if c["slot"] == "T3"] == [True]
    assert ben["final"] == rec.state.scores[1]


def test_every_proposed_record_is_one_the_engine_accepts():
    rec = recorder(OPENING)
    steps(rec, {"A8": face("plain-07")}, {"A8": BACK}, {"discard": face("plain-01")})
    assert rec.refused == []
    assert apply(start_game(START), OPENING[0]).top == "plain-01"


def test_a_face_the_camera_cannot_name_is_entered_on_the_tablet_then_followed():
    rec = recorder(OPENING)
    steps(rec, {"discard": EMPTY}, {"A2": EMPTY}, {"A2": (FACE, None)})
    r = see(rec, discard=(FACE, None))  # neither card named: a label-only camera
    assert new(rec, 3) == []
    assert any("cannot tell which: enter the turn on the tablet" in w for w in r.warnings), r
    rec.submit({"type": "take", "player": "Ana", "slot": "B2", "discards": "wolf-a"})
    r = rec.last
    assert r.warnings == () and r.submit == ()
    # Ben's turn goes on from the camera: the named faces need only be seen as faces
    steps(rec, {"draw": "unknown"}, {"draw": BACK}, {"B3": EMPTY}, {"B3": face("dragon-a")},
          {"discard": face("unicorn-a")})  # fmt: skip
    assert new(rec, 4) == [Draw("Ben", "dragon-a"), Exchange("Ben", "B3", "unicorn-a")]


def test_an_unnamed_face_where_a_named_card_lay_is_not_taken_for_it():
    rec = recorder(OPENING)  # Ana's T1 (A7) is plain-02, named by the camera
    steps(rec, {"discard": EMPTY}, {"A7": EMPTY}, {"A7": (FACE, None)},
          {"discard": face("plain-02")})  # fmt: skip
    assert new(rec, 3) == []  # the new card in T1 is not named: nothing recorded
