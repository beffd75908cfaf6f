"""Run the ``castlerules`` command in-process for tests: (exit code, stdout, stderr)."""

from __future__ import annotations

import pytest

from castlerules.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = 0
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
