"""collections_pause: the collector is off inside `no_collections` and as it was after."""

import gc
import weakref

from termbase.collections_pause import no_collections


class _Node:
    def __init__(self) -> None:
        self.other: object = self


def test_collector_off_inside_and_restored_after() -> None:
    assert gc.isenabled()
    with no_collections():
        assert not gc.isenabled()
        kept = [[n] for n in range(10_000)]
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0  # the survivors are back in the collected generations
    assert kept[-1] == [9_999]


def test_a_cycle_made_inside_is_still_collected() -> None:
    with no_collections():
        ref = weakref.ref(_Node())
    assert ref() is not None  # a cycle: reference counting alone never frees it
    gc.collect()
    assert ref() is None


def test_left_off_when_it_was_off() -> None:
    gc.disable()
    try:
        with no_collections():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
