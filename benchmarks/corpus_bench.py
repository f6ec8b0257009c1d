"""The real-card corpus by class: how many cards are fully modelled, have only inert lines besides, or
have lines that may change the answer; the inert lines by reason; the commonest shapes of the lines that
may change the answer (numbers as N, mana symbols as {M}, the first five words). Reads
tests/fixtures/corpus/creatures.scryfall.json.xz with the pool reader (docs/engines.md); a few seconds.

    python3 benchmarks/corpus_bench.py [--top 40] [FILE]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))

from pysolver.files.cardlines import card_class, cards_of  # noqa: E402
from pysolver.files.cards import load_pool_file  # noqa: E402
from pysolver.files.oracle import INERT, MAY_CHANGE, MODELLED, REASONS, shape  # noqa: E402

CORPUS = Path(__file__).parents[1] / "tests" / "fixtures" / "corpus" / "creatures.scryfall.json.xz"


def line_shape(line: str, name: str) -> str:
    text = re.sub(r"\{[^}]*\}", "{M}", shape(line, name))
    return " ".join(re.sub(r"\d+", "N", text).split()[:5])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("file", nargs="?", default=str(CORPUS))
    p.add_argument("--top", type=int, default=40, help="how many shapes of lines that may change the answer")
    args = p.parse_args()
    start = time.process_time()
    cards = cards_of(load_pool_file(args.file, cache=False), [])
    seconds = time.process_time() - start
    by_class = Counter(card_class(c) for c in cards)
    n = len(cards)
    print(f"{n} cards ({seconds:.1f} CPU s to read and classify)")
    for key, label in ((MODELLED, "fully modelled"), (INERT, "only inert lines besides"),
                       (MAY_CHANGE, "lines that may change the answer")):
        print(f"  {label:<34} {by_class[key]:>5}  {100 * by_class[key] / n:5.1f} %")
    clean = by_class[MODELLED] + by_class[INERT]
    print(f"  {'no line that may change the answer':<34} {clean:>5}  {100 * clean / n:5.1f} %")
    lines = Counter(MODELLED for c in cards for _ in c.lines)
    reasons = Counter(why.key for c in cards for _, why in c.inert)
    may = Counter(line_shape(line, c.name) for c in cards for line in c.unmodelled)
    print(f"\nlines: {lines[MODELLED]} modelled, {sum(reasons.values())} inert, {sum(may.values())} may change")
    print("inert lines by reason:")
    for key in REASONS:
        print(f"  {key:<8} {reasons[key]:>5}  ({REASONS[key].rule})")
    print(f"\nthe {args.top} commonest shapes of lines that may change the answer:")
    for text, count in may.most_common(args.top):
        print(f"  {count:>4}  {text}")


if __name__ == "__main__":
    main()
