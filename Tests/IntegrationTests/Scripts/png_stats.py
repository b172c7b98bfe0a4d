#!/usr/bin/env python3
"""Prints what a PNG screenshot holds, as JSON: its size, how many distinct colours, the share of
pixels that are not the background (the top-left pixel's colour), and how many pixels are near
each colour given as rrggbb arguments (within 6 per channel). Standard library only (zlib), an
independent checker for the report page's screenshot test."""
import json
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise SystemExit(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    channels = 3 if colour == 2 else 4
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    width, height, channels, rows = pixels(sys.argv[1])
    wanted = {name: tuple(int(name[i:i + 2], 16) for i in (0, 2, 4)) for name in sys.argv[2:]}
    background = tuple(rows[0][0:3])
    colours, foreground, near = set(), 0, {name: 0 for name in wanted}
    for row in rows:
        for x in range(0, width * channels, channels):
            pixel = tuple(row[x:x + 3])
            colours.add(pixel)
            if pixel != background:
                foreground += 1
            for name, target in wanted.items():
                if all(abs(p - t) <= 6 for p, t in zip(pixel, target)):
                    near[name] += 1
    print(json.dumps({"width": width, "height": height, "colours": len(colours),
                      "foreground": foreground / (width * height), "near": near}))


main()
