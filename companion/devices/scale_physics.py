"""The Hinkel & Stein scale as a rigid body: a beam rocking on a wedge, ends landing on pads.

State: the tilt ``theta`` (radians, positive = right side down) and its rate ``omega``
(rad/s) about the pivot ``pivot_x_mm`` (the notch the beam sits in). Loads are point
masses (grams at ``x_mm``); the beam itself is a uniform bar. Each beam end hangs
``gap_mm`` above its pad when level; a pad pushes back as a stiff spring with damping
(so the beam hits, bounces and settles), a hand can press on the beam, and the beam can
be lifted off the wedge (moving it to another notch). Forces are in gram-force (gf, what
a load cell calibrated in grams reads); integration is semi-implicit Euler, 1 ms steps.

    I·α/g = τ + F_hand·(x_hand − p) − R·(x_right − p) + L·(p − x_left) − b·ω
    wedge = M + F_hand − R − L − α·τ/g        (vertical balance with the beam's inertia)

with τ = Σ m·(x − p) (g·mm), I = Σ m·(x − p)² (g·mm²) and g = 9810 mm/s².
"""

from __future__ import annotations

from ..profile import ScaleProfile

G_MM_S2 = 9810.0


class BeamPhysics:
    """The beam's motion and the forces on the three cells (``forces()``, gf)."""

    def __init__(
        self,
        profile: ScaleProfile,
        *,
        notch: str = "middle",
        gap_mm: float = 12.0,
        pad_stiffness_gf_mm: float = 300.0,
        pad_damping_gf_s_mm: float = 1.5,
        pivot_damping_gf_mm_s: float = 400.0,
    ) -> None:
        self.profile = profile
        self.pivot_x_mm = profile.notch_x_mm[notch]
        self.x_left, self.x_right = profile.pad_left_x_mm, profile.pad_right_x_mm
        self.gap_mm, self.k, self.c = gap_mm, pad_stiffness_gf_mm, pad_damping_gf_s_mm
        self.b = pivot_damping_gf_mm_s
        self.loads: dict[str, tuple[float, float]] = {}  # name -> (mass_g, x_mm)
        self.hand_gf = 0.0
        self.hand_x_mm = 0.0
        self.lifted = False
        self.theta = 0.0
        self.omega = 0.0
        self.alpha = 0.0
        self._dirty = True
        self._m = self._tau = self._inertia = 0.0
        self.wedge_gf = self.left_gf = self.right_gf = 0.0

    # -- what is on the beam --------------------------------------------------------

    def put(self, name: str, mass_g: float, x_mm: float) -> None:
        """Place (or move) the load ``name``: ``mass_g`` grams at ``x_mm``."""
        self.loads[name] = (mass_g, x_mm)
        self._dirty = True

    def take(self, name: str) -> tuple[float, float]:
        """Take the load ``name`` off; returns its (mass_g, x_mm)."""
        self._dirty = True
        return self.loads.pop(name)

    def set_notch(self, notch: str) -> None:
        self.pivot_x_mm = self.profile.notch_x_mm[notch]
        self._dirty = True

    def _mass_properties(self) -> None:
        prof, p = self.profile, self.pivot_x_mm
        mb, xb, length = prof.beam_mass_g, prof.beam_centre_x_mm, prof.beam_length_mm
        m, tau = mb, mb * (xb - p)
        inertia = mb * length * length / 12 + mb * (xb - p) ** 2
        for mass, x in self.loads.values():
            m += mass
            tau += mass * (x - p)
            inertia += mass * (x - p) ** 2
        self._m, self._tau, self._inertia = m, tau, inertia
        self._dirty = False

    @property
    def total_g(self) -> float:
        if self._dirty:
            self._mass_properties()
        return self._m

    @property
    def torque_gmm(self) -> float:
        """Net torque of the masses about the pivot (g·mm; positive: right side down)."""
        if self._dirty:
            self._mass_properties()
        return self._tau

    # -- motion ------------------------------------------------------------------------

    def rest_on(self, side: str) -> None:
        """Put the beam at rest on the ``left`` or ``right`` pad (static deflection)."""
        self.theta_at_rest(side)
        self.omega = 0.0

    def theta_at_rest(self, side: str) -> None:
        p = self.pivot_x_mm
        arm = (self.x_right - p) if side == "right" else (p - self.x_left)
        load = max(0.0, abs(self.torque_gmm) / arm)
        drop = self.gap_mm + load / self.k
        self.theta = drop / arm if side == "right" else -drop / arm

    def step(self, dt: float) -> None:
        """Advance ``dt`` seconds and update the cell forces (gf)."""
        if self._dirty:
            self._mass_properties()
        if self.lifted:
            self.theta = self.omega = self.alpha = 0.0
            self.wedge_gf = self.left_gf = self.right_gf = 0.0
            return
        p, th, om = self.pivot_x_mm, self.theta, self.omega
        arm_r, arm_l = self.x_right - p, p - self.x_left
        k, c = self.k, self.c
        right = k * (th * arm_r - self.gap_mm) + c * om * arm_r
        right = right if th * arm_r > self.gap_mm and right > 0.0 else 0.0
        left = k * (-th * arm_l - self.gap_mm) - c * om * arm_l
        left = left if -th * arm_l > self.gap_mm and left > 0.0 else 0.0
        hand = self.hand_gf
        moment = (
            self._tau + hand * (self.hand_x_mm - p) - right * arm_r + left * arm_l - self.b * om
        )
        alpha = G_MM_S2 * moment / self._inertia
        self.omega = om + alpha * dt
        self.theta = th + self.omega * dt
        self.alpha = alpha
        self.right_gf, self.left_gf = right, left
        self.wedge_gf = self._m + hand - right - left - alpha * self._tau / G_MM_S2

    def moving(self) -> bool:
        """Whether the beam is still moving enough to change a cell's reading by ~0.5 g."""
        return self.lifted or self.hand_gf > 0.0 or abs(self.omega) > 1e-3
