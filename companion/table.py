"""The table's sensing loop for ``companion run``: load cells -> sensing -> referee.

One thread reads the load cells (real HX711s, or the simulation when configured or when
the real ones are unavailable: announced on the dashboard), runs the samples through the
scale's sensing pipeline and hands every observation to the referee. A failing device
is announced and retried; the game goes on by manual entry meanwhile, never stops.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from .devices.load_cells import LoadCells, open_load_cells
from .errors import DeviceError
from .i18n.message import msg, reason_of
from .i18n.sensed import sensed
from .profile import ScaleProfile
from .referee.service import GameService
from .sensing.observations import ScaleNoise
from .sensing.scale import ScaleSensor

log = logging.getLogger("companion.table")


class ScaleLoop:
    """Reads ``cells`` on its own thread and feeds the referee; ``alive`` for a watchdog."""

    def __init__(
        self,
        service: GameService,
        cells: LoadCells,
        profile: ScaleProfile,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.service = service
        self.cells = cells
        self.sensor = ScaleSensor(profile)
        self.clock = clock
        self.last_read = float("-inf")  # no successful read yet
        self.last_turn = float("-inf")  # the loop last came round (read or failed)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="scale-sensing", daemon=True)
        self._notch: str | None = None  # set from any thread, applied on the sensing thread
        service.on_notch = self._request_notch
        state = service.game_state
        if state is not None and hasattr(state, "round"):
            self.sensor.set_notch(state.round.notch)

    def _request_notch(self, notch: str) -> None:
        if threading.current_thread() is self._thread:
            self.sensor.set_notch(notch)  # the referee recorded it from our own observation
        else:
            self._notch = notch  # from the tablet: applied on the sensing thread

    def start(self) -> ScaleLoop:
        self._thread.start()
        return self

    @property
    def alive(self) -> bool:
        """The thread runs and its last successful read is under 5 s old."""
        return self._thread.is_alive() and self.clock() - self.last_read < 5.0

    @property
    def responsive(self) -> bool:
        """The thread runs and came round its loop in the last 5 s, reading or not: what
        the systemd watchdog checks. An unplugged HX711 is a fault on the dashboard (the
        game goes on by manual entry), not a reason to restart; a hung thread is."""
        return self._thread.is_alive() and self.clock() - self.last_turn < 5.0

    def _run(self) -> None:
        failing = False
        working = "simulated" if getattr(self.cells, "simulated", False) else "ok"
        kind = msg("the simulated scale") if working == "simulated" else msg("HX711s")
        self.service.device_status(
            "load cells",
            working,
            msg("{kind} at {rate} samples/s", kind=kind, rate=self.cells.rate_sps),
        )
        while not self._stop.is_set():
            self.last_turn = self.clock()
            try:
                samples = self.cells.read(timeout_s=0.5)
            except DeviceError as e:
                if not failing:
                    why = reason_of(e)
                    self.service.announce(
                        msg("load cells: {reason}; enter placements on the tablet", reason=why)
                    )
                    self.service.device_status("load cells", "fault", why)
                    failing = True
                self._stop.wait(1.0)
                continue
            if failing:
                again = msg("{kind}: reading again", kind=kind)
                self.service.device_status("load cells", working, again)
            failing = False
            self.last_read = self.clock()
            notch, self._notch = self._notch, None
            if notch is not None:
                self.sensor.set_notch(notch)
            for sample in samples:
                for obs in self.sensor.feed(sample):
                    self._observe(obs, working, kind)
            now = samples[-1].t_mono if samples else self.clock()
            for obs in self.sensor.tick(now):  # silence on a channel becomes a fault
                self._observe(obs, working, kind)
            self.service.tick(now)

    def _observe(self, obs, working: str, kind: str) -> None:
        """Hand ``obs`` to the referee; the scale's noise verdict also goes to the device
        status, so that it shows even with no game running."""
        if isinstance(obs, ScaleNoise):
            if obs.problem:
                self.service.device_status("load cells", "fault", sensed(obs.problem))
            else:
                detail = msg(
                    "{kind}: noise {noise:.1f} g on the sum, tells {apart:.0f} g apart",
                    kind=kind,
                    noise=obs.total_noise_g,
                    apart=obs.resolution_g,
                )
                self.service.device_status("load cells", working, detail)
        self.service.observe(obs)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self.cells.close()


def open_scale(
    service: GameService,
    profile: ScaleProfile,
    *,
    requested: str,
    tap: Callable[[ScaleLoop], None] | None = None,
) -> ScaleLoop:
    """Open the load cells as requested (real, simulated or auto) and start the loop;
    ``tap`` sees the loop before it starts (the black box records its sensor)."""
    cells = open_load_cells(profile, requested=requested, announce=service.announce, realtime=True)
    if getattr(cells, "simulated", False):
        log.warning("the scale is SIMULATED: nobody can place stones on it")
    loop = ScaleLoop(service, cells, profile)
    if tap is not None:
        tap(loop)
    return loop.start()


class CameraView:
    """Frames of the camera -> ``CellsChanged``/``BoardLost`` observations for one layout
    (by default Hinkel & Stein's: the four spaces, the fate zone, the pot; Stein im
    Brett's: the 36 fields of the board)."""

    def __init__(self, layout: str = "hinkel-stein", *, colours=None) -> None:
        from .sensing.vision.calibrate import load_model
        from .sensing.vision.changes import ChangeTracker
        from .sensing.vision.layout import load_layout
        from .sensing.vision.reader import BoardReader

        self.layout = load_layout(layout)
        model = load_model(colours, self.layout) if colours else None
        self.colours_from = "the layout's printed colours" if model is None else str(colours)
        self.reader = BoardReader(self.layout, model, stream=True)
        self.tracker = ChangeTracker(self.layout)

    def feed(self, image, t_mono: float):
        """One frame (BGR), taken at ``t_mono`` s: the observation it makes certain, or None."""
        return self.tracker.update(self.reader.read(image), t_mono)


class CameraLoop:
    """Reads the camera on its own thread (``interval_s`` apart) and feeds the referee,
    through the vision layout of the game under way (``service.camera_layout``; Hinkel
    & Stein's while no game with a camera referee is under way)."""

    def __init__(
        self,
        service: GameService,
        source,
        *,
        interval_s: float = 0.2,
        colours=None,
        decks: Mapping[str, object] | None = None,
        layouts: Mapping[str, Path] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.service = service
        self.source = source
        self.colours = colours
        #: registered card decks by game id (``companion run --deck``), for the games
        #: whose own camera pipeline reads cards
        self.decks = dict(decks or {})
        #: the table's own layout files by the shipped layout each replaces
        #: (``companion run --layout``)
        self.layouts = dict(layouts or {})
        self._views: dict[str, CameraView] = {}
        #: (game id, the game's own pipeline or None for the shared cell reader)
        self._own: tuple[str, object | None] | None = None
        self.interval_s = interval_s
        self.clock = clock
        self.last_frame = float("-inf")
        self.last_turn = float("-inf")  # the loop last came round (a frame or none)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="camera", daemon=True)

    @property
    def view(self):
        """The reading pipeline for the game under way: the game's own
        (``companion.tables.Table.camera``: blocks and the die, cards of a registered deck)
        made anew for each game, else the shared cell reader of its layout (one per
        layout, kept: switching games back and forth costs nothing; a new one starts from
        an unseen board). Each has ``layout``, ``colours_from`` and ``feed(image, t_mono)``."""
        own = self._own_pipeline()
        if own is not None:
            return own
        layout = self.service.camera_layout or "hinkel-stein"
        view = self._views.get(layout)
        if view is None:
            from .vision_cli import default_colour_profile

            colours = self.colours or default_colour_profile(layout)
            view = self._views[layout] = CameraView(
                self.layouts.get(layout, layout), colours=colours
            )
            view.colours_from = (
                f"colours from {Path(colours).name}"
                if colours
                else f"printed colours (calibrate: companion calibrate colours --layout {layout})"
            )
        return view

    def start(self) -> CameraLoop:
        self._thread.start()
        return self

    @property
    def alive(self) -> bool:
        """The thread runs and its last frame is under 5 s old."""
        return self._thread.is_alive() and self.clock() - self.last_frame < 5.0

    @property
    def responsive(self) -> bool:
        """The thread runs and came round its loop in the last 5 s (see ``ScaleLoop``)."""
        return self._thread.is_alive() and self.clock() - self.last_turn < 5.0

    def _run(self) -> None:
        failing = False
        while not self._stop.is_set():
            self.last_turn = self.clock()
            try:
                frame = self.source.read()
            except DeviceError as e:
                frame, why = None, reason_of(e)
            else:
                why = msg("the camera gave no frame")
            if frame is None:
                if not failing:
                    self.service.device_status("camera", "fault", why)
                    failing = True
                self._stop.wait(1.0)
                continue
            view = self.view
            self.service.device_status(
                "camera", "ok", f"reading {view.layout.title}; {view.colours_from}"
            )
            failing = False
            now = self.last_frame = self.clock()
            self._observe(view.feed(frame.image, now))
            self.service.tick(now)
            self._stop.wait(self.interval_s)

    def feed(self, image, t_mono: float) -> list:
        """One frame (BGR) taken at ``t_mono`` s through the game's pipeline; what it made
        certain goes to the referee, and is returned (a list, often empty)."""
        return self._observe(self.view.feed(image, t_mono))

    def _observe(self, obs) -> list:
        """Hand a pipeline's output (an observation, a list of them, or None) to the
        referee; return them as a list."""
        seen = obs if isinstance(obs, list) else [] if obs is None else [obs]
        for o in seen:
            self.service.observe(o)
        return seen

    def _own_pipeline(self):
        """The game's own camera pipeline (None: the shared cell reader), made once a game."""
        from .tables import own_camera

        self._own = own_camera(self._own, self.service.camera_game(), self.decks, self.layouts)
        return None if self._own is None else self._own[1]

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(5)
        if self.source is not None:
            self.source.close()


def open_camera_loop(
    service: GameService,
    *,
    requested: str,
    tap: Callable[[object], None] | None = None,
    decks: Mapping[str, object] | None = None,
    layouts: Mapping[str, Path] | None = None,
) -> CameraLoop | None:
    """The real camera over the scale, if there is one. A simulated camera would see an
    empty table, so where there is none the referee goes on without it (announced).
    ``tap`` sees the frame source before the loop starts (the black box keeps frames)."""
    from .devices.backends import SIMULATED
    from .devices.frames import open_camera
    from .errors import DeviceUnavailable

    if requested == SIMULATED:
        service.device_status("camera", "off", msg("simulated table: no camera"))
        return None
    try:
        source = open_camera(requested="real", simulated=lambda: None)
    except DeviceUnavailable as e:
        if requested == "real":
            raise
        service.announce(
            msg(
                "camera: {reason}; Hinkel & Stein goes on by the scale, Stein im Brett by"
                " entering each turn on the tablet",
                reason=reason_of(e),
            )
        )
        service.device_status("camera", "off", reason_of(e))
        return None
    if tap is not None:
        tap(source)
    return CameraLoop(service, source, decks=decks, layouts=layouts).start()
