"""Output for people (tables with rule citations) and for programs (`--json`, `--jsonl`), see docs/cli.md.

Enumerations are written as they are found (:func:`write_text`, and the JSON writers of
:mod:`pysolver.output.results`); `check`, `verify` and `graph` answer with one document.

>>> import io
>>> from pysolver.model.moves import BlockDeclaration
>>> from pysolver.output.results import Buffer, Tally
>>> out = io.StringIO()
>>> write_text("blocks", {}, Tally(iter([BlockDeclaration(), BlockDeclaration.of([("y", "x")])])), Buffer(out.write))
>>> print(out.getvalue(), end="")
   1  no blockers
   2  y blocks x
2 legal block declarations (509.1)
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from ..model.abilities import FOGS, LIFE, PINGS, SHIELDS
from ..model.moves import AbilityActivation
from ..model.stage import Stage
from .results import Buffer, Tally
from .streams import atomic

if TYPE_CHECKING:
    from ..model.values import Outcome

Doc = dict[str, Any]


def render(command: str, doc: Doc, args: argparse.Namespace) -> str | None:
    """The text to print for a one-document answer (`check`, `verify`, `graph`); graph output may
    go to a file instead (None)."""
    if command == "graph":
        return _graph(doc["graph"], args)
    if args.json:
        return json.dumps(doc)
    if doc.get("complete") is False:
        return f"no verdict: stopped by --timeout {args.timeout:g} s"
    return TABLES[command](doc)


CUT = {"limit": " (stopped by --limit: there are more)",
       "timeout": " (stopped by --timeout: there may be more)"}


def noun(command: str, head: Doc) -> str:
    """What the results of an enumerating command are, with their rule."""
    if command == "damage":
        step = head["step"].replace("_", "-")
        return f"legal combat damage assignments in the {step} damage step (510.1)"
    return NOUNS[command]


def write_text(command: str, head: Doc, tally: Tally[Any] | None, out: Buffer, known: Doc | None = None,
               extra: Callable[[], Doc] | None = None, cut: str | None = None) -> None:
    """Numbered rows of the typed results as they are found, then ``N results (rule)``, why it
    stopped early if it did (`cut`: what stopped a count already made), and the seconds with
    `--stats` (`extra`)."""
    row = ROWS[command]
    if tally is not None:
        for i, item in enumerate(tally, 1):
            out.add(f"{i:>4}  {row(item)}\n")
        summary, cut = tally.summary(), tally.cut
    else:
        summary = dict(known or {"count": 0, "complete": True})
        cut = cut or (None if summary["complete"] else "timeout")
    seconds = (extra() if extra else {}).get("stats", {}).get("seconds")
    took = f" in {seconds} s" if seconds is not None else ""
    out.add(f"{summary['count']} {noun(command, head)}{CUT.get(cut or '', '')}{took}\n")
    out.flush()


def _pairs(pairs: list[list[str]], verb: str, none: str) -> str:
    return ", ".join(f"{a} {verb} {b}" for a, b in pairs) or none


def _triples(triples: Iterable[Sequence[Any]]) -> str:
    return ", ".join(f"{s} -> {t} {n}" for s, t, n in triples)


def _outcome(o: Outcome) -> str:
    """An outcome in one line, read off the typed value (no document in between)."""
    poison = dict(o.poison)
    parts = [", ".join(f"{p} {n}" for p, n in o.life)]
    if o.lost:
        rules = sorted({"704.5c" if poison.get(p, 0) >= 10 else "704.5a" for p in o.lost})
        parts.append("lost: " + ", ".join(o.lost) + f" ({', '.join(rules)})")
    if o.destroyed:
        parts.append("gone: " + ", ".join(o.destroyed))
    if o.returned:
        parts.append("returned: " + ", ".join(o.returned) + " (702.79a, 702.93a)")
    for key, counts in (("damage", o.damage), ("loyalty", o.loyalty), ("defense", o.defense), ("poison", o.poison),
                        ("-1/-1 counters", o.minus_counters)):
        if counts:
            parts.append(f"{key}: " + ", ".join(f"{k} {v}" for k, v in counts))
    line = o.line
    if line is not None:
        how = [", ".join(f"{a}->{t}" for a, t in line.attacks.attacks) or "no attack"]
        if line.blocks.blocks:
            how.append("blocks " + ", ".join(f"{b}->{a}" for b, a in line.blocks.blocks))
        how += [f"{f.permanent} face up {f.window.replace('_', ' ')} for {f.cost}" + " (mana cost)" * f.mana_cost
                for f in line.face_up]
        how += [f"{a.permanent} activated {a.times}x {a.window.replace('_', ' ')}"
                + (f" targeting {a.target}" if isinstance(a, AbilityActivation) and a.target else "")
                + (f" with X={a.x}" if isinstance(a, AbilityActivation) and a.x is not None else "")  # 107.3
                + (f" paying with {', '.join(a.pay_with)}" if a.pay_with else "")
                for a in line.activations]
        for step, words in ((line.first_strike, "first-strike damage"), (line.regular, "regular damage")):  # 510.1
            if step is not None and step.assignment:
                how.append(f"{words} {_triples(step.assignment)}")
        how += [_put_text(x.to_json()) for x in line.targets]  # 603.3d: death and provoke triggers, their targets
        parts.append("via " + "; ".join(how))
    return " | ".join(parts)


NOUNS = {"attacks": "legal attack declarations (508.1)", "blocks": "legal block declarations (509.1)",
         "outcomes": "distinct end-of-combat outcomes"}
ROWS: dict[str, Callable[[Any], str]] = {  # each typed result (pysolver.model.moves, pysolver.model.values) in a line
    "attacks": lambda m: _pairs(m.attacks, "attacks", "no attackers"),
    "blocks": lambda m: _pairs(m.blocks, "blocks", "no blockers"),
    "damage": lambda m: _triples(m.assignment) or "no combat damage",
    "outcomes": _outcome,
}


def _check_text(doc: Doc) -> str:
    from ..rules.check import text
    return text(doc)


def _graph(g: Any, args: argparse.Namespace) -> str | None:
    from ..rules.graph import node_link, to_dot
    from .svg import graph_svg
    fmt = "json" if args.json else args.format
    if fmt == "json":
        text = json.dumps(node_link(g))
    elif fmt == "dot":
        text = to_dot(g)
    elif fmt == "svg":  # drawn by pysolver.output.svg, no Graphviz needed
        text = graph_svg(g)
    else:  # a picture made by Graphviz, the only external program
        import shutil
        import subprocess
        if shutil.which("dot") is None:
            raise InputError(None, "--format", f"{fmt} output needs Graphviz 'dot' on PATH; use --format dot or json")
        if not args.output:
            raise InputError(None, "--output", f"{fmt} output is binary: give -o FILE")
        picture = subprocess.run(["dot", f"-T{fmt}"], input=to_dot(g).encode(), check=True,
                                 capture_output=True).stdout
        with atomic(args.output, "wb") as f:
            f.write(picture)
        return None
    if args.output:
        with atomic(args.output) as f:
            f.write(text + "\n")
        return None
    return text


# ---- verify, for people ---------------------------------------------------------------------

#: The stages of combat a `verify` tree names, in words (507-511).
STAGE_WORDS = {Stage.BEGINNING_OF_COMBAT: "beginning of combat", Stage.AFTER_ATTACKERS: "after attackers",
               Stage.AFTER_BLOCKERS: "after blockers", Stage.AFTER_FIRST_STRIKE_DAMAGE: "between the damage steps",
               Stage.DECLARE_ATTACKERS: "declare attackers", Stage.DECLARE_BLOCKERS: "declare blockers",
               Stage.ATTACKERS_DAMAGE: "assigns attackers' damage", Stage.BLOCKERS_DAMAGE: "assigns blockers' damage",
               Stage.AFTER_COMBAT_DAMAGE: "after combat damage", Stage.PUT_TRIGGERS: "puts triggers on the stack",
               Stage.ORDER_TRIGGERS: "orders triggers"}


def _put_text(t: Doc) -> str:
    """A death or provoke trigger put on the stack with its target (603.3d, 702.39a).

    >>> _put_text({"kind": "provoke", "source": "x", "target": "", "amount": 0})
    "x's provoke with no target"
    >>> _put_text({"kind": "dies_return_exiled", "source": "fh", "target": "", "amount": 0})
    "fh's trigger returning the cards exiled with it to the battlefield"
    """
    if t["kind"] == "provoke":
        return f"{t['source']}'s provoke " + (f"targeting {t['target']}" if t["target"] else "with no target")
    if t["kind"] in ("dies_return_exiled", "dies_return_exiled_to_hand"):  # 607.2a, 400.7 (pysolver.rules.exiled)
        where = "their owners' hands" if t["kind"].endswith("hand") else "the battlefield"
        return f"{t['source']}'s trigger returning the cards exiled with it to {where}"
    return f"{t['source']}'s death trigger {t['amount']} to {t['target'] or 'each opponent'}"


def move_text(move: Doc) -> str:
    if "put_trigger" in move:  # 603.3b, 603.3d
        return "puts " + _put_text(move["put_trigger"])
    if "triggers" in move:  # 603.3b
        return "orders triggers: " + ", ".join(f"{t['kind']} of {t['source']}" for t in move["triggers"])
    if "turn_face_up" in move:
        how = " for its mana cost" if move.get("mana_cost") else ""  # 701.40b, 701.58b
        return f"turns {', '.join(move['turn_face_up'])} face up{how}" if move["turn_face_up"] else "passes"
    if "activate" in move:  # 602.2
        a = move["activate"]
        if a.get("kind") in PINGS:  # 120.3 (pysolver.rules.pingers)
            x = f" with X={a['x']}" if "x" in a else ""  # 107.3
            return f"activates {a['permanent']}'s damage ability{x}" + (f" at {a['target']}" if a.get("target") else "")
        if a.get("kind") in LIFE:  # 119.3
            return f"activates {a['permanent']}'s life ability" + (f" at {a['target']}" if a.get("target") else "")
        if a.get("kind") in (*SHIELDS, *FOGS):  # 615.7, 615.1a
            return f"activates {a['permanent']}'s prevention ability" + (f" at {a['target']}" if a.get("target")
                                                                         else "")
        paying = f" paying with {', '.join(a['pay_with'])}" if a.get("pay_with") else ""  # 601.2h
        return f"activates {a['permanent']}'s pump {a['times']}x{paying}"
    if "attacks" in move:
        return "attacks: " + (", ".join(f"{a} -> {t}" for a, t in move["attacks"]) or "none")
    if "blocks" in move:
        return "blocks: " + (", ".join(f"{b} blocks {a}" for b, a in move["blocks"]) or "none")
    step = move.get("step", "").replace("_", "-")
    return f"{step} damage: " + (", ".join(f"{s} -> {r} {n}" for s, r, n in move["assign"]) or "none")


def end_text(end: Doc) -> str:
    parts = []
    if end.get("lost"):
        parts.append(f"{', '.join(end['lost'])} lost (704.5a)")
    if end.get("destroyed"):
        parts.append(f"destroyed: {', '.join(end['destroyed'])}")
    if end.get("life"):
        parts.append(", ".join(f"{p} at {n} life" for p, n in end["life"].items()))
    if end.get("bound"):
        parts.append(end["bound"])
    return "end: " + ("; ".join(parts) or "nothing the goal names happened")


def tree_text(tree: list[Doc], indent: int = 2) -> list[str]:
    pad = " " * indent
    lines = []
    for item in tree:
        if "end" in item:
            lines.append(pad + end_text(item["end"]))
        elif "move" in item:
            forced = " (forced)" if item.get("forced") else ""
            lines.append(f"{pad}{item['by']} ({STAGE_WORDS.get(item['stage'], item['stage'])}): "
                         f"{move_text(item['move'])}{forced}")
        else:
            lines.append(f"{pad}{item['by']} ({STAGE_WORDS.get(item['stage'], item['stage'])}), any of:")
            for reply in item["replies"]:
                lines.append(f"{pad}  - " + "; or ".join(move_text(m) for m in reply["moves"]))
                lines += tree_text(reply["then"], indent + 6)
    return lines


def verify_text(doc: Doc) -> str:
    """The `verify` document for people: the verdict, the strategy or refutation as a tree."""
    if doc["holds"]:
        body, head = doc["strategy"], f"holds: {doc['strategy']['player']} can force {doc['goal']}"
    else:
        body, head = doc["refutation"], f"does not hold: {doc['refutation']['player']} can prevent {doc['goal']}"
    lines = [head, "strategy:" if doc["holds"] else "refutation:", *tree_text(body["tree"])]
    if body.get("interchangeable"):
        lines.append("(up to interchangeable creatures: " +
                     "; ".join(", ".join(g) for g in body["interchangeable"]) + ")")
    st = doc.get("stats", {})
    if st:
        n = st["counterexamples"]
        lines.append(f"searched {st['positions']} positions, {st['attack_candidates']} attack candidates, "
                     f"{n} counterexample{'' if n == 1 else 's'} (reused {st['pool_refutations']}) "
                     f"in {st['seconds']} s")
    return "\n".join(lines)


def outcome_text(end: Doc) -> str:
    """An end of combat (an `outcomes` result) in one line: life, who lost, what was destroyed.

    >>> outcome_text({"life": {"a": 20, "b": 0}, "lost": ["b"], "destroyed": ["x"], "damage": {"y": 1}})
    'end: a at 20 life, b at 0 life; b lost (704.5a, 704.5c); destroyed: x; damage: y 1'
    """
    parts = [", ".join(f"{p} at {n} life" for p, n in end["life"].items())]
    if end.get("poison"):
        parts.append("poison: " + ", ".join(f"{p} {n}" for p, n in end["poison"].items()))
    if end.get("lost"):
        parts.append(f"{', '.join(end['lost'])} lost (704.5a, 704.5c)")
    if end.get("destroyed"):
        parts.append(f"destroyed: {', '.join(end['destroyed'])}")
    if end.get("damage"):
        parts.append("damage: " + ", ".join(f"{x} {n}" for x, n in end["damage"].items()))
    return "end: " + "; ".join(parts)


def best_text(doc: Doc) -> str:
    """The `best` document for people: the value of each term, every optimal first move, the line."""
    lines = [f"best for {doc['player']} ({doc['side']}):"]
    width = max((len(v["term"]) for v in doc["value"]), default=0)
    lines += [f"  {v['term']:<{width}}  {v['value']}" for v in doc["value"]]
    if doc["moves"]:
        n = len(doc["moves"])
        lines.append(f"{n} optimal move{'' if n == 1 else 's'} of {doc['by']} "
                     f"({STAGE_WORDS.get(doc['stage'], doc['stage'])}):")
        lines += [f"  - {move_text(m)}" for m in doc["moves"]]
    lines.append("principal line:")
    lines += tree_text(doc["line"])
    lines.append("  " + outcome_text(doc["end"]))
    st = doc.get("stats", {})
    if st:
        lines.append(f"searched {st['positions']:.0f} positions, {st['declarations']:.0f} declarations "
                     f"in {st['seconds']} s")
    return "\n".join(lines)


TABLES: dict[str, Callable[[Doc], str]] = {"check": _check_text, "verify": verify_text, "best": best_text}
