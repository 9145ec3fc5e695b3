#!/usr/bin/env python3
"""Exit 0 when every `name==version` pin of a requirements file is installed, else 1.

Lets `make test` skip pip entirely when nothing is missing. Lines that are not
exact pins (comments, blanks, options) are ignored; anything else counts as missing.
"""

from __future__ import annotations

import re
import sys
from importlib import metadata

PIN = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([^\s;#]+)\s*(?:#.*)?$")


def missing(path: str) -> list[str]:
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            text = line.strip()
            if not text or text.startswith(("#", "-")):
                continue
            m = PIN.match(text)
            if not m:
                out.append(f"{text} (not an exact pin)")
                continue
            name, want = m.groups()
            try:
                have = metadata.version(name)
            except metadata.PackageNotFoundError:
                out.append(f"{name}=={want} (not installed)")
                continue
            if have != want:
                out.append(f"{name}=={want} (installed: {have})")
    return out


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: check_requirements.py requirements-dev.txt")
    gaps = missing(sys.argv[1])
    for gap in gaps:
        print(f"needs {gap}")
    sys.exit(1 if gaps else 0)
