"""SVG pictures of boards and attacker–blocker graphs (issue 13): well-formed, deterministic (golden
files), showing what the rules say (tapped 701.26a, face-down 708.2a, attacks 508.1, blocks 509.1,
menace 702.111b, Lure 509.1c, restrictions 509.1b), and rendered to PNG where `rsvg-convert` exists.

Regenerate the golden files after a deliberate change of the drawing with
``python -c "import tests.test_svg as t; t.write_golden()"`` and look at them.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

import pysolver
from pysolver import Permanent, Player, Situation
from pysolver.cli import main as cli
from pysolver.output.svg import board_svg, graph_svg

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
GOLDEN_EXAMPLES = ("menace-and-lure", "akroma-vs-knights")
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml")) + sorted((ROOT / "examples" / "puzzles").glob("*.yaml"))
SVG = "{http://www.w3.org/2000/svg}"


def pictures(name: str) -> dict[str, str]:
    s = pysolver.load(ROOT / "examples" / f"{name}.yaml")
    return {f"{name}.board.svg": board_svg(s), f"{name}.graph.svg": graph_svg(pysolver.attacker_blocker_graph(s))}


def write_golden() -> None:
    for name in GOLDEN_EXAMPLES:
        for file, text in pictures(name).items():
            (GOLDEN / file).write_text(text, encoding="utf-8")


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_draws_well_formed_svg(path: Path) -> None:
    s = pysolver.load(path)
    root = ET.fromstring(board_svg(s))
    assert root.tag == f"{SVG}svg" and float(root.get("width", 0)) > 0
    cards = [g for g in root.iter(f"{SVG}g") if g.get("id", "").startswith("card-")]
    assert sorted(g.get("id") for g in cards) == sorted(f"card-{p.id}" for p in s.permanents)
    if s.combat.attackers is not None:
        ET.fromstring(graph_svg(pysolver.attacker_blocker_graph(s)))


@pytest.mark.parametrize("name", GOLDEN_EXAMPLES)
def test_pictures_are_deterministic_and_match_the_golden_files(name: str) -> None:
    for file, text in pictures(name).items():
        assert text == pictures(name)[file]
        assert text == (GOLDEN / file).read_text(encoding="utf-8"), f"{file} changed (see the module docstring)"


def test_board_shows_state() -> None:
    s = Situation(players=(Player("alice"), Player("bob", life=7)), active="alice", permanents=(
        Permanent("bear", "alice", power=2, toughness=2, abilities=("Trample",), tapped=True, damage=1),
        Permanent("morph", "alice", power=5, toughness=5, abilities=("Morph {3}{G}",), face_down=True,
                  pt_counters={"+1/+1": 1}, name="Hidden Elk"),
        Permanent("wall", "bob", power=0, toughness=4, abilities=("Defender",))))
    s = s.with_combat(attackers=(("morph", "bob"),), blockers=(("wall", "morph"),))
    svg = board_svg(s)
    root = ET.fromstring(svg)
    tapped = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "card-bear")
    assert tapped.get("transform", "").startswith("rotate(90")  # tapped: turned sideways
    words = texts(svg)
    assert "face-down 2/2" in words and "3/3" in words  # 708.2a 2/2 and a +1/+1 counter
    assert "face up: Hidden Elk" in words and "Morph {3}{G}" not in words
    assert {"damage 1", "Trample", "tapped", "+1/+1 ×1", "bob — 7 life (defending player)"} <= set(words)
    lines = list(root.iter(f"{SVG}line"))
    assert [line.get("marker-end") for line in lines] == ["url(#attack)", "url(#block)"]  # 508.1, 509.1


def test_graph_shows_requirements_restrictions_and_menace() -> None:
    svg = graph_svg(pysolver.attacker_blocker_graph(pysolver.load(ROOT / "examples" / "menace-and-lure.yaml")))
    root = ET.fromstring(svg)
    lines = list(root.iter(f"{SVG}line"))
    assert sum(line.get("marker-end") == "url(#lure)" for line in lines) == 2  # Lure edges (509.1c)
    assert sum(line.get("stroke-dasharray") is not None for line in lines) == 2  # piker can't block (509.1b)
    words = texts(svg)
    assert "needs 2+ blockers" in words and "509.1b cant block" in words and "blocks up to 1" in words


def test_repr_svg_for_notebooks() -> None:
    s = pysolver.load(ROOT / "examples" / "megamorph.yaml")
    assert s._repr_svg_() == board_svg(s)
    assert pysolver.block_graph(s)._repr_svg_() == graph_svg(pysolver.attacker_blocker_graph(s))


def test_show_and_graph_svg_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    example = str(ROOT / "examples" / "menace-and-lure.yaml")
    assert cli(["show", example, "-o", str(tmp_path / "board.svg")]) == 0
    assert (tmp_path / "board.svg").read_text() == board_svg(pysolver.load(example))
    assert cli(["graph", example, "--format", "svg"]) == 0  # no Graphviz needed
    assert capsys.readouterr().out.rstrip("\n") == graph_svg(
        pysolver.attacker_blocker_graph(pysolver.load(example))).rstrip("\n")
    assert cli(["show", str(tmp_path / "missing.yaml")]) == 2
    assert "cannot read file" in capsys.readouterr().err


def png_size_and_colours(data: bytes) -> tuple[int, int, int]:
    """Width, height and the number of distinct byte values of the image data of a PNG file."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    return width, height, len(set(zlib.decompress(idat)))


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert is not installed (librsvg2-bin)")
@pytest.mark.parametrize("name", GOLDEN_EXAMPLES)
def test_rendered_png_has_the_size_and_is_not_empty(name: str, tmp_path: Path) -> None:
    for file, text in pictures(name).items():
        (tmp_path / file).write_text(text, encoding="utf-8")
        png = tmp_path / (file + ".png")
        subprocess.run(["rsvg-convert", str(tmp_path / file), "-o", str(png)], check=True)
        root = ET.fromstring(text)
        width, height, colours = png_size_and_colours(png.read_bytes())
        assert (width, height) == (int(float(root.get("width", 0))), int(float(root.get("height", 0))))
        assert colours > 16, f"{file} renders almost blank"
