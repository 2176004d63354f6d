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
  at least;
- and where the camera sees the card coarsely (``coarse``: below the reader's
  ``FRAME_BELOW_PX_PER_MM``, 0.9 px/mm), their mean is at least ``COARSE_MEAN_LEAD``.

Why a mean there: the frames of a still card share its pose, lamp and blur; only the
sensor noise is fresh. Where the twins' difference is near what the sensor resolves (a
Heuchel & Meuchel value's strokes repeat every 3.2 mm, 2.6 px or less at 0.8 px/mm),
how the card lies on the pixels sets part of the lead, and that part comes back in
every frame: more frames steady it but make it no surer. Adding up such leads named
three twins surely and wrong in the bench's stream over 500 layouts (seed 10189: B5
read B6, leads 0.30, 0.35, 0.25, 0.45). Measured on the bench's layouts, seeds
10100-10219 and 10379, 10385, every face read in each of 5 frames (docs/cards.md,
"Known limits"): a frame led a wrong twin by ``LEAST_LEAD`` or more only where the card
was seen coarser than 0.9 px/mm (by up to 0.79 there; finer, by at most 0.15); and
frames that named the same wrong twin from the first led it by a mean of at most 0.40
(25 such cards), while 396 of 666 right ones seen coarsely led by 0.5 or more.

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
#: Where the card is seen coarsely (``TwinLook.coarse``), the frames' mean lead at least
#: this: above the steady wrong leads measured there (a mean of at most 0.40; see above).
COARSE_MEAN_LEAD = 0.5
#: The whole-card comparison's confidence that the card is of this twin group.
CONFIDENT = 0.9


@dataclass(frozen=True, slots=True)
class TwinLook:
    """One frame's word on a twin: ``design`` (the deck's index of the design named),
    ``group`` (the indices of its twin group), ``lead`` (its twin confidence before
    clipping: the lead over the runner-up in units of a sure margin), ``group_conf``
    (how sure the whole-card comparison is of the group, 0..1), ``coarse`` (the camera
    sees the card more coarsely than the reader's ``FRAME_BELOW_PX_PER_MM``: the twins'
    difference near what its pixels resolve)."""

    design: int
    group: tuple[int, ...]
    lead: float
    group_conf: float
    coarse: bool = False


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
        total = sum(k.lead for k in self.looks)
        if total < SURE_SUM:
            return None
        if any(k.coarse for k in self.looks) and total < COARSE_MEAN_LEAD * len(self.looks):
            return None  # a steady lead from how the card lies: frames do not add it up
        return self.looks[0].design
