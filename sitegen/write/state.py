"""What an incremental build finds in the output folder and in the spare folder beside it.

Looking means reading the output's manifest, then a ``stat`` of every file in both folders
(some 10,000 each): about a tenth of a second per folder, mostly spent in the kernel. When the
manifest's input fingerprint matches, the site may be up to date, and the output is looked at
at once. Otherwise the build has work to do anyway, and the looking is left to a forked process
while this one imports the templates, reads the content and computes the model; the build waits
for it only when it decides which files to carry over. (On a thread, its Python loop over the
files would fight the model for the interpreter's lock.)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from . import atomic, manifest as mf


@dataclass(frozen=True)
class Found:
    intact: frozenset[str]        # the output's files exactly as its manifest records them
    spare: atomic.Spare | None    # the spare folder, if one can be brought up to date


def look(out: Path, current: mf.Manifest) -> Found:
    """Survey the output ``out`` (whose manifest is ``current``) and its spare."""
    _, intact = mf.scan_folder(out, current)
    return Found(frozenset(intact), atomic.survey_spare(out, current))


class OutputState:
    """The output folder ``out`` as found before a build from inputs fingerprinted
    ``inputs_total``. ``manifest`` is None when there is no output (or no readable manifest)
    to build on; ``up_to_date`` says nothing needs doing."""

    def __init__(self, out: Path, inputs_total: str):
        # Held from the first look until the build ends (:meth:`close`): what is seen here must
        # still be there when the build uses it.
        self.lock = atomic.OutputLock(out).acquire()
        self.manifest = mf.load(out)
        self.up_to_date = False
        self._found: Found | None = None
        self._pending: Background | None = None
        if self.manifest is None:
            return
        if self.manifest.inputs == inputs_total:
            present, intact = mf.scan_folder(out, self.manifest)
            self.up_to_date = present == intact == self.manifest.files.keys()
            if self.up_to_date:
                self.lock.release()          # nothing will be written
            else:          # inputs unchanged but files touched by hand
                self._found = Found(frozenset(intact), atomic.survey_spare(out, self.manifest))
        else:
            self._pending = Background(look, out, self.manifest)

    def found(self) -> Found | None:
        """What the output and its spare hold (waiting for the look if it is still going on)."""
        if self._pending is not None:
            self._found = self._pending.result()
            self._pending = None
        return self._found

    def close(self) -> None:
        """Stop looking (when the build has failed before it needed to know) and let the next
        build have the output."""
        if self._pending is not None:
            self._pending.close()
            self._pending = None
        self.lock.release()


class Background:
    """``fn(*args)`` computed in a forked process (which inherits the arguments, unpickled);
    its result is pickled back."""

    def __init__(self, fn: Callable[..., Any], *args: Any):
        import multiprocessing     # here: a build with nothing to do never loads it

        ctx = multiprocessing.get_context("fork")
        self._conn, send = ctx.Pipe(duplex=False)
        self._proc = ctx.Process(target=_send_result, args=(send, fn, args), daemon=True)
        self._proc.start()
        send.close()

    def result(self) -> Any:
        try:
            ok, value = self._conn.recv()
        except EOFError:
            raise RuntimeError(f"a background process ended with code {self._proc.exitcode} "
                               "and no result") from None
        finally:
            self.close()
        if not ok:
            raise value
        return value

    def close(self) -> None:
        if self._proc.is_alive():
            self._proc.terminate()
        self._proc.join()
        self._conn.close()


def _send_result(conn, fn: Callable[..., Any], args: tuple) -> None:
    try:
        result = (True, fn(*args))
    except BaseException as e:               # handed back, raised in the process that asked
        result = (False, e)
    conn.send(result)
