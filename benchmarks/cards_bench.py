"""Benchmark of `--cards` with a full-size bulk file: index first, parse per card used, cache.

Run ``python3 benchmarks/cards_bench.py`` (``--mb N`` for another size, default 150). It writes a
Scryfall-format bulk file of about N MB (fixed seed, in a temporary directory, with the fields
of Scryfall's ``oracle_cards`` objects: images, legalities, prices, …) and prints CPU seconds for
``json.load`` of it, for the first ``--cards`` call (index built and cached, then the cards of a
situation looked up), for later calls (the cache read), and for a call with the cache switched
off; then, side by side, ``pysolver.permanent_from_card`` with the pool (its first and a later
call) and ``pysolver.load_data`` of a board with the same card. Aims (issues 14, 22): first call
≤ 1.5 × json.load, later calls < 0.3 s extra; permanent_from_card costs what load_data costs (one lookup).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

SEED = 1414
WORDS = ("flying first strike trample vigilance creature target player damage counter untap "
         "battlefield graveyard library exile sacrifice destroy return enters control").split()
TYPES = ("Creature — Human Soldier", "Creature — Elf Warrior", "Instant", "Sorcery", "Enchantment",
         "Artifact", "Land", "Legendary Creature — Dragon", "Creature — Zombie", "Artifact Creature — Golem")
KEYWORDS = ("Flying", "Trample", "Vigilance", "Haste", "Deathtouch", "Menace", "Reach", "Lifelink")
LOOKUPS = 6  # cards a typical situation names


def card(rng: random.Random, i: int) -> dict:
    """One Scryfall-like card object (about 4.5 kB, as in the real bulk file)."""
    type_line = rng.choice(TYPES)
    text = "\n".join([", ".join(rng.sample(KEYWORDS, rng.randint(0, 2))) or "Vigilance",
                      *(" ".join(rng.choices(WORDS, k=rng.randint(8, 25))).capitalize() + "."
                        for _ in range(rng.randint(1, 3)))])
    uid = f"{rng.getrandbits(32):08x}-{i:04x}-4{rng.getrandbits(12):03x}-8000-{rng.getrandbits(48):012x}"
    url = f"https://cards.scryfall.io/large/front/{uid[0]}/{uid[1]}/{uid}.jpg?{rng.getrandbits(32)}"
    obj = {"object": "card", "id": uid, "oracle_id": uid[::-1], "multiverse_ids": [rng.randint(1, 600000)],
           "arena_id": rng.randint(60000, 99999), "mtgo_id": rng.randint(1, 120000),
           "tcgplayer_id": rng.randint(1, 600000),
           "name": f"Card {i:05d} " + " ".join(rng.choices(WORDS, k=2)).title(), "lang": "en",
           "released_at": "2024-01-01", "uri": f"https://api.scryfall.com/cards/{uid}",
           "scryfall_uri": f"https://scryfall.com/card/set/{i}/{uid}", "layout": "normal", "highres_image": True,
           "image_status": "highres_scan", "image_uris": {k: url for k in ("small", "normal", "large", "png",
                                                                             "art_crop", "border_crop")},
           "mana_cost": "{2}{G}", "cmc": 3.0, "type_line": type_line, "oracle_text": text,
           "colors": rng.sample("WUBRG", rng.randint(0, 2)), "color_identity": ["G"], "keywords": [],
           "legalities": {f: rng.choice(("legal", "not_legal")) for f in (
               "standard", "future", "historic", "timeless", "gladiator", "pioneer", "explorer", "modern", "legacy",
               "pauper", "vintage", "penny", "commander", "oathbreaker", "standardbrawl", "brawl", "alchemy",
               "paupercommander", "duel", "oldschool", "premodern", "predh")},
           "games": ["paper", "mtgo", "arena"], "reserved": False, "foil": True, "nonfoil": True,
           "finishes": ["nonfoil", "foil"], "oversized": False, "promo": False, "reprint": True, "variation": False,
           "set_id": uid, "set": f"s{i % 300:02d}", "set_name": "Benchmark Set", "set_type": "expansion",
           "set_uri": f"https://api.scryfall.com/sets/{uid}", "set_search_uri": f"https://api.scryfall.com/cards/search?q={uid}",
           "scryfall_set_uri": f"https://scryfall.com/sets/s{i}", "rulings_uri": f"https://api.scryfall.com/cards/{uid}/rulings",
           "prints_search_uri": f"https://api.scryfall.com/cards/search?order=released&q=oracleid%3A{uid}",
           "collector_number": str(i), "digital": False, "rarity": "common",
           "flavor_text": " ".join(rng.choices(WORDS, k=15)),
           "card_back_id": uid, "artist": "Benchmark Artist", "artist_ids": [uid], "illustration_id": uid,
           "border_color": "black", "frame": "2015", "full_art": False, "textless": False, "booster": True,
           "story_spotlight": False, "edhrec_rank": rng.randint(1, 30000), "penny_rank": rng.randint(1, 10000),
           "prices": {"usd": "0.10", "usd_foil": "0.25", "usd_etched": None, "eur": "0.05", "eur_foil": "0.20",
                      "tix": "0.03"},
           "related_uris": {k: f"https://{k}.example/search?q={uid}"
                            for k in ("gatherer", "tcgplayer_infinite_articles", "tcgplayer_infinite_decks", "edhrec")},
           "purchase_uris": {k: f"https://{k}.example/product/{uid}?utm_source=scryfall" for k in (
               "tcgplayer", "cardmarket", "cardhoarder")}}
    if type_line.startswith(("Creature", "Legendary Creature", "Artifact Creature")):
        obj["power"], obj["toughness"] = str(rng.randint(0, 8)), str(rng.randint(1, 8))
    return obj


def write_bulk(path: Path, megabytes: int) -> int:
    rng = random.Random(SEED)
    cards, size = [], 0
    while size < megabytes * 1_000_000:
        cards.append(card(rng, len(cards)))
        size += len(json.dumps(cards[-1])) + 2
    path.write_text(json.dumps(cards), encoding="utf-8")
    return len(cards)


def cpu(fn) -> tuple[float, object]:
    start = time.process_time()
    value = fn()
    return time.process_time() - start, value


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mb", type=int, default=150, help="size of the generated bulk file in MB (default 150)")
    p.add_argument("--later", type=int, default=3, help="number of cached calls to time (default 3)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")
        os.environ.pop("PYSOLVER_NO_CACHE", None)
        from pysolver.files.cards import load_pool_file
        bulk = Path(tmp) / "oracle-cards.json"
        n = write_bulk(bulk, args.mb)
        objects = json.loads(bulk.read_text(encoding="utf-8"))
        names = [c["name"] for c in objects[:: max(1, n // LOOKUPS)][:LOOKUPS]]
        creature = next(c["name"] for c in reversed(objects) if "power" in c)  # a permanent card, looked up by the API
        del objects

        def use(cache: bool) -> None:
            pool = load_pool_file(bulk, cache=cache)
            for name in names:
                assert pool[name.lower()].name == name

        def load() -> object:
            with open(bulk, encoding="utf-8") as f:
                return json.load(f)

        t_json = cpu(load)[0]  # its result freed at once (untimed), not kept while the calls below run
        t_first = cpu(lambda: use(True))[0]
        t_later = [cpu(lambda: use(True))[0] for _ in range(args.later)]
        t_off = cpu(lambda: use(False))[0]
        import pysolver
        from pysolver.files.cards import builtin_pool
        builtin_pool()  # read once per process (a few ms), as are the modules: before either API call is timed
        permanent_from_card, load_data = pysolver.permanent_from_card, pysolver.load_data
        pool = load_pool_file(bulk)
        t_card_first, _ = cpu(lambda: permanent_from_card(creature, id="x", controller="a", cards=pool))
        t_card_later, _ = cpu(lambda: permanent_from_card(creature, id="x", controller="a", cards=pool))
        board = {"players": [{"name": "a"}, {"name": "b"}], "active": "a",
                 "permanents": [{"id": "x", "controller": "a", "card": creature}]}
        fresh = load_pool_file(bulk)
        t_board, _ = cpu(lambda: load_data(board, cards=fresh))
        cached = sum(f.stat().st_size for f in (Path(tmp) / "cache" / "pysolver").glob("*"))
        rows = [("json.load", t_json, 1.0), ("first call (index + cache)", t_first, t_first / t_json),
                ("later call (cached), best", min(t_later), min(t_later) / t_json),
                ("later call (cached), worst", max(t_later), max(t_later) / t_json),
                ("--no-card-cache", t_off, t_off / t_json)]
        print(f"bulk file: {n:,} cards, {bulk.stat().st_size / 1e6:.0f} MB; cache file {cached / 1e6:.1f} MB; "
              f"{LOOKUPS} cards looked up per call")
        print(f"{'call':<30}{'CPU s':>8}{'x json.load':>13}")
        for label, t, ratio in rows:
            print(f"{label:<30}{t:>8.3f}{ratio:>13.2f}")
        ok = t_first <= 1.5 * t_json and max(t_later) < 0.3
        print(f"aims (first <= 1.5 x json.load, later < 0.3 s): {'met' if ok else 'NOT met'}")
        print(f"{'one card of the pool (cached)':<30}{'CPU ms':>8}")
        for label, t in (("permanent_from_card, first", t_card_first), ("permanent_from_card, later", t_card_later),
                         ("load_data, same card", t_board)):
            print(f"{label:<30}{t * 1000:>8.2f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
