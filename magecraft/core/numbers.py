"""The one place a number typed or passed by a person is read (issue 25 item 8).

``int()`` refuses more than 4,300 digits with a ``ValueError`` that used to reach the screen as a traceback; no
number a table means has more than :data:`MAX_DIGITS` digits, so the length is checked first, here, for the
command line, the prompts, the save references and the engines' parsers alike.
"""

from __future__ import annotations

#: More digits than any number a table means (and ``int()`` refuses past 4,300 digits).
MAX_DIGITS = 18


def whole_number(text: str) -> int | None:
    """``text`` as a whole number (optional sign, ASCII digits), or None; the length is checked before
    ``int()`` so a 5,000-digit answer is refused, not a crash.

    >>> whole_number(" -12"), whole_number("1e3"), whole_number("\u00b2"), whole_number("9" * 5000)
    (-12, None, None, None)
    """
    text = text.strip()
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not digits.isdecimal() or not digits.isascii() or len(digits) > MAX_DIGITS:
        return None
    return int(text)


def too_long(text: str) -> bool:
    """Whether ``text`` is made of digits but too many of them to be a number a table means."""
    digits = text.strip().lstrip("+-")
    return digits.isdecimal() and len(digits) > MAX_DIGITS


def shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a one-line message, cut short when a person pasted something huge.

    >>> shown("mw1"), shown("9" * 5000, 6)
    ("'mw1'", "'999999...' (5000 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)".replace("'...", "...'")
