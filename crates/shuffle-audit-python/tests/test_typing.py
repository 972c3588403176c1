"""`mypy --strict` against the installed package's stub: tests/typing/good_usage.py checks clean (and runs), and
tests/typing/bad_usage.py fails on exactly the lines it marks, each with the error code it names. mypy is a test
requirement, as NumPy is (`pip install ./crates/shuffle-audit-python[test]`): without it these tests fail, never
skip."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

TYPING = Path(__file__).parent / "typing"
ERROR = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): error: (?P<message>.*?)  \[(?P<code>[a-z-]+)\]$")


@pytest.fixture(scope="module")
def mypy(tmp_path_factory):
    # The import fails the test loudly when mypy is not installed.
    import mypy  # noqa: F401

    cache = tmp_path_factory.mktemp("mypy-cache")

    def run(name):
        done = subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), "--no-color-output",
             "--show-error-codes", "--no-error-summary", str(TYPING / name)],
            capture_output=True, text=True, cwd=TYPING, timeout=600,
        )
        print(done.stdout, done.stderr, sep="\n")
        return done

    return run


def test_good_usage_checks_clean(mypy):
    done = mypy("good_usage.py")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_good_usage_runs():
    done = subprocess.run([sys.executable, str(TYPING / "good_usage.py")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_bad_usage_fails_on_each_marked_line(mypy):
    source = (TYPING / "bad_usage.py").read_text(encoding="utf-8").splitlines()
    expected = {
        i: m.group(1) for i, text in enumerate(source, 1) if (m := re.search(r"# error: ([a-z-]+)$", text))
    }
    assert len(expected) >= 10
    done = mypy("bad_usage.py")
    assert done.returncode == 1, done.stdout + done.stderr
    seen = {}
    for line in done.stdout.splitlines():
        if ": note: " in line:
            continue
        error = ERROR.match(line)
        assert error, f"not a mypy error line: {line!r}"
        seen.setdefault(int(error["line"]), set()).add(error["code"])
    assert {line: {code} for line, code in expected.items()} == seen
