#!/usr/bin/env python3
"""Draw the app icons (static/icons/): SVG and PNG from the same few shapes. Stdlib only.

    python scripts/make_icons.py        rewrite static/icons/*.svg and *.png

The design: a white playing card with a black spade on the felt green of the table.
Two layouts: "any" (a rounded green tile, the card large) and "maskable" (green to the
edges, the card inside the centre circle of 80% that every launcher mask keeps).
The PNGs are committed (a few KB each); run this script again only to change the design.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "static" / "icons"

FELT = (0x0B, 0x5A, 0x32)
CARD = (0xFF, 0xFF, 0xFF)
EDGE = (0x22, 0x22, 0x22)
INK = (0x11, 0x11, 0x11)
SAMPLES = 4  # supersampling per axis: 16 samples a pixel for smooth edges

# Shapes in a 64x64 design box (the same numbers write the SVG and fill the PNG).
# ("rrect", x, y, w, h, r) | ("circle", cx, cy, r) | ("poly", [(x, y), ...])
SPADE = [
    ("circle", 25.5, 36.0, 7.0),
    ("circle", 38.5, 36.0, 7.0),
    # the point: its sides are tangent to the two lobes
    ("poly", [(19.96, 31.75), (32.0, 16.0), (44.04, 31.75), (38.5, 36.0), (32.0, 43.0), (25.5, 36.0)]),
    ("poly", [(30.8, 38.0), (33.2, 38.0), (36.4, 48.5), (27.6, 48.5)]),
]


def layout(kind: str) -> list[tuple[tuple[int, int, int], list[tuple]]]:
    """[(colour, [shapes unioned]), ...] painted in order."""
    if kind == "any":
        bg = [("rrect", 0.0, 0.0, 64.0, 64.0, 12.0)]
        k, ox, oy = 1.0, 0.0, 0.0
    else:  # maskable: full bleed, content scaled into the safe circle (radius 0.4 * 64)
        bg = [("rrect", 0.0, 0.0, 64.0, 64.0, 0.0)]
        k, ox, oy = 0.72, 32.0 * (1 - 0.72), 32.0 * (1 - 0.72)

    def tf(shape):
        if shape[0] == "rrect":
            _, x, y, w, h, r = shape
            return ("rrect", x * k + ox, y * k + oy, w * k, h * k, r * k)
        if shape[0] == "circle":
            _, x, y, r = shape
            return ("circle", x * k + ox, y * k + oy, r * k)
        return ("poly", [(x * k + ox, y * k + oy) for x, y in shape[1]])

    return [
        (FELT, bg),
        (EDGE, [tf(("rrect", 13.0, 7.0, 38.0, 50.0, 6.0))]),
        (CARD, [tf(("rrect", 15.0, 9.0, 34.0, 46.0, 4.0))]),
        (INK, [tf(s) for s in SPADE]),
    ]


# --------------------------------------------------------------------------- SVG

def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def svg(kind: str) -> str:
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">']
    for colour, shapes in layout(kind):
        fill = "#%02x%02x%02x" % colour
        for s in shapes:
            if s[0] == "rrect":
                _, x, y, w, h, r = s
                rx = f' rx="{_fmt(r)}"' if r else ""
                parts.append(f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(w)}" height="{_fmt(h)}"{rx} fill="{fill}"/>')
            elif s[0] == "circle":
                _, x, y, r = s
                parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r)}" fill="{fill}"/>')
            else:
                pts = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in s[1])
                parts.append(f'<polygon points="{pts}" fill="{fill}"/>')
    parts.append("</svg>")
    return "".join(parts) + "\n"


# --------------------------------------------------------------------------- raster

def _inside(shape, x: float, y: float) -> bool:
    if shape[0] == "circle":
        _, cx, cy, r = shape
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    if shape[0] == "rrect":
        _, rx, ry, w, h, r = shape
        if not (rx <= x <= rx + w and ry <= y <= ry + h):
            return False
        if r <= 0:
            return True
        cx = min(max(x, rx + r), rx + w - r)
        cy = min(max(y, ry + r), ry + h - r)
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    pts = shape[1]  # even-odd ray casting
    inside = False
    j = len(pts) - 1
    for i in range(len(pts)):
        xi, yi = pts[i]
        xj, yj = pts[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _bbox(shape) -> tuple[float, float, float, float]:
    if shape[0] == "circle":
        _, cx, cy, r = shape
        return cx - r, cy - r, cx + r, cy + r
    if shape[0] == "rrect":
        _, x, y, w, h, _r = shape
        return x, y, x + w, y + h
    xs, ys = [p[0] for p in shape[1]], [p[1] for p in shape[1]]
    return min(xs), min(ys), max(xs), max(ys)


def raster(kind: str, size: int) -> bytes:
    """RGBA pixels, row by row."""
    scale = size / 64.0
    rgba = [[0.0, 0.0, 0.0, 0.0] for _ in range(size * size)]  # premultiplied
    n = SAMPLES * SAMPLES
    offs = [((i + 0.5) / SAMPLES, (j + 0.5) / SAMPLES) for j in range(SAMPLES) for i in range(SAMPLES)]
    for colour, shapes in layout(kind):
        boxes = [_bbox(s) for s in shapes]
        x0 = max(0, int(min(b[0] for b in boxes) * scale) - 1)
        y0 = max(0, int(min(b[1] for b in boxes) * scale) - 1)
        x1 = min(size, int(math.ceil(max(b[2] for b in boxes) * scale)) + 1)
        y1 = min(size, int(math.ceil(max(b[3] for b in boxes) * scale)) + 1)
        for py in range(y0, y1):
            for px in range(x0, x1):
                hits = 0
                for dx, dy in offs:
                    x, y = (px + dx) / scale, (py + dy) / scale
                    if any(_inside(s, x, y) for s in shapes):
                        hits += 1
                if not hits:
                    continue
                a = hits / n
                p = rgba[py * size + px]
                for c in range(3):  # "over" in premultiplied space
                    p[c] = colour[c] / 255 * a + p[c] * (1 - a)
                p[3] = a + p[3] * (1 - a)
    out = bytearray()
    for p in rgba:
        a = p[3]
        if a <= 0:
            out += b"\0\0\0\0"
        else:
            out += bytes(min(255, round(p[c] / a * 255)) for c in range(3)) + bytes([round(a * 255)])
    return bytes(out)


def png(pixels: bytes, size: int) -> bytes:
    """A minimal RGBA PNG (filter "Up" on every row: flat shapes compress to little)."""
    stride = size * 4
    raw = bytearray()
    prev = bytes(stride)
    for y in range(size):
        row = pixels[y * stride:(y + 1) * stride]
        raw.append(2)
        raw += bytes((row[i] - prev[i]) & 0xFF for i in range(stride))
        prev = row

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def opaque(kind: str, size: int) -> bytes:
    """The maskable layout is opaque everywhere: good for apple-touch-icon too."""
    return png(raster(kind, size), size)


ICONS = [
    ("icon-192.png", "any", 192),
    ("icon-512.png", "any", 512),
    ("maskable-192.png", "maskable", 192),
    ("maskable-512.png", "maskable", 512),
    ("apple-touch-icon.png", "maskable", 180),
]


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg("any"), encoding="utf-8")
    (OUT / "maskable.svg").write_text(svg("maskable"), encoding="utf-8")
    for name, kind, size in ICONS:
        data = png(raster(kind, size), size)
        (OUT / name).write_bytes(data)
        print(f"static/icons/{name}: {size}x{size}, {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
