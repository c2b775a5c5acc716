"""Plain option values converted without pydantic, to keep it off the command line's start-up path.

typer (0.29) converts every option value through a pydantic ``TypeAdapter``; importing pydantic
costs more than the whole of ``magecraft roll 3d6`` may take (issue 10: 100 ms).  :func:`install`
gives the plain annotations magecraft uses -- ``str``, ``int``, ``bool``, ``Path`` and lists of them,
with no ``min``/``max``/``parser``/path checks -- a direct conversion; every other parameter still
goes through typer's own.  If typer's internals change, nothing is installed and typer works as before.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, get_args, get_origin

from magecraft.cli.options import whole_number


def _whole_number(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value).strip()
    number = whole_number(text)
    if number is None:
        shown = text if len(text) <= 24 else f"{text[:12]}...({len(text)} characters)"
        raise ValueError(f"{shown!r} is not a whole number")
    return number


def _within(number: Any, low: Any, high: Any) -> Any:
    """``number`` if it lies within ``low``..``high`` (either may be None); else ValueError saying what to give.

    >>> _within(3, 0, None), _within(-1, 0, None)
    Traceback (most recent call last):
    ...
    ValueError: -1 is too small: give 0 or more
    >>> _within(21, 0, 20)
    Traceback (most recent call last):
    ...
    ValueError: 21 is out of range: give 0 to 20
    """
    if (low is None or number >= low) and (high is None or number <= high):
        return number
    if low is not None and high is not None:
        raise ValueError(f"{number} is out of range: give {low} to {high}")
    if low is not None:
        raise ValueError(f"{number} is too small: give {low} or more")
    raise ValueError(f"{number} is too large: give {high} or less")


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "t", "yes", "y", "on"):
        return True
    if text in ("", "0", "false", "f", "no", "n", "off"):
        return False
    raise ValueError(f"{value!r} is not yes or no")


def _text(value: Any) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _path(value: Any) -> Path:
    return value if isinstance(value, Path) else Path(_text(value))


_CONVERT: dict[Any, Callable[[Any], Any]] = {str: _text, int: _whole_number, bool: _flag, Path: _path}


def _plain(info: Any) -> bool:
    """No option that asks typer for more than a conversion and bounds (a parser, path checks, choices)."""
    return (not info.clamp and info.parser is None
            and getattr(info, "click_type", None) is None and not info.exists and info.file_okay
            and info.dir_okay and not info.writable and not info.resolve_path
            and not info.allow_dash and info.path_type is None and info.formats is None)


def install() -> None:
    """Route plain parameters to the direct conversions above (once; harmless if typer changed)."""
    try:
        from typer import core as typer_core
        from typer._click.exceptions import BadParameter
        from typer._coercion import RuntimeParam
    except ImportError:  # pragma: no cover - a typer without these internals
        return
    typer_build = typer_core.build_runtime_param  # type: ignore[attr-defined]
    if getattr(typer_build, "magecraft", False):
        return

    class PlainRuntimeParam(RuntimeParam):
        """A value converted directly; a bad one is typer's usual ``BadParameter`` (exit status 2)."""

        convert: Callable[[Any], Any]
        many: bool

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            try:
                if self.many:
                    return [self.bounded(self.convert(item))
                            for item in (value if isinstance(value, list | tuple) else [value])]
                return self.bounded(self.convert(value))
            except ValueError as exc:
                raise BadParameter(str(exc), ctx=ctx, param=param) from None

        def bounded(self, number: Any) -> Any:
            """``number`` within the option's ``min``/``max`` (a whole number, so never 27 digits long)."""
            return _within(number, self.parameter_info.min, self.parameter_info.max)

    def build(descriptor: Any) -> Any:
        annotation = descriptor.annotation
        many = get_origin(annotation) is list
        leaf = get_args(annotation)[0] if many else annotation
        convert = _CONVERT.get(leaf)
        if convert is None or descriptor.file_annotation is not None or not _plain(descriptor.parameter_info):
            return typer_build(descriptor)
        runtime = PlainRuntimeParam(parameter_info=descriptor.parameter_info, annotation=annotation)
        object.__setattr__(runtime, "convert", convert)
        object.__setattr__(runtime, "many", many)
        return runtime

    build.magecraft = True  # type: ignore[attr-defined]
    typer_core.build_runtime_param = build  # type: ignore[attr-defined]
    _tidy_help(typer_core)


def _tidy_help(typer_core: Any) -> None:
    """Help pages as a person reads them (issue 25 item 12): a flag takes no value, so no ``<bool>`` beside
    it; a required argument is ``NAME`` in the usage line, not ``{name}`` (an optional one ``[NAME]``)."""
    option, argument = getattr(typer_core, "TyperOption", None), getattr(typer_core, "TyperArgument", None)
    if option is None or argument is None or getattr(option, "magecraft", False):  # pragma: no cover
        return
    shown_type = option.display_type_rich

    def display_type_rich(self: Any, ctx: Any) -> Any:
        return None if self.is_flag and self.metavar is None else shown_type(self, ctx)

    def usage_name(self: Any) -> str:
        name = str(self.display_name_raw)
        name = name.upper() if self.metavar is None else name
        name = name if self.required else f"[{name}]"
        return name + ("..." if self.nargs != 1 else "")

    option.display_type_rich = display_type_rich
    option.magecraft = True
    argument._usage_display_name = usage_name
