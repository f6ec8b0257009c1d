"""The tutorial notebook (`examples/tutorial.ipynb`, issue 13) runs from top to bottom with nbclient
and shows what it says: the board, the block count, the refused declaration (509.1c), the verdict."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOK = Path(__file__).resolve().parent.parent / "examples" / "tutorial.ipynb"


def test_tutorial_notebook_runs() -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    svgs = [o["data"]["image/svg+xml"] for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) >= 3 and all(s.lstrip().startswith("<svg") for s in svgs)  # board, picture, graph
    assert "refused: ['509.1c']" in text and "the forced blocks are legal: True" in text
    assert "True\nholds: alice can force lethal: bob" in text
