"""Deutsch und English: what a refusal and its German cost.

A refusal is an ``IllegalAction`` carrying a ``Msg`` (docs/i18n.md): built when the rules
refuse, said in German only when a page asks. Measures, best of N wall-clock runs on one
thread: refusals built per second (Hinkel & Stein's stake refused with the supply short,
a message of four nested parts), the same said in German per second, and the first
German catalogue load (the .po compiled in memory, once a process). Prints a Markdown
table for BENCHMARKS.md with the machine.
"""

from __future__ import annotations

import argparse
import contextlib
import time

from common import best_times, load_average, machine

from companion.errors import IllegalAction
from companion.games.hinkel_stein import Call, Condition, Place, Stake, Start, apply, start_game
from companion.i18n import catalogues


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=20_000, help="refusals a run (default 20,000)")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()

    t0 = time.perf_counter()
    catalogues.translations("de")
    load_ms = (time.perf_counter() - t0) * 1000

    deal = (("pillar",), ("hinkelstein",), ("quartz",), ("boulder",))
    state = start_game(Start(("Ana", "Ben", "Cid", "Dora"), deal, supply=5))
    state = apply(state, Condition("Ana", "heavier"))
    state = apply(state, Call("Ana", "Ana"))
    state = apply(state, Stake("Ana", add=2))
    state = apply(state, Place("Ana", ("P1",), "L2"))
    state = apply(state, Call("Ana", "Ben"))
    bad = Stake("Ben", add=2)  # the supply gives only 1 disc

    def refuse():
        for _ in range(args.n):
            with contextlib.suppress(IllegalAction):
                apply(state, bad)

    try:
        apply(state, bad)
    except IllegalAction as e:
        message = e.args[0]

    def german():
        for _ in range(args.n):
            catalogues.render(message, "de")

    built = best_times(args.repeat, refuse)
    said = best_times(args.repeat, german)
    print(f"Machine: {machine()}; load {load_average()}")
    print(f"Command: python bench/bench_i18n.py --n {args.n} --repeat {args.repeat}\n")
    print("| what | rate | note |")
    print("| --- | --- | --- |")
    print(
        f"| refusals built (English, with their msgid and parameters) | {args.n / built['wall']:,.0f}/s | {message} |"
    )
    print(
        f"| the same said in German | {args.n / said['wall']:,.0f}/s | {catalogues.render(message, 'de')} |"
    )
    print(
        f"| German catalogue, first use (.po read and compiled) | {load_ms:.0f} ms | once a process |"
    )


if __name__ == "__main__":
    main()
