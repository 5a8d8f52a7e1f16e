"""Problems found in the content: each names the file, the line, the offending text and a fix.

Every phase collects all of its problems before it stops, so one run lists everything that is
wrong, not just the first thing.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int | None
    message: str
    hint: str | None = None

    def format(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        text = f"{where}: {self.message}"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text


class BuildError(Exception):
    """The content (or the build) has problems; nothing was written."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]):
        self.problems = tuple(sorted(set(problems), key=_order))
        super().__init__(self.report())

    def report(self) -> str:
        n = len(self.problems)
        head = f"{n} problem{'s' if n != 1 else ''} found; nothing was written."
        return head + "\n" + "\n".join(p.format() for p in self.problems)


def _order(p: Problem) -> tuple:
    return (p.file, p.line if p.line is not None else -1, p.message)


class Problems:
    """A collector: phases add to it and call :meth:`raise_if_any` at their end."""

    def __init__(self) -> None:
        self.items: list[Problem] = []
        # Files (relative paths) of which something could not be loaded at all: later phases
        # whose checks join on them would only report the consequences, so they do not run.
        self.lost: set[str] = set()

    def add(self, file: str, line: int | None, message: str, hint: str | None = None) -> None:
        self.items.append(Problem(file, line, message, hint))

    def extend(self, problems) -> None:
        self.items.extend(problems)

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise BuildError(self.items)
