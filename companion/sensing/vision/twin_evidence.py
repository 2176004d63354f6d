"""Naming a twin surely from several frames of it lying still (a camera stream).

One frame of a card whose twins differ only in a small number (HiLo's plain cards seen
at about 1 px/mm) often leads the runner-up by less than a sure margin: the card is
named with its candidates, unsure. The card lies still for many frames, each with fresh
sensor noise. ``TwinEvidence`` gathers one slot's frames while its crop is unchanged
(``card_reader.py`` reads such a slot again each frame, at most ``MAX_FRAMES`` times)
and names the card surely when the frames agree:

- every frame names the same design, and the card's twin group surely (the whole-card
  comparison's own confidence at least ``CONFIDENT``);
- every frame's lead over the runner-up (``lead``: the frame's twin confidence before
  it is clipped, 1 = a sure margin in one frame) is at least ``LEAST_LEAD``: a steady
  lead that small is the print, one below it may be how the card happens to lie;
- the leads add up to ``SURE_SUM`` (one sure frame's worth), over ``MIN_FRAMES`` frames
  at least.

A card that changes, a hand over it, another group or another design in one frame:
the evidence starts afresh (the caller drops it). Pure: arrays in, a decision out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Frames (the first reading included) a still card is judged on at least ...
MIN_FRAMES = 3
#: ... and at most (then it is read no more until it changes).
MAX_FRAMES = 8
#: Every frame's lead (twin confidence, unclipped: 1 = sure in one frame) at least this.
LEAST_LEAD = 0.25
#: The frames' leads together at least this.
SURE_SUM = 1.0
#: The whole-card comparison's confidence that the card is of this twin group.
CONFIDENT = 0.9


@dataclass(frozen=True, slots=True)
class TwinLook:
    """One frame's word on a twin: ``design`` (the deck's index of the design named),
    ``group`` (the indices of its twin group), ``lead`` (its twin confidence before
    clipping: the lead over the runner-up in units of a sure margin), ``group_conf``
    (how sure the whole-card comparison is of the group, 0..1)."""

    design: int
    group: tuple[int, ...]
    lead: float
    group_conf: float


@dataclass
class TwinEvidence:
    """One still slot's frames of an unsure twin (see the module doc)."""

    looks: list[TwinLook] = field(default_factory=list)

    @property
    def frames(self) -> int:
        return len(self.looks)

    @property
    def done(self) -> bool:
        """Whether the slot needs reading no more (enough frames gathered)."""
        return len(self.looks) >= MAX_FRAMES

    def add(self, look: TwinLook | None) -> bool:
        """Add one frame's look; False (and nothing kept) when it disagrees with the
        frames before: no twin look, another group or another design."""
        if look is None:
            return False
        if self.looks:
            first = self.looks[0]
            if look.group != first.group or look.design != first.design:
                return False
        self.looks.append(look)
        return True

    def sure_design(self) -> int | None:
        """The design the frames name surely, or None (see the module doc)."""
        if len(self.looks) < MIN_FRAMES:
            return None
        if any(k.group_conf < CONFIDENT or k.lead < LEAST_LEAD for k in self.looks):
            return None
        if sum(k.lead for k in self.looks) < SURE_SUM:
            return None
        return self.looks[0].design
