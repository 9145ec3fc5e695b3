"""Write static/faces.css: the centre art of the 52 card faces (static/ui/faces.py), as data: URIs.

    python scripts/make_faces.py          # write the file
    python scripts/make_faces.py --check  # exit 1 if the committed file differs from what it would write

Standard library only. The output is committed, so serving the game needs no build step for it;
tests/test_faces.py fails when it is out of date.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "static"))  # the page's Python: static/ui
from ui.faces import faces_css

REPO = Path(__file__).resolve().parents[1]

OUT = REPO / "static" / "faces.css"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed file, write nothing")
    args = ap.parse_args(argv)
    text = faces_css()
    data = text.encode("utf-8")
    if args.check:
        if not OUT.is_file() or OUT.read_bytes() != data:
            print(f"{OUT.relative_to(REPO)} is out of date: run python scripts/make_faces.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_bytes(data)
    print(f"{OUT.relative_to(REPO)}: {len(data)} bytes, {len(gzip.compress(data, 9))} gzipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
