"""The real-card corpus (tests/fixtures/corpus, built by its build.py from Magarena's public card
scripts): how many of its creatures have no line that may change the answer (docs/engines.md, "Lines
that cannot change one combat"). The floor is the number reached; it only rises, as lines are modelled.
`python3 benchmarks/corpus_bench.py` prints the counts by class and by reason.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pysolver.files.cardlines import card_class, cards_of
from pysolver.files.cards import Card, load_pool_file
from pysolver.files.oracle import INERT, MAY_CHANGE, MODELLED

CORPUS = Path(__file__).parent / "fixtures" / "corpus" / "creatures.scryfall.json.xz"
FLOOR = 2587  # of 3,006: cards fully modelled or with only inert lines besides (issue 23 aims at 85 %)


@pytest.fixture(scope="module")
def corpus() -> list[Card]:
    return cards_of(load_pool_file(CORPUS, cache=False), [])


def test_the_corpus_is_a_few_thousand_real_creatures(corpus: list[Card]) -> None:
    assert len(corpus) == 3006 and all("Creature" in c.types for c in corpus)
    names = {c.name for c in corpus}
    assert {"Akroma, Angel of Fury", "Blistering Firecat"} <= names  # the seed cards
    assert len(names) == len(corpus)


def test_cards_with_no_line_that_may_change_the_answer_do_not_fall_below_the_floor(corpus: list[Card]) -> None:
    classes = Counter(card_class(c) for c in corpus)
    clean = classes[MODELLED] + classes[INERT]
    print(f"\n{clean} of {len(corpus)} cards ({100 * clean / len(corpus):.1f} %) have no line that may change the "
          f"answer: {classes[MODELLED]} fully modelled, {classes[INERT]} with only inert lines besides; "
          f"{classes[MAY_CHANGE]} with lines that may change it")
    assert clean >= FLOOR


def test_the_seed_cards_of_the_corpus(corpus: list[Card]) -> None:
    """Magarena's wording: "This spell can't be countered." (601.2), the end-step sacrifice (513.1)."""
    cards = {c.name: c for c in corpus}
    akroma, firecat = cards["Akroma, Angel of Fury"], cards["Blistering Firecat"]
    assert akroma.lines == ("Flying", "trample", "protection from white and from blue",
                            "{R}: Akroma, Angel of Fury gets +1/+0 until end of turn.", "Morph {3}{R}{R}{R}")
    assert [(line, why.key) for line, why in akroma.inert] == [("This spell can't be countered.", "spell")]
    assert firecat.lines == ("Trample", "haste", "Morph {R}{R}")
    assert [why.key for _, why in firecat.inert] == ["step"] and card_class(firecat) == INERT
