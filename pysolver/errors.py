"""Input errors: one clear message naming the file, the field path and the problem.

>>> str(InputError("board.yaml", "permanents[3].abilities[1]", "unknown ability line 'Flyng'"))
"board.yaml: permanents[3].abilities[1]: unknown ability line 'Flyng'"
"""

from __future__ import annotations


class InputError(ValueError):
    """A situation, card file or option that cannot be used as given (exit status 2)."""

    def __init__(self, file: str | None, field: str, message: str) -> None:
        self.file = file
        self.field = _cut(field, 160)  # a field path can hold a key from the input
        self.message = _cut(message, 400)  # values are quoted abbreviated; this bounds the whole
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = [part for part in (self.file, self.field) if part]
        return ": ".join([*where, self.message])

    def as_dict(self) -> dict[str, str]:
        """Plain data for JSON output (`batch` error lines)."""
        return {"file": self.file or "", "field": self.field, "message": self.message}


def _cut(text: str, width: int) -> str:
    """`text` at most about `width` characters (messages never echo a huge value whole).

    >>> _cut("x" * 500, 20)
    'xxxxxxxxxxxxxxxxxxx…'
    """
    return text if len(text) <= width else text[: width - 1] + "…"
