"""The one error the calculator contract lets escape: bad input, named by field."""

from __future__ import annotations


class InputError(ValueError):
    """Invalid calculator input.

    ``field`` is the input's name (the form field and URL parameter);
    ``message`` is a sentence a player understands.

    >>> error = InputError("goal", "Goal must be at least 1.")
    >>> error.field, str(error)
    ('goal', 'goal: Goal must be at least 1.')
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message

    def to_json(self) -> dict[str, str]:
        """The error as JSON for the browser: ``{"field": ..., "message": ...}``.

        >>> InputError("dice", "Give 3 dice.").to_json()
        {'field': 'dice', 'message': 'Give 3 dice.'}
        """
        return {"field": self.field, "message": self.message}
