"""Progress of repeated runs, on stderr.

On a terminal it is one line redrawn in place (a bar, the count, the time per
run), at most ten times a second so drawing never costs more than the runs.
Anywhere else (a pipe, a log file) carriage returns would garble the file,
so it prints a plain status line each time another tenth of the runs is done:
the count is what decides, never the clock, so the lines are the same from
one run to the next.
"""

from __future__ import annotations

import sys
import time
from typing import IO

_BAR_WIDTH = 30
_REDRAW_SECONDS = 0.1
_STATUS_LINES = 10


def _seconds_text(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


class Progress:
    """Reports `done` of `total` runs; `update()` after each, `finish()` at the
    end (which also prints the total time and time per run)."""

    def __init__(self, total: int, label: str = "run", stream: IO[str] | None = None,
                 tty: bool | None = None):
        self.total = total
        self.label = label
        self.stream: IO[str] = sys.stderr if stream is None else stream
        if tty is None:
            isatty = getattr(self.stream, "isatty", None)
            tty = bool(isatty and isatty())
        self.tty = tty
        self.done: int = 0
        self._start = time.perf_counter()
        self._last_draw = 0.0
        self._next_status = 1

    def _elapsed(self) -> float:
        return time.perf_counter() - self._start

    def _per_run(self) -> str:
        return _seconds_text(self._elapsed() / self.done) if self.done else "-"

    def update(self, done: int | None = None) -> None:
        """Counts one more run (or sets the count to `done`) and redraws or prints
        the status line when due.
        """
        self.done = self.done + 1 if done is None else done
        if self.tty:
            now = time.perf_counter()
            if self.done == self.total or now - self._last_draw >= _REDRAW_SECONDS:
                self._last_draw = now
                self._draw()
            return
        # A status line each time done reaches another tenth of total (one
        # line, however many tenths a single run completes).
        tenths = min(_STATUS_LINES, self.done * _STATUS_LINES // self.total)
        if tenths >= self._next_status:
            self._next_status = tenths + 1
            percent = 100 * self.done // self.total
            self.stream.write(f"{self.label} {self.done}/{self.total} ({percent}%), "
                              f"{self._per_run()}/run\n")
            self.stream.flush()

    def _draw(self) -> None:
        filled = _BAR_WIDTH * self.done // self.total
        bar = "#" * filled + "-" * (_BAR_WIDTH - filled)
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total} "
                          f"{self._per_run()}/run")
        self.stream.flush()

    def finish(self) -> None:
        """Ends the display with the total time and the time per run."""
        if self.tty:
            self._draw()
            self.stream.write("\n")
        elapsed = self._elapsed()
        self.stream.write(f"{self.done} runs in {_seconds_text(elapsed)} "
                          f"({self._per_run()}/run)\n")
        self.stream.flush()
