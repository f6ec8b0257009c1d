"""A group's grants of quoted abilities (613.1f, 611.3a), read off a board's data in plain Python.

Independent of pysolver.files.group_grants: from the lines as a situation file writes them ('All Slivers have
"{B}: Regenerate this permanent."'), each creature of the type (its controller whoever, 'All'; a changeling is every
type, 702.73a) is given the quoted line with "this permanent" read as itself. Every source here may leave the
battlefield during the combat (untapped, no declaration made): a permanent keeps what it is given all combat long
only where it is the source of each activated line it is given (602.2: its own instance, the others the same choice)
and the only source of each other line (603.2, 613.4c: one instance each), or where the line is a would-die
replacement (614.6, 700.4: listed alike whether it applies or not). Otherwise the board is one to refuse.
"""

from __future__ import annotations

import re
from typing import Any

from pysolver.model.abilities import parse_ability_line

_GRANT = re.compile(r'All (?P<type>[A-Z][a-z]+?)s?(?: creatures)? have "(?P<line>[^"]+)"')
_ACTIVATED = re.compile(r"^[^\"]*:")  # 602.1: "[Cost]: [Effect.]"
_REPLACEMENT = re.compile(r"^If this permanent would be put into a graveyard")


def given_lines(data: dict[str, Any]) -> dict[str, list[str]] | None:
    """Each permanent's quoted lines given by the grants on the board (each distinct line once), by id; None where
    what a permanent is given may change during the combat (the module docstring)."""
    grants = [(p["id"], m.group("type").lower(), m.group("line")) for p in data["permanents"]
              for line in p.get("abilities", []) if (m := _GRANT.fullmatch(line))]
    given: dict[str, list[str]] = {}
    for p in data["permanents"]:
        members = {t.lower() for t in p.get("subtypes", [])}
        covering = [(source, line) for source, ctype, line in grants
                    if ctype in members or "Changeling" in p.get("abilities", [])]
        lines = list(dict.fromkeys(line for _, line in covering))
        for line in lines:
            sources = [source for source, other in covering if other == line]
            if _REPLACEMENT.match(line):
                continue
            if (p["id"] not in sources) if _ACTIVATED.match(line) else (sources != [p["id"]]):
                return None
        given[p["id"]] = lines
    return given


def given_abilities(data: dict[str, Any]) -> dict[str, list[str]] | None:
    """The ability terms each permanent has once the grants are read (its own lines but the grants, then the lines
    given, "this permanent" read as itself), by id; None as :func:`given_lines`."""
    given = given_lines(data)
    if given is None:
        return None
    out = {}
    for p in data["permanents"]:
        own = [line for line in p.get("abilities", []) if not _GRANT.fullmatch(line)]
        lines = own + [re.sub(r"\bthis permanent\b", "this creature", line, flags=re.I) for line in given[p["id"]]]
        out[p["id"]] = [a.term for line in lines for a in parse_ability_line(line, p.get("name"))]
    return out
