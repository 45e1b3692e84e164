"""The documentation's pages (README.md and docs/**/*.md) as the examples
test reads them: their fenced blocks, the commands of their console blocks
with the output shown, and how shown output is compared with a real run.

The conventions (docs/contributing.md says them to writers):

* a `python` block is run, in page order, in one namespace per page, in a
  working folder of the page's own (`<!-- namespace: NAME -->` before a block
  runs it in the page's namespace NAME instead: a second program the page
  builds up beside the first, as the C-to-Python guide's raw form). A block of `>>>` lines is a doctest: what
  it shows after each line is checked. Any other block is run as written and
  must print exactly what the `text` block right after it shows, or nothing;
* a `console` block is a terminal session: each `$ ` command (lines ending in
  `\\` continue it) runs in bash in that folder and must print what follows
  it, up to the next `$ `. Its stderr is shown too, and its exit status may
  be anything, only when the command merges stderr (`2>&1`) or ends with
  `; echo "exit $?"`; otherwise it must exit 0;
* in shown output `...` stands for any text (doctest's ELLIPSIS);
* an HTML comment right before a block changes how it is run:
  `<!-- file: NAME -->` writes the block to NAME in the working folder instead
  of running it; `<!-- numbers vary -->` compares the output with every
  number in it taken as any number (timings); `<!-- skip: REASON -->` does not
  run it, and is allowed only for hardware CI lacks (REASON names it: HIP,
  CUDA);
* `shell` blocks are commands to type (installing, CI), never run.
"""

from __future__ import annotations

import doctest
import re
from dataclasses import dataclass
from pathlib import Path

from locations import DOCS_DIR, REPO_ROOT

ECHO_EXIT = '; echo "exit $?"'
_FENCE = re.compile(r"^(<!-- (?P<marker>.*?) -->\n)?```(?P<language>[\w-]*)\n(?P<body>.*?)^```$",
                    re.S | re.M)
_NUMBER = re.compile(r"\d+(\.\d+)?[kMGT]?")


@dataclass(frozen=True)
class Block:
    """A fenced block: its language, text, the marker before it ('' if
    none), and the line of the page it starts on."""

    language: str
    text: str
    marker: str
    line: int

    @property
    def file_name(self) -> str | None:
        """NAME for a `file: NAME` marker."""
        return self.marker.removeprefix("file: ") if self.marker.startswith("file: ") else None

    @property
    def namespace(self) -> str:
        """The namespace a Python block runs in ('' for the page's own)."""
        return self.marker.removeprefix("namespace: ") if self.marker.startswith(
            "namespace: ") else ""

    @property
    def skip_reason(self) -> str | None:
        return self.marker.removeprefix("skip: ") if self.marker.startswith("skip: ") else None


@dataclass(frozen=True)
class Command:
    """A console command, the output shown after it, and how it is checked."""

    command: str
    shown: str
    numbers_vary: bool

    @property
    def merges_stderr(self) -> bool:
        return self.command.endswith(ECHO_EXIT) or "2>&1" in self.command


def pages() -> list[Path]:
    """README.md and every Markdown page of docs/ (not generated ones)."""
    found = [REPO_ROOT / "README.md"]
    found += sorted(path for path in DOCS_DIR.rglob("*.md")
                    if not any(part.startswith(("_", ".")) or part == "generated"
                               for part in path.relative_to(DOCS_DIR).parts))
    return found


def page_id(path: Path) -> str:
    return str(path.relative_to(REPO_ROOT))


def blocks(path: Path) -> list[Block]:
    """The fenced blocks of the page at `path`, in order."""
    text = path.read_text()
    return [Block(m["language"], m["body"], m["marker"] or "",
                  text.count("\n", 0, m.start("language")) + 1)
            for m in _FENCE.finditer(text)]


def commands(block: Block) -> list[Command]:
    """The commands of a console block, each with the output shown after it."""
    found: list[Command] = []
    lines = block.text.splitlines(keepends=True)
    while lines:
        line = lines.pop(0)
        assert line.startswith("$ "), f"console output before any command: {line!r}"
        command = line[2:]
        while command.rstrip("\n").endswith("\\") and lines:
            command = command.rstrip("\n")[:-1] + lines.pop(0)
        shown = []
        while lines and not lines[0].startswith("$ "):
            shown.append(lines.pop(0))
        if lines and shown and shown[-1] == "\n":
            shown.pop()  # a blank line between two commands only separates them
        found.append(Command(" ".join(command.split()), "".join(shown),
                             block.marker == "numbers vary"))
    return found


def output_matches(shown: str, actual: str, numbers_vary: bool = False) -> bool:
    """Whether `actual` is what `shown` shows (`...` standing for any text;
    with numbers_vary, any number for each number)."""
    if actual and not actual.endswith("\n"):
        actual += "\n"  # the last line of a program printing no newline
    if numbers_vary:
        shown, actual = (_NUMBER.sub("0", text) for text in (shown, actual))
        shown, actual = (re.sub(r"[ \t]+", " ", text) for text in (shown, actual))
    return doctest.OutputChecker().check_output(shown, actual, doctest.ELLIPSIS)


def steps(path: Path) -> list[dict]:
    """What running the page at `path` does, in page order: files written,
    Python blocks run (doctests, or scripts with the output shown after
    them), console commands run."""
    found: list[dict] = []
    page = blocks(path)
    for i, block in enumerate(page):
        where = f"{page_id(path)}:{block.line}"
        if block.skip_reason is not None:
            continue
        if block.file_name is not None:
            found.append({"kind": "file", "name": block.file_name, "text": block.text,
                          "where": where})
        elif block.language == "python" and ">>> " in block.text:
            found.append({"kind": "doctest", "text": block.text, "where": where,
                          "namespace": block.namespace})
        elif block.language == "python":
            after = page[i + 1] if i + 1 < len(page) else None
            expected = after.text if after is not None and after.language == "text" else ""
            found.append({"kind": "python", "text": block.text, "expected": expected,
                          "where": where, "namespace": block.namespace})
        elif block.language == "console":
            found += [{"kind": "command", "command": c.command, "shown": c.shown,
                       "numbers_vary": c.numbers_vary, "merges_stderr": c.merges_stderr,
                       "where": where} for c in commands(block)]
    return found


# What a skipped block's reason must name: an AMD GPU's API, an NVIDIA GPU's.
HARDWARE_CI_LACKS = ("HIP", "CUDA")


def convention_errors(path: Path) -> list[str]:
    """Blocks of the page at `path` that break the conventions above."""
    errors = []
    for block in blocks(path):
        where = f"{page_id(path)}:{block.line}"
        reason = block.skip_reason
        if reason is not None and not any(name in reason for name in HARDWARE_CI_LACKS):
            errors.append(f"{where}: skipped for {reason!r}; only blocks needing "
                          f"hardware CI lacks ({', '.join(HARDWARE_CI_LACKS)}) are skipped")
        if block.marker and reason is None and block.file_name is None \
                and not block.namespace and block.marker != "numbers vary":
            errors.append(f"{where}: unknown marker {block.marker!r}")
        if block.language not in ("console", "shell") and block.text.startswith("$ ") \
                and block.file_name is None:
            errors.append(f"{where}: a terminal session in a {block.language or 'plain'} "
                          f"block: make it `console` (run and checked)")
        if block.language == "shell" and re.search(r"(?m)^\$ ", block.text):
            errors.append(f"{where}: a shell block shows commands without `$ `; a session "
                          f"with output is a console block")
    return errors


def _run_step(step: dict, namespace: dict) -> str | None:
    """Runs one step; returns what went wrong, or None."""
    import contextlib
    import io
    import os
    import subprocess
    import sys
    import traceback

    if step["kind"] == "file":
        Path(step["name"]).write_text(step["text"])
        return None
    if step["kind"] == "doctest":
        test = doctest.DocTestParser().get_doctest(step["text"], namespace, step["where"],
                                                   step["where"], 0)
        report = io.StringIO()
        runner = doctest.DocTestRunner(
            optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        result = runner.run(test, out=report.write, clear_globs=False)
        namespace.update(test.globs)  # the test ran on a copy
        return report.getvalue() if result.failed else None
    if step["kind"] == "python":
        printed = io.StringIO()
        try:
            with contextlib.redirect_stdout(printed):
                exec(compile(step["text"], step["where"], "exec"), namespace)
        except BaseException:
            return traceback.format_exc()
        if not output_matches(step["expected"], printed.getvalue()):
            return (f"printed:\n{printed.getvalue()}\nthe page shows:\n{step['expected']}")
        return None
    env = {**os.environ, "PATH": os.path.dirname(sys.executable) + os.pathsep
           + os.environ.get("PATH", "")}
    done = subprocess.run(["bash", "-c", step["command"]], env=env, text=True,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT if step["merges_stderr"] else subprocess.PIPE,
                          timeout=600)
    if not step["merges_stderr"] and done.returncode != 0:
        return f"exit status {done.returncode}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}"
    if not output_matches(step["shown"], done.stdout, step["numbers_vary"]):
        return f"printed:\n{done.stdout}\nthe page shows:\n{step['shown']}"
    return None


def main(steps_file: str) -> int:
    """Runs the steps in `steps_file` (JSON) in the working folder, in order,
    stopping at the first that fails."""
    import json
    import sys

    namespaces: dict[str, dict] = {}
    for step in json.loads(Path(steps_file).read_text()):
        namespace = namespaces.setdefault(step.get("namespace", ""), {"__name__": "__main__"})
        problem = _run_step(step, namespace)
        if problem is not None:
            what = step.get("command") or step["kind"]
            print(f"{step['where']}: {what}\n{problem}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1]))
