"""Suguru's rules: the singles and the block witnesses.

``singles`` is what a person scans for (only-candidate, only-home);
``witness`` enumerates every remaining fill of a block and pushes the
consequences inward (a digit in no fill goes) and outward (a digit that
every fill puts next to an outside cell can never be in that cell). The
rungs that group them are in :mod:`.ladder`.
"""

from __future__ import annotations

from ...engine import Contradiction, Deduction, Log, Rule, State
from ...grid import members
from .places import block_why
from .state import SuguruState
from .tables import Tables


def digits_of(mask: int) -> str:
    """``0b1011`` -> ``"1, 2 and 4"``."""
    names = [str(d + 1) for d in members(mask)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# -- singles -----------------------------------------------------------------


def only_candidate(state: State, log: Log) -> bool:
    """A cell down to one digit: write it, clearing it from the block and neighbours."""
    assert isinstance(state, SuguruState)
    domains = state.domains
    tables = state.tables
    changed = False
    for cell in tables.live_cells:
        if state.written >> cell & 1:
            continue
        dom = domains[cell]
        if dom & (dom - 1):
            continue
        if not dom:
            raise Contradiction(cell)
        state.write(cell)
        changed = True
        if log is not None:
            log.append(only_candidate_step(tables, cell, dom))
    return changed


def only_candidate_step(tables: Tables, cell: int, dom: int) -> Deduction:
    """The deduction that writes the one digit left in ``dom`` into ``cell``."""
    return Deduction(
        "only-candidate",
        (cell,),
        f"{tables.grid.label(cell)} can only be {digits_of(dom)}",
        writes=True,
        value=dom.bit_length(),
    )


def only_home(state: State, log: Log) -> bool:
    """A digit with one possible cell in its block goes there."""
    assert isinstance(state, SuguruState)
    domains = state.domains
    tables = state.tables
    changed = False
    for number, cells in enumerate(tables.block_cells):
        once = 0
        twice = 0
        for cell in cells:
            dom = domains[cell]
            twice |= once & dom
            once |= dom
        if once != (1 << len(cells)) - 1:
            missing = (1 << len(cells)) - 1 & ~once
            raise Contradiction(block_why(tables, number, f"has no home for {digits_of(missing)}"))
        lonely = once & ~twice
        if not lonely:
            continue
        for cell in cells:
            dom = domains[cell]
            digit = dom & lonely
            if digit and dom != digit:
                if digit & (digit - 1):
                    raise Contradiction(cell)
                domains[cell] = digit
                changed = True
                if log is not None:
                    log.append(
                        Deduction(
                            "only-home",
                            (cell,),
                            f"{digits_of(digit)} has no other home in its block than "
                            f"{tables.grid.label(cell)}",
                            because=tuple(c for c in cells if c != cell),
                            writes=True,
                            value=digit.bit_length(),
                        )
                    )
    return changed


# -- witness -----------------------------------------------------------------


def block_witnesses(
    domains: tuple[int, ...], touching: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Enumerate every fill of one block consistent with ``domains``.

    Returns (support, pinned): ``support[i]`` the digits position i takes in
    some fill; ``pinned[j]`` the digits that every fill puts next to the j-th
    outside cell in ``touching``. Stops early once nothing more can be learnt.
    """
    k = len(domains)
    support = [0] * k
    pinned = [-1] * len(touching)
    full = domains
    fill = [0] * k
    masks = [mask for _, mask in touching]
    anything_pinned = bool(touching)

    def outward() -> bool:
        """Fold the current fill into ``pinned``; False once nothing is pinned."""
        alive = False
        for j, mask in enumerate(masks):
            if pinned[j]:
                near = 0
                m = mask
                while m:
                    low = m & -m
                    near |= fill[low.bit_length() - 1]
                    m ^= low
                pinned[j] &= near
                if pinned[j]:
                    alive = True
        return alive

    done = False

    def place(position: int, used: int) -> None:
        nonlocal anything_pinned, done
        if position == k:
            for i in range(k):
                support[i] |= fill[i]
            if anything_pinned:
                anything_pinned = outward()
            if not anything_pinned and tuple(support) == full:
                done = True
            return
        options = full[position] & ~used
        while options and not done:
            low = options & -options
            options ^= low
            fill[position] = low
            place(position + 1, used | low)

    place(0, 0)
    if not any(support):
        return tuple(support), tuple(0 for _ in pinned)
    return tuple(support), tuple(p if p != -1 else 0 for p in pinned)


def witness(state: State, log: Log) -> bool:
    """Inward: drop digits no fill of the block uses. Outward: a digit every
    fill puts next to an outside cell is removed from that cell."""
    assert isinstance(state, SuguruState)
    domains = state.domains
    tables = state.tables
    cache = tables.witness_cache
    changed = False
    for number, cells in enumerate(tables.block_cells):
        if len(cells) < 2:
            continue
        doms = tuple(domains[c] for c in cells)
        key = (number, *doms)
        found = cache.get(key)
        if found is None:
            found = block_witnesses(doms, tables.outside[number])
            if len(cache) > 200_000:
                cache.clear()
            cache[key] = found
        support, pinned = found
        if not support[0]:
            words = f"cannot hold 1..{len(cells)} with the candidates left"
            raise Contradiction(block_why(tables, number, words))
        for cell, keep in zip(cells, support, strict=True):
            dom = domains[cell]
            if dom & ~keep:
                domains[cell] = dom & keep
                changed = True
                if log is not None:
                    log.append(
                        Deduction(
                            "witness-inward",
                            (cell,),
                            f"no fill of the block of {tables.grid.label(cell)} puts "
                            f"{digits_of(dom & ~keep)} there",
                            because=tuple(c for c in cells if c != cell),
                        )
                    )
        for (other, _), gone in zip(tables.outside[number], pinned, strict=True):
            dom = domains[other]
            if dom & gone:
                if not dom & ~gone:
                    raise Contradiction(other)
                domains[other] = dom & ~gone
                changed = True
                if log is not None:
                    log.append(
                        Deduction(
                            "witness-outward",
                            (other,),
                            f"every fill of the block of {tables.grid.labels(cells)} puts "
                            f"{digits_of(dom & gone)} next to {tables.grid.label(other)}",
                            because=cells,
                        )
                    )
    return changed


ONLY_CANDIDATE = Rule("only-candidate", only_candidate, "a cell with one digit left gets it")
ONLY_HOME = Rule("only-home", only_home, "a digit with one home in its block goes there")
WITNESS = Rule("witness", witness, "enumerate each block's fills; push what they share")
