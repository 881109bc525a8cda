"""The hint panel in Chromium (issue 13, hints that teach): a hint told in
three tiers, one per press of Hint on the same position, and a supposition's
chain stepped through on the board. The server, the browser and the helpers
are ``test_web_e2e``'s."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from test_web_e2e import OUTPUT, api, board_cells, browser, import_puzzle, page, server

__all__ = ["browser", "page", "server"]  # fixtures, used by name

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect


def open_bank(page: Any, server: str, kind: str, puzzle_id: str) -> dict[str, Any]:
    """Open bank puzzle ``puzzle_id`` by its URL; its bare board's hint, as the API gives it."""
    payload = api(server, f"/api/bank/{kind}/{puzzle_id}")
    import_puzzle(page, payload["url"])
    hint: dict[str, Any] = api(server, "/api/hint", {"puzzle": payload["json"]})
    return hint


def press_hint(page: Any) -> None:
    # The button is disabled while a request is out, so a click waits for it.
    page.click("#hint")
    expect(page.locator("#hint")).to_be_enabled()


@pytest.mark.parametrize(("kind", "puzzle_id"), [("suguru", "5x5-01"), ("heteromino", "8x8-06")])
def test_three_presses_show_the_three_tiers(
    page: Any, server: str, kind: str, puzzle_id: str
) -> None:
    expected = open_bank(page, server, kind, puzzle_id)
    look, reason, whole = expected["tiers"]
    panel = page.locator("#hint-panel")
    final = expected["steps"][-1]
    press_hint(page)
    expect(panel.locator(".tier-1")).to_have_text(look["text"])
    assert final["reason"] not in panel.inner_text()  # where to look, not yet why
    assert board_cells(page, "rect.cell.hint") == sorted(look["cells"])
    assert panel.locator(".rule").all_inner_texts() == [s["rule"] for s in expected["steps"]]
    press_hint(page)
    expect(panel.locator(".tier-2")).to_have_text(reason["text"])
    assert panel.locator("ol.steps").count() == 0
    press_hint(page)
    items = panel.locator("ol.steps > li")
    expect(items).to_have_count(len(whole["lines"]))
    for item, step in zip(items.all_inner_texts(), expected["steps"], strict=True):
        assert item.startswith(f"{step['rule']}: {step['reason']}")
    # a fourth press on the same position asks again: the first tier of a new hint
    press_hint(page)
    expect(panel.locator(".tier-1")).to_have_text(look["text"])
    expect(panel.locator("ol.steps")).to_have_count(0)


def test_a_supposition_chain_steps_on_the_board(page: Any, server: str) -> None:
    # 8x8-22's first hint: the ladder's probes, told as suppositions with chains.
    expected = open_bank(page, server, "heteromino", "8x8-22")
    index, step = next((i, s) for i, s in enumerate(expected["steps"]) if s["chain"])
    for _ in range(3):
        press_hint(page)
    page.get_by_role("button", name=f"Step through the supposition of step {index + 1}").click()
    stepper = page.locator("#hint-panel .stepper")
    parts = [
        (f"Suppose {step['supposes']}.", step["supposed"]),
        *((f"{c['rule']}: {c['reason']}", c["cells"]) for c in step["chain"]),
        (f"Then {step['contradiction']}.", step["because"]),
    ]
    previous = page.get_by_role("button", name=f"Previous part of step {index + 1}")
    following = page.get_by_role("button", name=f"Next part of step {index + 1}")
    expect(previous).to_be_disabled()
    for at, (text, cells) in enumerate(parts):
        expect(stepper.locator(".status")).to_have_text(
            f"Step {index + 1}, part {at + 1} of {len(parts)}:"
        )
        expect(stepper.locator(".sub-step")).to_contain_text(text)
        assert board_cells(page, "rect.cell.hint") == sorted(cells)
        # the supposition stays lit (dotted) beside each forced step, and in words
        lit = set(step["supposed"]) - set(cells)
        assert board_cells(page, "rect.cell.because") == sorted(lit)
        assert all(label in stepper.inner_text() for label in step["supposed_labels"])
        if at == 1:
            OUTPUT.mkdir(exist_ok=True)
            page.mouse.move(0, 0)
            page.locator("main").screenshot(path=str(OUTPUT / "heteromino-hint-chain.png"))
        if at < len(parts) - 1:
            following.click()
    expect(following).to_be_disabled()
    previous.click()
    expect(stepper.locator(".sub-step")).to_contain_text(parts[-2][0])
    page.get_by_role("button", name=f"Stop stepping through step {index + 1}").click()
    expect(stepper).to_have_count(0)
    assert board_cells(page, "rect.cell.hint") == sorted(expected["steps"][-1]["cells"])


def test_a_guess_shows_its_case_split_and_says_it_is_a_guess(page: Any, server: str) -> None:
    """A board with many answers: no rule applies and no value fails, so the
    hint is a case split's guess, and the panel says so in words."""
    from pencilbox import formats, registry

    kind = registry.get("suguru")
    record = next(r for r in kind.bank() if r["id"] == "5x5-01")
    _, puzzle = formats.load_object(record["json"])
    bare = dataclasses.replace(puzzle, givens=(0,) * len(puzzle.givens))
    import_puzzle(page, kind.to_url(bare))
    expected = api(server, "/api/hint", {"puzzle": kind.to_json(bare)})
    assert expected["status"] == "guess" and expected["split"]["guess"] is True
    look, reason, _ = expected["tiers"]
    panel = page.locator("#hint-panel")
    press_hint(page)
    expect(panel.locator(".tier-1")).to_have_text(look["text"])
    expect(panel).to_contain_text("a guess, not a deduction")
    expect(panel.locator(".split")).to_have_count(0)  # the split comes with the reason
    press_hint(page)
    expect(panel.locator(".tier-2")).to_have_text(reason["text"])
    split = panel.get_by_role("group", name="Case split")
    expect(split).to_contain_text(f"Case split: {expected['split']['options']}.")
    items = split.locator("li")
    expect(items).to_have_count(len(expected["split"]["branches"]))
    for item, branch in zip(items.all_inner_texts(), expected["split"]["branches"], strict=True):
        assert item.startswith(f"{branch['option']}: leads on")
    expect(split.locator(".guess")).to_contain_text(f"Try {expected['split']['chosen']}")
    assert board_cells(page, "rect.cell.hint") == sorted(look["cells"])
    OUTPUT.mkdir(exist_ok=True)
    page.mouse.move(0, 0)
    page.locator("main").screenshot(path=str(OUTPUT / "suguru-hint-guess.png"))
