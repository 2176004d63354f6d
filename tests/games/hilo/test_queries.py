"""What the queries tell a referee and a dashboard: who is awaited, what is allowed,
and which cards the table may show next."""

from __future__ import annotations

from companion.games.hilo import Discard, Draw, Spell, Take, awaiting, whose_turn
from companion.games.hilo import queries as q
from companion.games.hilo.moves import legal_actions, legal_decisions

from .script import WIDE, Game, setup


def test_the_upturn_is_awaited_from_the_table_not_from_a_player():
    aw = awaiting(Game().state)
    assert (aw.player, aw.action, aw.types) == (None, "upturn", ("upturn",))
    assert whose_turn(Game().state) is None


def test_a_turn_offers_a_take_onto_each_of_the_twelve_slots_and_a_draw():
    g = setup()
    aw = awaiting(g.state)
    assert (aw.player, aw.action, aw.types) == ("Ana", "turn", ("take", "draw"))
    decisions = legal_decisions(g.state)
    assert sum(isinstance(d, Take) for d in decisions) == 12
    assert Draw("Ana", None) in decisions and whose_turn(g.state) == "Ana"
    # a face-up slot needs no card data; a face-down one is filled with what may lie there
    assert Take("Ana", "T1", "star") in decisions and Take("Ana", "T2", None) in decisions


def test_after_a_draw_the_choice_is_an_exchange_or_the_discard():
    g = setup().do("Ana draw dragon")
    assert awaiting(g.state).types == ("exchange", "discard")
    assert Discard("Ana") in legal_decisions(g.state)


def test_the_spell_options_leave_out_every_face_up_magician():
    g = setup(catalogue=WIDE).do("Ana draw mage", "Ana exchange T4 r")
    options = q.spell_options(g.state)
    assert options and all(mine != 3 for mine, _, _ in options)
    assert len(options) == 11 * 12
    assert Spell("Ana", "T1", "Ben", "B6") in legal_decisions(g.state)


def test_the_cards_a_face_down_spot_may_show_are_those_not_yet_seen():
    g = Game().do("upturn wk")  # the only Wolf Keeper is on the discard pile
    assert "wk" not in q.possible_from_layout(g.state)
    assert "wk" not in q.possible_from_pile(g.state)
    assert "wolf" in q.possible_from_layout(g.state)


def test_after_a_reshuffle_the_draw_pile_may_show_only_the_discarded_cards():
    g = setup()
    g.do("Ana draw dragon", "Ana exchange B1 wolf", "Ben draw dragon", "Ben exchange B1 l")
    g.do("Ana draw r", "Ana exchange B2 b", "Ben draw l", "Ben exchange B2 t")
    g.do("Ana draw dk", "Ana exchange B3 phoenix")
    assert sorted(q.possible_from_pile(g.state)) == ["b", "blank", "l", "phoenix", "t", "wolf"]


def test_every_legal_action_carries_the_card_data_apply_needs():
    g = setup()
    actions = legal_actions(g.state)
    assert all(getattr(a, "discards", "x") is not None for a in actions if isinstance(a, Take))
    assert all(a.card is not None for a in actions if isinstance(a, Draw))


def test_scores_are_given_for_every_player_at_any_time():
    g = setup()
    assert q.scores_now(g.state) == (1, 1)
