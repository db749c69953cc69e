"""Minimal PNG reading and writing (8-bit RGB/RGBA, non-interlaced: what Chromium writes), so the
storyboard check needs nothing but the Python standard library."""

import struct
import zlib


class Image:
    def __init__(self, width, height, rows):
        self.width = width
        self.height = height
        self.rows = rows  # list of bytes, RGB (3 bytes a pixel)


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG file")
    pos, idat = 8, []
    width = height = depth = colour = interlace = None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise ValueError(f"{path}: only 8-bit RGB or RGBA, non-interlaced PNGs are supported")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if kind == 1:
            for x in range(channels, stride):
                line[x] = (line[x] + line[x - channels]) & 0xFF
        elif kind == 2:
            for x in range(stride):
                line[x] = (line[x] + previous[x]) & 0xFF
        elif kind == 3:
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                line[x] = (line[x] + ((left + previous[x]) >> 1)) & 0xFF
        elif kind == 4:
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                upleft = previous[x - channels] if x >= channels else 0
                line[x] = (line[x] + _paeth(left, previous[x], upleft)) & 0xFF
        previous = line
        if channels == 4:
            rgb = bytearray(width * 3)
            rgb[0::3], rgb[1::3], rgb[2::3] = line[0::4], line[1::4], line[2::4]
            rows.append(bytes(rgb))
        else:
            rows.append(bytes(line))
    return Image(width, height, rows)


def write(path, image):
    raw = b"".join(b"\x00" + row for row in image.rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", image.width, image.height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def crop(image, x, y, width, height):
    width = min(width, image.width - x)
    height = min(height, image.height - y)
    return Image(width, height, [row[x * 3:(x + width) * 3] for row in image.rows[y:y + height]])


def difference(a, b, threshold):
    """The share of pixels whose channels differ by more than `threshold` (0-255) somewhere."""
    if (a.width, a.height) != (b.width, b.height):
        return 1.0
    differing = 0
    for ra, rb in zip(a.rows, b.rows):
        if ra == rb:
            continue
        for x in range(0, len(ra), 3):
            if (abs(ra[x] - rb[x]) > threshold or abs(ra[x + 1] - rb[x + 1]) > threshold
                    or abs(ra[x + 2] - rb[x + 2]) > threshold):
                differing += 1
    return differing / float(a.width * a.height)


if __name__ == "__main__":
    import sys
    if len(sys.argv) == 7 and sys.argv[1] == "crop":
        src, x, y, w, h = sys.argv[2], *map(int, sys.argv[3:7])
        write(src[:-4] + f"-{x}-{y}.png", crop(read(src), x, y, w, h))
    else:
        sys.exit("usage: png.py crop FILE.png X Y WIDTH HEIGHT")
