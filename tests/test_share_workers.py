"""The forked workers that write a static site's concept pages: results in task order, each
reported as it comes, a task's error raised in the parent, a killed worker reported."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from termbase.errors import TermbaseError
from termbase.web.share_workers import run_shares


def square_and_mark(number: int, folder: str) -> list[int]:
    (Path(folder) / f"{number}.done").write_text(str(os.getpid()), encoding="utf-8")
    return [number * number] * 3000  # a result larger than a default pipe holds


def test_results_come_back_in_task_order_each_reported_once(tmp_path: Path) -> None:
    tasks = [(number, str(tmp_path)) for number in range(9)]
    reported: list[int] = []
    meanwhile_ran: list[bool] = []
    results = run_shares(
        square_and_mark, tasks, 3, lambda: meanwhile_ran.append(True), lambda i, _: reported.append(i)
    )
    assert results == [[number * number] * 3000 for number in range(9)]
    assert sorted(reported) == list(range(9)) and meanwhile_ran == [True]
    workers = {(tmp_path / f"{number}.done").read_text() for number in range(9)}
    assert len(workers) == 3 and str(os.getpid()) not in workers


def fail_on_four(number: int) -> int:
    if number == 4:
        raise ValueError(f"task {number} failed")
    return number


def test_a_tasks_error_is_raised_in_the_parent() -> None:
    with pytest.raises(ValueError, match="task 4 failed"):
        run_shares(fail_on_four, [(number,) for number in range(8)], 2)


def killed_on_three(number: int) -> int:
    if number == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    return number


def test_a_killed_worker_is_reported_not_waited_for() -> None:
    with pytest.raises(TermbaseError, match="ended without an answer"):
        run_shares(killed_on_three, [(number,) for number in range(6)], 2)
