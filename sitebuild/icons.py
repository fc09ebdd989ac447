"""The site's app icons, drawn at build time with the standard library.

The icon is the crest of the pages' banner (``site/assets/favicon.svg``: a wine
shield edged in gold, a gold sword, a gold gem) on the banner's night colour.
It is drawn from the same SVG coordinates (a 64 x 64 box) into PNG files, so
that the site owes no picture to anyone and needs no image library: each shape
is a polygon (curves flattened, strokes as rectangles and discs), filled scan
line by scan line with 4 x 4 samples per pixel for smooth edges, then written
as an 8-bit RGB PNG (zlib + struct).

``icon_files()`` gives every icon the build ships, by its logical name under
``assets/`` (the manifest names them): ``icon-192.png`` and ``icon-512.png``
(purpose "any"), ``icon-maskable-512.png`` (the crest inside the safe circle
of a maskable icon, which launchers crop to their own shape) and
``apple-touch-icon.png`` (180 px, for iOS home screens).
"""

from __future__ import annotations

import functools
import math
import re
import struct
import zlib
from collections.abc import Mapping, Sequence

__all__ = ["ICONS", "IconSpec", "crest_png", "icon_files", "png_bytes"]

Point = tuple[float, float]
Colour = tuple[int, int, int]

#: The site's colours (site/assets/app.css: --night, --wine, --gold-light).
NIGHT: Colour = (0x23, 0x15, 0x0F)
WINE: Colour = (0x7D, 0x1F, 0x2C)
GOLD: Colour = (0xE9, 0xC4, 0x6A)

#: samples per pixel along each axis
_SUBSAMPLES = 4
_FULL = _SUBSAMPLES * _SUBSAMPLES


class IconSpec:
    """One icon file: its size in pixels and how much of it the crest fills."""

    def __init__(self, size: int, crest: float, purpose: str) -> None:
        self.size = size
        #: the crest's 64-unit box as a share of the icon's side
        self.crest = crest
        #: the manifest's purpose ("any", "maskable", or "" for no manifest entry)
        self.purpose = purpose


#: logical name -> spec. A maskable icon keeps everything inside the centre
#: circle of 80 % of its side; the crest's box at 62 % fits in it.
ICONS: Mapping[str, IconSpec] = {
    "assets/icon-192.png": IconSpec(192, 0.86, "any"),
    "assets/icon-512.png": IconSpec(512, 0.86, "any"),
    "assets/icon-maskable-512.png": IconSpec(512, 0.62, "maskable"),
    "assets/apple-touch-icon.png": IconSpec(180, 0.78, ""),
}


def icon_files() -> dict[str, bytes]:
    """Every icon the site ships, logical name -> PNG bytes (the same on every build)."""
    return {name: crest_png(spec.size, spec.crest) for name, spec in ICONS.items()}


# ------------------------------------------------------------------- shapes


def _cubic(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    """Points along a cubic Bézier curve, p0 excluded."""
    out: list[Point] = []
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        out.append(
            (
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


def _shield() -> list[Point]:
    """The banner's shield: M32 4 L56 12 V30 C56 45 45 55 32 60 C19 55 8 45 8 30 V12 Z."""
    points: list[Point] = [(32, 4), (56, 12), (56, 30)]
    points += _cubic((56, 30), (56, 45), (45, 55), (32, 60))
    points += _cubic((32, 60), (19, 55), (8, 45), (8, 30))
    points.append((8, 12))
    return points


def _inset(polygon: Sequence[Point], distance: float) -> list[Point]:
    """A convex polygon (clockwise on screen) moved inwards by `distance`."""
    out: list[Point] = []
    count = len(polygon)
    for i in range(count):
        before, here, after = polygon[i - 1], polygon[i], polygon[(i + 1) % count]
        n1 = _inward_normal(before, here)
        n2 = _inward_normal(here, after)
        # the miter: both neighbouring edges moved by `distance`, where they meet
        scale = distance / (1 + n1[0] * n2[0] + n1[1] * n2[1])
        out.append((here[0] + (n1[0] + n2[0]) * scale, here[1] + (n1[1] + n2[1]) * scale))
    return out


def _inward_normal(a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return (-dy / length, dx / length)


def _bar(a: Point, b: Point, width: float) -> list[Point]:
    """A straight stroke from a to b (butt ends; round ends are discs)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    return [
        (a[0] + nx, a[1] + ny),
        (b[0] + nx, b[1] + ny),
        (b[0] - nx, b[1] - ny),
        (a[0] - nx, a[1] - ny),
    ]


def _disc(centre: Point, radius: float, steps: int = 32) -> list[Point]:
    return [
        (
            centre[0] + radius * math.cos(2 * math.pi * i / steps),
            centre[1] + radius * math.sin(2 * math.pi * i / steps),
        )
        for i in range(steps)
    ]


def _crest() -> list[tuple[list[Point], Colour]]:
    """The crest's shapes in drawing order, in the SVG's 64-unit box."""
    shield = _shield()
    shapes: list[tuple[list[Point], Colour]] = [(shield, GOLD), (_inset(shield, 3.2), WINE)]
    sword = ((32, 14), (32, 50))
    guard = ((25, 38), (39, 38))
    for a, b in (sword, guard):
        shapes.append((_bar(a, b, 5), GOLD))
        shapes += [(_disc(a, 2.5), GOLD), (_disc(b, 2.5), GOLD)]
    shapes.append((_disc((32, 54), 3.4), GOLD))
    return shapes


# ------------------------------------------------------------------ raster


class _Canvas:
    """An opaque RGB image, one bytearray per channel."""

    def __init__(self, size: int, background: Colour) -> None:
        self.size = size
        self.planes = [bytearray([value]) * (size * size) for value in background]

    def fill(self, polygon: Sequence[Point], colour: Colour) -> None:
        """Paint `polygon` (pixel coordinates), its edges blended by coverage."""
        size = self.size
        wide = size * _SUBSAMPLES
        ys = [p[1] for p in polygon]
        top = max(0, math.floor(min(ys)))
        bottom = min(size, math.ceil(max(ys)))
        edges = [(polygon[i - 1], polygon[i]) for i in range(len(polygon))]
        for row in range(top, bottom):
            coverage = self._row_coverage(edges, row, wide)
            base = row * size
            for match in _FULL_RUNS.finditer(coverage):
                # whole pixels: the colour as it is
                start, end = base + match.start(), base + match.end()
                for plane, value in zip(self.planes, colour, strict=True):
                    plane[start:end] = bytes([value]) * (end - start)
            for match in _PARTIAL.finditer(coverage):
                alpha = coverage[match.start()] / _FULL
                at = base + match.start()
                for plane, value in zip(self.planes, colour, strict=True):
                    plane[at] = round(plane[at] + (value - plane[at]) * alpha)

    @staticmethod
    def _row_coverage(edges: Sequence[tuple[Point, Point]], row: int, wide: int) -> bytes:
        """How many of each pixel's 16 samples fall inside, for one pixel row."""
        total = 0
        for sub in range(_SUBSAMPLES):
            y = row + (sub + 0.5) / _SUBSAMPLES
            crossings = sorted(
                a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
                for a, b in edges
                if (a[1] <= y < b[1]) or (b[1] <= y < a[1])
            )
            samples = bytearray(wide)  # one byte per sample: 1 inside, 0 outside
            for left, right in zip(crossings[::2], crossings[1::2], strict=False):
                # samples at x + (k + 0.5) / 4: those between left and right
                first = max(0, math.ceil(left * _SUBSAMPLES - 0.5))
                last = min(wide, math.ceil(right * _SUBSAMPLES - 0.5))
                if last > first:
                    samples[first:last] = b"\x01" * (last - first)
            total += int.from_bytes(samples, "little")
        # sum each pixel's 4 samples into its first byte (at most 16: no carry)
        total += (total >> 8) + (total >> 16) + (total >> 24)
        return total.to_bytes(wide + 3, "little")[:wide:_SUBSAMPLES]

    def rows(self) -> list[bytes]:
        size = self.size
        red, green, blue = self.planes
        out: list[bytes] = []
        for row in range(size):
            span = slice(row * size, (row + 1) * size)
            pixels = bytearray(size * 3)
            pixels[0::3], pixels[1::3], pixels[2::3] = red[span], green[span], blue[span]
            out.append(bytes(pixels))
        return out


_FULL_RUNS = re.compile(bytes([_FULL]) + b"+")
_PARTIAL = re.compile(bytes(range(1, _FULL)).join([b"[", b"]"]))


@functools.cache
def crest_png(size: int, crest: float) -> bytes:
    """The crest on the night colour, `size` pixels square, its box `crest` of the side."""
    canvas = _Canvas(size, NIGHT)
    scale = size * crest / 64
    offset = (size - 64 * scale) / 2
    for polygon, colour in _crest():
        canvas.fill([(offset + x * scale, offset + y * scale) for x, y in polygon], colour)
    return png_bytes(size, size, canvas.rows())


# -------------------------------------------------------------------- PNG


def png_bytes(width: int, height: int, rows: Sequence[bytes]) -> bytes:
    """An 8-bit RGB PNG of `rows` (each ``width * 3`` bytes), deterministic."""
    if len(rows) != height or any(len(row) != width * 3 for row in rows):
        raise ValueError("png_bytes needs `height` rows of `width` RGB pixels")
    raw = b"".join(b"\x00" + row for row in rows)  # filter 0 (none) on every row

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )
