#!/usr/bin/env python3
"""Writes assets/reshade/FontAtlas.png, the glyph atlas of fxbench's built-in DrawText.fxh.

The layout is the one DrawText's API expects: a 512x512 image cut into a grid of 14 columns and
7 rows; cell `i` (column `i % 14`, row `i / 14`) holds the character DrawText numbers `i`:
printable ASCII from the space (0) to the tilde (94), an ellipsis (95) and two blank cells. A
glyph is white on black (DrawText reads the red channel) and is drawn 4 pixels wide and 8 pixels
tall per font pixel, centred in its cell, so the edges of every cell stay black.

Glyphs: the 8x8 bitmap font "font8x8" by Daniel Hepper (https://github.com/dhepper/font8x8,
font8x8_basic.h), itself based on the IBM PC VGA fonts as collected by Marcel Sondaar. Its
licence: public domain. Each glyph below is 8 rows of 8 pixels, one byte a row, top row first;
the least significant bit is the leftmost pixel. The ellipsis is ours (also public domain).

Needs only the Python standard library. Run from the repository root:
    python3 scripts/make_font_atlas.py
"""

import struct
import sys
import zlib
from pathlib import Path

SIZE_PX = 512
COLUMNS, ROWS = 14, 7
# Pixels of the atlas per font pixel, across and down.
SCALE_X, SCALE_Y = 4, 8

# U+0020 .. U+007E of font8x8_basic.h (public domain), as hex: 8 bytes a glyph.
FONT8X8_PRINTABLE = [
    "0000000000000000",  # ' '
    "183c3c1818001800",  # '!'
    "3636000000000000",  # '"'
    "36367f367f363600",  # '#'
    "0c3e031e301f0c00",  # '$'
    "006333180c666300",  # '%'
    "1c361c6e3b336e00",  # '&'
    "0606030000000000",  # "'"
    "180c0606060c1800",  # '('
    "060c1818180c0600",  # ')'
    "00663cff3c660000",  # '*'
    "000c0c3f0c0c0000",  # '+'
    "00000000000c0c06",  # ','
    "0000003f00000000",  # '-'
    "00000000000c0c00",  # '.'
    "6030180c06030100",  # '/'
    "3e63737b6f673e00",  # '0'
    "0c0e0c0c0c0c3f00",  # '1'
    "1e33301c06333f00",  # '2'
    "1e33301c30331e00",  # '3'
    "383c36337f307800",  # '4'
    "3f031f3030331e00",  # '5'
    "1c06031f33331e00",  # '6'
    "3f3330180c0c0c00",  # '7'
    "1e33331e33331e00",  # '8'
    "1e33333e30180e00",  # '9'
    "000c0c00000c0c00",  # ':'
    "000c0c00000c0c06",  # ';'
    "180c0603060c1800",  # '<'
    "00003f00003f0000",  # '='
    "060c1830180c0600",  # '>'
    "1e3330180c000c00",  # '?'
    "3e637b7b7b031e00",  # '@'
    "0c1e33333f333300",  # 'A'
    "3f66663e66663f00",  # 'B'
    "3c66030303663c00",  # 'C'
    "1f36666666361f00",  # 'D'
    "7f46161e16467f00",  # 'E'
    "7f46161e16060f00",  # 'F'
    "3c66030373667c00",  # 'G'
    "3333333f33333300",  # 'H'
    "1e0c0c0c0c0c1e00",  # 'I'
    "7830303033331e00",  # 'J'
    "6766361e36666700",  # 'K'
    "0f06060646667f00",  # 'L'
    "63777f7f6b636300",  # 'M'
    "63676f7b73636300",  # 'N'
    "1c36636363361c00",  # 'O'
    "3f66663e06060f00",  # 'P'
    "1e3333333b1e3800",  # 'Q'
    "3f66663e36666700",  # 'R'
    "1e33070e38331e00",  # 'S'
    "3f2d0c0c0c0c1e00",  # 'T'
    "3333333333333f00",  # 'U'
    "33333333331e0c00",  # 'V'
    "6363636b7f776300",  # 'W'
    "6363361c1c366300",  # 'X'
    "3333331e0c0c1e00",  # 'Y'
    "7f6331184c667f00",  # 'Z'
    "1e06060606061e00",  # '['
    "03060c1830604000",  # '\\'
    "1e18181818181e00",  # ']'
    "081c366300000000",  # '^'
    "00000000000000ff",  # '_'
    "0c0c180000000000",  # '`'
    "00001e303e336e00",  # 'a'
    "0706063e66663b00",  # 'b'
    "00001e3303331e00",  # 'c'
    "3830303e33336e00",  # 'd'
    "00001e333f031e00",  # 'e'
    "1c36060f06060f00",  # 'f'
    "00006e33333e301f",  # 'g'
    "0706366e66666700",  # 'h'
    "0c000e0c0c0c1e00",  # 'i'
    "300030303033331e",  # 'j'
    "070666361e366700",  # 'k'
    "0e0c0c0c0c0c1e00",  # 'l'
    "0000337f7f6b6300",  # 'm'
    "00001f3333333300",  # 'n'
    "00001e3333331e00",  # 'o'
    "00003b66663e060f",  # 'p'
    "00006e33333e3078",  # 'q'
    "00003b6e66060f00",  # 'r'
    "00003e031e301f00",  # 's'
    "080c3e0c0c2c1800",  # 't'
    "0000333333336e00",  # 'u'
    "00003333331e0c00",  # 'v'
    "0000636b7f7f3600",  # 'w'
    "000063361c366300",  # 'x'
    "00003333333e301f",  # 'y'
    "00003f190c263f00",  # 'z'
    "380c0c070c0c3800",  # '{'
    "1818180018181800",  # '|'
    "070c0c380c0c0700",  # '}'
    "6e3b000000000000",  # '~'
]
# Cell 95: three dots on the bottom row of the glyph.
ELLIPSIS = "0000000000004900"
BLANK = "0000000000000000"


def glyph_rows(index):
    """The 8 row bytes of DrawText's character `index`."""
    if index < len(FONT8X8_PRINTABLE):
        text = FONT8X8_PRINTABLE[index]
    elif index == len(FONT8X8_PRINTABLE):
        text = ELLIPSIS
    else:
        text = BLANK
    return bytes.fromhex(text)


def atlas_pixels():
    """Row-major 8-bit grey pixels of the atlas."""
    cell_w = SIZE_PX / COLUMNS
    cell_h = SIZE_PX / ROWS
    margin_x = (cell_w - 8 * SCALE_X) / 2
    margin_y = (cell_h - 8 * SCALE_Y) / 2
    glyphs = [glyph_rows(i) for i in range(COLUMNS * ROWS)]
    out = bytearray()
    for py in range(SIZE_PX):
        cy = (py + 0.5) / cell_h
        row = int(cy)
        fy = int(((cy - row) * cell_h - margin_y) // SCALE_Y)
        for px in range(SIZE_PX):
            cx = (px + 0.5) / cell_w
            column = int(cx)
            fx = int(((cx - column) * cell_w - margin_x) // SCALE_X)
            lit = 0 <= fx < 8 and 0 <= fy < 8 and (glyphs[row * COLUMNS + column][fy] >> fx) & 1
            out.append(255 if lit else 0)
    return bytes(out)


def png_grey8(width, height, pixels):
    """A PNG file (8-bit greyscale, no interlace) holding `pixels`."""

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\0" + pixels[y * width:(y + 1) * width] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("assets/reshade/FontAtlas.png")
    out.write_bytes(png_grey8(SIZE_PX, SIZE_PX, atlas_pixels()))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
