"""Break each coverage row's rule on purpose and report the rows whose tests still pass (hollow rows).

    python scripts/mutation_check.py                                   # every scripts/mutations/*.toml
    python scripts/mutation_check.py scripts/mutations/mage_wars.toml  # one file
    python scripts/mutation_check.py --row "Friendly creature"         # rows whose name contains this
    python scripts/mutation_check.py --list                            # check the files, run nothing
    python scripts/mutation_check.py scripts/mutations/mage_wars.toml --only 3,17   # mutations #3 and #17

The brief's standard: "Check your own rows by breaking the rule on purpose: a row whose test still passes is
hollow." The repository (the files git knows, committed or not, without ignored ones) is copied once to a
temporary directory; each mutation is applied there, the row's tests run against that copy (``PYTHONPATH``
points at the copy, and the script checks that ``magecraft`` is imported from it), and the file is put back
before the next mutation. Your working tree is never touched.

Results, one line per mutation:

- ``KILLED``  the named tests fail with the rule broken (the row is honest);
- ``HOLLOW``  the named tests all pass with the rule broken (the row needs a test that fails);
- ``ERROR``   the mutation could not be judged: its ``original`` text is not in the file exactly once, its
  row is not in the coverage file, a test id is unknown (pytest exit 4/5), the mutated code does not even
  import (exit 2), or the run timed out.

Before any mutation, the tests named in each file are run once unmutated; if they do not pass there, every
result would be meaningless, so the script stops (``--no-baseline`` skips this check). The exit status is 0
when every mutation is killed, 1 when any is hollow or in error, 2 for bad arguments or mutation files.

Mutation file format (TOML, one file per coverage file, e.g. ``scripts/mutations/wizard_prince.toml``)::

    coverage = "docs/coverage/wizard_prince.md"     # the coverage file whose rows these are

    [[mutation]]
    row = "Negative chits act at once"     # text found in exactly one row's first (rule) cell
    file = "magecraft/wizard_prince/banquet.py"
    original = '''        if chit.negative:'''   # must occur exactly once in the file
    replacement = '''        if False:'''
    tests = ["tests/wizard_prince/test_chits.py::test_positive_chits_are_lost"]
    why = "negative chits held like positive ones"  # optional: what the mutation breaks

    [[mutation]]                 # a mutation that needs edits in several places uses ``edits``
    row = "..."
    edits = [
        { file = "magecraft/x.py", original = "a", replacement = "b" },
        { file = "magecraft/y.py", original = "c", replacement = "d" },
    ]
    tests = ["tests/x/test_x.py"]   # any pytest node ids: a file, a test, a parametrised case

Several mutations may name the same row (each is reported on its own); a row is counted as checked when it has
at least one mutation, and the summary names how many rows of the coverage file have none. Use TOML literal
strings (``'''...'''``) for code so backslashes and quotes are taken as written; leading whitespace counts.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTATIONS = ROOT / "scripts" / "mutations"
TIMEOUT_SECONDS = 600


class MutationFileError(Exception):
    """A mutation file that cannot be used: the message names the file and what is wrong."""


@dataclass(frozen=True)
class Edit:
    """Replace ``original`` (found exactly once) by ``replacement`` in ``file`` (relative to the repository)."""

    file: str
    original: str
    replacement: str


@dataclass(frozen=True)
class Mutation:
    """One deliberate break of one coverage row's rule, and the tests that should notice it."""

    source: str
    row: str
    edits: tuple[Edit, ...]
    tests: tuple[str, ...]
    why: str = ""


@dataclass(frozen=True)
class MutationFile:
    """A coverage file's rows (first cells) and the mutations written for them."""

    path: Path
    coverage: Path
    rows: tuple[str, ...]
    mutations: tuple[Mutation, ...]


def coverage_rows(path: Path) -> tuple[str, ...]:
    """The first cell of every table row of a coverage file, header and rule lines left out."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|") or line.startswith("|---"):
            continue
        cell = line.strip("|").split(" | ")[0].strip()
        if cell in ("rule (seed section)", "rule"):
            continue
        rows.append(cell)
    return tuple(rows)


def _edit(raw: object, where: str) -> Edit:
    if not isinstance(raw, dict):
        raise MutationFileError(f"{where}: an edit must be a table with file, original and replacement")
    unknown = set(raw) - {"file", "original", "replacement"}
    if unknown:
        raise MutationFileError(f"{where}: unknown key(s) {sorted(unknown)}")
    for key in ("file", "original", "replacement"):
        if not isinstance(raw.get(key), str):
            raise MutationFileError(f"{where}: '{key}' must be a string")
    if raw["original"] == raw["replacement"]:
        raise MutationFileError(f"{where}: replacement is the same as original")
    return Edit(raw["file"], raw["original"], raw["replacement"])


def load_mutation_file(path: Path) -> MutationFile:
    """Read and check a mutation file; every problem is a :class:`MutationFileError` naming it."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise MutationFileError(f"{path}: {error}") from None
    unknown = set(data) - {"coverage", "mutation"}
    if unknown:
        raise MutationFileError(f"{path}: unknown top-level key(s) {sorted(unknown)}")
    if not isinstance(data.get("coverage"), str):
        raise MutationFileError(f"{path}: 'coverage' (the coverage file's path) is required")
    coverage = ROOT / data["coverage"]
    if not coverage.is_file():
        raise MutationFileError(f"{path}: coverage file {data['coverage']} does not exist")
    rows = coverage_rows(coverage)
    mutations = []
    for number, raw in enumerate(data.get("mutation", []), start=1):
        where = f"{path.name} mutation {number}"
        if not isinstance(raw, dict):
            raise MutationFileError(f"{where}: must be a table")
        unknown = set(raw) - {"row", "file", "original", "replacement", "edits", "tests", "why"}
        if unknown:
            raise MutationFileError(f"{where}: unknown key(s) {sorted(unknown)}")
        if not isinstance(raw.get("row"), str) or not raw["row"]:
            raise MutationFileError(f"{where}: 'row' is required")
        if "edits" in raw:
            if any(key in raw for key in ("file", "original", "replacement")):
                raise MutationFileError(f"{where}: give either 'edits' or file/original/replacement")
            if not isinstance(raw["edits"], list) or not raw["edits"]:
                raise MutationFileError(f"{where}: 'edits' must be a non-empty list")
            edits = tuple(_edit(e, f"{where} edit {i}") for i, e in enumerate(raw["edits"], start=1))
        else:
            edits = (_edit({k: raw.get(k) for k in ("file", "original", "replacement")}, where),)
        tests = raw.get("tests")
        if not isinstance(tests, list) or not tests or not all(isinstance(t, str) for t in tests):
            raise MutationFileError(f"{where}: 'tests' must be a non-empty list of pytest ids")
        why = raw.get("why", "")
        if not isinstance(why, str):
            raise MutationFileError(f"{where}: 'why' must be a string")
        mutations.append(Mutation(f"{path.name}#{number}", raw["row"], edits, tuple(tests), why))
    return MutationFile(path, coverage, rows, tuple(mutations))


def matching_rows(mutation: Mutation, rows: tuple[str, ...]) -> list[str]:
    """The coverage rows whose rule cell contains the mutation's ``row`` text (an exact cell wins)."""
    if mutation.row in rows:
        return [mutation.row]
    return [row for row in rows if mutation.row in row]


def copy_repository(target: Path) -> None:
    """Copy the files git knows (tracked or untracked, not ignored) into ``target``."""
    listing = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, check=True, capture_output=True,
    ).stdout.decode().split("\0")
    for name in listing:
        source = ROOT / name
        if not name or not source.is_file():
            continue  # a deleted but still tracked file
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target / name)


def _environment(copy: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(copy) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def check_imports_from(copy: Path) -> None:
    """Refuse to go on unless ``magecraft`` is imported from the copy (not an installed or editable one)."""
    found = subprocess.run(
        [sys.executable, "-c", "import magecraft; print(magecraft.__file__)"],
        cwd=copy, env=_environment(copy), capture_output=True, text=True, check=True,
    ).stdout.strip()
    if not Path(found).resolve().is_relative_to(copy.resolve()):
        raise SystemExit(f"magecraft is imported from {found}, not from the copy {copy}; cannot mutate it")


def run_tests(copy: Path, tests: tuple[str, ...]) -> tuple[int | None, str]:
    """Run pytest on ``tests`` in the copy: (exit status or None on timeout, the output's last lines)."""
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    try:
        done = subprocess.run(command, cwd=copy, env=_environment(copy), capture_output=True, text=True,
                              timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {TIMEOUT_SECONDS} s"
    tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-3:])
    return done.returncode, tail


def stale_edits(mutation: Mutation) -> list[str]:
    """Why the mutation's edits no longer fit the working tree: each ``original`` must stand exactly once in
    its file, so a change to the code a row names is noticed by ``--list`` (and the test suite), not only
    when the mutations are run."""
    problems = []
    for edit in mutation.edits:
        target = ROOT / edit.file
        why = f"{edit.file} does not exist" if not target.is_file() else \
            _misfit(edit, target.read_text(encoding="utf-8"))
        if why:
            problems.append(why)
    return problems


def _misfit(edit: Edit, text: str) -> str:
    """Why ``edit`` cannot apply to ``text`` (its original must stand there exactly once), or ""."""
    count = text.count(edit.original)
    if count == 1:
        return ""
    return f"original text found {count} times in {edit.file} (needs exactly 1): {edit.original[:60]!r}"


def apply(copy: Path, edits: tuple[Edit, ...]) -> dict[Path, str] | str:
    """Apply the edits in the copy; the files' old texts to restore, or why the mutation cannot apply."""
    originals: dict[Path, str] = {}
    for edit in edits:
        target = copy / edit.file
        if not target.is_file():
            return f"{edit.file} does not exist"
        text = originals.get(target) or target.read_text(encoding="utf-8")
        originals.setdefault(target, text)
        current = target.read_text(encoding="utf-8")
        why = _misfit(edit, current)
        if why:
            for path, old in originals.items():
                path.write_text(old, encoding="utf-8")
            return why
        target.write_text(current.replace(edit.original, edit.replacement), encoding="utf-8")
    return originals


def judge(copy: Path, mutation: Mutation) -> tuple[str, str]:
    """Apply one mutation, run its tests, restore the files: (KILLED | HOLLOW | ERROR, detail)."""
    applied = apply(copy, mutation.edits)
    if isinstance(applied, str):
        return "ERROR", applied
    try:
        status, tail = run_tests(copy, mutation.tests)
    finally:
        for path, text in applied.items():
            path.write_text(text, encoding="utf-8")
    if status == 0:
        return "HOLLOW", "the named tests all pass with the rule broken"
    if status == 1:
        return "KILLED", ""
    return "ERROR", f"pytest exit {status}: {tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("files", nargs="*", type=Path, help="mutation files (default: scripts/mutations/*.toml)")
    parser.add_argument("--row", help="only mutations whose row contains this text")
    parser.add_argument("--only", help="only these mutation numbers (as listed: file.toml#N), comma-separated")
    parser.add_argument("--list", action="store_true", help="check the files and list the mutations, run nothing")
    parser.add_argument("--no-baseline", action="store_true", help="skip running the tests unmutated first")
    args = parser.parse_args(argv)
    paths = args.files or sorted(MUTATIONS.glob("*.toml"))
    try:
        only = {int(n) for n in args.only.split(",")} if args.only else set()
    except ValueError:
        parser.error(f"--only takes mutation numbers separated by commas, not {args.only!r}")
    if not paths:
        parser.error(f"no mutation files given and none in {MUTATIONS}")
    try:
        files = [load_mutation_file(path) for path in paths]
    except MutationFileError as error:
        print(f"mutation_check: {error}", file=sys.stderr)
        return 2
    problems = 0
    for mfile in files:
        for mutation in mfile.mutations:
            found = matching_rows(mutation, mfile.rows)
            if len(found) != 1:
                print(f"mutation_check: {mutation.source}: row {mutation.row!r} matches {len(found)} rows of "
                      f"{mfile.coverage.name} (needs exactly 1)", file=sys.stderr)
                problems += 1
            for why in stale_edits(mutation):
                print(f"mutation_check: {mutation.source}: {why}", file=sys.stderr)
                problems += 1
    if problems:
        return 2
    if args.list:
        for mfile in files:
            for mutation in mfile.mutations:
                print(f"{mutation.source}: {mutation.row[:70]} -> {', '.join(mutation.tests)}")
        return 0
    counts = {"KILLED": 0, "HOLLOW": 0, "ERROR": 0}
    with tempfile.TemporaryDirectory(prefix="magecraft-mutation-") as temporary:
        copy = Path(temporary)
        copy_repository(copy)
        check_imports_from(copy)
        summaries = []
        for mfile in files:
            chosen = [m for m in mfile.mutations if (not args.row or args.row in matching_rows(m, mfile.rows)[0])
                      and (not only or int(m.source.rsplit("#", 1)[1]) in only)]
            if not chosen:
                continue
            if not args.no_baseline:
                everything = tuple(dict.fromkeys(t for m in chosen for t in m.tests))
                status, tail = run_tests(copy, everything)
                if status != 0:
                    print(f"mutation_check: {mfile.path.name}: the named tests do not pass unmutated "
                          f"(pytest exit {status}):\n{tail}", file=sys.stderr)
                    return 1
            file_counts = {"KILLED": 0, "HOLLOW": 0, "ERROR": 0}
            checked_rows = set()
            for mutation in chosen:
                verdict, detail = judge(copy, mutation)
                file_counts[verdict] += 1
                checked_rows.add(matching_rows(mutation, mfile.rows)[0])
                line = f"{verdict:6}  {mutation.source}  {mutation.row[:80]}"
                if mutation.why:
                    line += f"  [{mutation.why}]"
                if detail and verdict != "KILLED":
                    line += f"\n        {detail}"
                print(line, flush=True)
            for key, value in file_counts.items():
                counts[key] += value
            without = len(set(mfile.rows) - checked_rows)
            summaries.append(
                f"{mfile.coverage.name}: {len(chosen)} mutations over {len(checked_rows)} rows: "
                f"{file_counts['KILLED']} killed, {file_counts['HOLLOW']} hollow, {file_counts['ERROR']} errors; "
                f"{without} of {len(set(mfile.rows))} rows have no mutation run")
        print()
        for summary in summaries:
            print(summary)
    return 0 if counts["HOLLOW"] == counts["ERROR"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
