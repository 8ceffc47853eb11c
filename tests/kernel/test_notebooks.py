"""Every notebook in notebooks/ executes under nbclient on the kiln kernel, and its
outputs are the ones saved in the notebook.

Cells tagged `varies` (timings, the jit report's compile times) are checked for the
kinds of output they make, not their text; cells tagged `raises-exception` must raise.
`python test_notebooks.py --update` re-executes the notebooks and saves their outputs
(check the diff by eye before committing it).
"""

import copy
import os
import pathlib
import sys
import unittest

import nbformat
from nbclient import NotebookClient

KERNEL_NAME = os.environ.get("KILN_KERNEL_NAME", "kiln")
NOTEBOOKS = pathlib.Path(
    os.environ.get("KILN_NOTEBOOKS", pathlib.Path(__file__).resolve().parents[2] / "notebooks")
)


def execute(path):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        kernel_name=KERNEL_NAME,
        timeout=120,
        # No per-cell timestamps: saved notebooks change only when outputs do.
        record_timing=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    return nb


def tags(cell):
    return set(cell.get("metadata", {}).get("tags", []))


def merged(outputs):
    """Outputs with consecutive writes to one stream joined, as front ends show them
    (how a stream is split into messages depends on timing)."""
    joined = []
    for output in outputs:
        last = joined[-1] if joined else None
        if (output["output_type"] == "stream" and last is not None
                and last["output_type"] == "stream" and last["name"] == output["name"]):
            joined[-1] = dict(last, text=last["text"] + output["text"])
        else:
            joined.append(output)
    return joined


def comparable(output):
    """What of an output must not change between runs."""
    kind = output["output_type"]
    if kind == "stream":
        return (kind, output["name"], output["text"])
    if kind == "error":
        return (kind, output["ename"], output["evalue"], tuple(output["traceback"]))
    data = {mime: value for mime, value in output.get("data", {}).items()}
    return (kind, output.get("execution_count"), repr(sorted(data.items())),
            repr(sorted(output.get("metadata", {}).items())))


def shape(output):
    """The kind of an output, for cells whose text varies."""
    kind = output["output_type"]
    if kind == "stream":
        return (kind, output["name"])
    return (kind, tuple(sorted(output.get("data", {}))))


class Notebooks(unittest.TestCase):
    def test_every_notebook_runs_with_its_saved_outputs(self):
        paths = sorted(NOTEBOOKS.glob("*.ipynb"))
        self.assertGreaterEqual(len(paths), 3, f"notebooks in {NOTEBOOKS}")
        for path in paths:
            with self.subTest(notebook=path.name):
                saved = nbformat.read(path, as_version=4)
                ran = execute(path)
                code_cells = [
                    (old, new) for old, new in zip(saved.cells, ran.cells)
                    if new.cell_type == "code"
                ]
                for number, (old, new) in enumerate(code_cells, 1):
                    where = f"{path.name}, code cell {number}:\n{new.source}"
                    errors = [o for o in new.outputs if o["output_type"] == "error"]
                    if "raises-exception" in tags(new):
                        self.assertEqual(len(errors), 1, where)
                    else:
                        self.assertEqual(errors, [], where)
                    got, want = merged(new.outputs), merged(old.outputs)
                    if "varies" in tags(new):
                        self.assertEqual([shape(o) for o in got], [shape(o) for o in want], where)
                    else:
                        self.assertEqual([comparable(o) for o in got],
                                         [comparable(o) for o in want], where)


def update():
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb = execute(path)
        saved = copy.deepcopy(nb)
        saved.metadata.pop("widgets", None)
        for cell in saved.cells:
            cell.metadata.pop("execution", None)
        nbformat.write(saved, path)
        print(f"updated {path}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--update"]:
        update()
    else:
        unittest.main()
