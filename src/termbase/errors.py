"""The one exception hierarchy: every error a user can cause says what, where and what to do."""

from __future__ import annotations


class TermbaseError(Exception):
    """Base of every error termbase raises on purpose."""


class InputError(TermbaseError):
    """A problem with something the user gave us: a file, an option, a query.

    `str(error)` reads as one line: `path:line: message (hint)`.
    """

    def __init__(self, message: str, *, path: str = "", line: int = 0, hint: str = "") -> None:
        self.message = message
        self.path = path
        self.line = line
        self.hint = hint
        super().__init__(self.describe())

    def describe(self) -> str:
        """Return the one-line description: where, what, and what to do."""
        where = self.path + (f":{self.line}" if self.line else "")
        text = f"{where}: {self.message}" if where else self.message
        return f"{text} — {self.hint}" if self.hint else text


class NotAGlossaryError(InputError):
    """No reader recognises a file as a glossary.

    `found_in_folder` is True for a file the user did not name but that a folder they
    named holds: such files are summed up in one line and do not fail a build.
    """

    found_in_folder: bool = False


class NothingReadError(InputError):
    """No source of a build could be read; `skipped` holds each source's own error."""

    def __init__(self, skipped: tuple[InputError, ...], message: str = "") -> None:
        self.skipped = skipped
        super().__init__(
            message or "no glossary could be read, so no termbase was written",
            hint="fix the files listed above" if skipped else "name at least one glossary file",
        )


class StoreError(TermbaseError):
    """The termbase file is missing, unreadable, or not a termbase."""
