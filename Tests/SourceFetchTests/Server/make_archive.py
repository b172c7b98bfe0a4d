#!/usr/bin/env python3
"""Writes an archive for the SourceFetch tests, with Python's own tarfile and zipfile modules
(independent of the libarchive that `vocab fetch` reads it with).

  make_archive.py OUTPUT < SPEC

SPEC is JSON: {"format": "tar" | "tar.gz" | "tar.xz" | "tar.bz2" | "zip", "entries": [ENTRY, ...]}.
Each ENTRY has a "name" (written as given: "../x" and "/x" too) and one of
  "file": PATH        the bytes of a file
  "text": STRING      UTF-8 text
  "zeros": COUNT      COUNT zero bytes, streamed (an archive bomb compresses them to little)
  "type": "dir" | "symlink" | "hardlink" | "chardev" | "fifo", with "target" for the links
Entries are written in order; a name may repeat. Tars are written in GNU tar's format (what
`tar -cJf omw-es-1.4.tar.xz omw-es/` makes); zips deflated, as manythings.org/anki's are.
"""

import io
import json
import sys
import tarfile
import time
import zipfile

TAR_TYPES = {"dir": tarfile.DIRTYPE, "symlink": tarfile.SYMTYPE, "hardlink": tarfile.LNKTYPE,
             "chardev": tarfile.CHRTYPE, "fifo": tarfile.FIFOTYPE}
MTIME = 1700000000


class Zeros(io.RawIOBase):
    """COUNT zero bytes, read in pieces: never the whole bomb in memory."""

    def __init__(self, count):
        self.left = count

    def readable(self):
        return True

    def readinto(self, buffer):
        size = min(len(buffer), self.left)
        buffer[:size] = bytes(size)
        self.left -= size
        return size


def content(entry):
    """(size, stream) of a file entry."""
    if "file" in entry:
        data = open(entry["file"], "rb").read()
        return len(data), io.BytesIO(data)
    if "text" in entry:
        data = entry["text"].encode("utf-8")
        return len(data), io.BytesIO(data)
    return entry["zeros"], io.BufferedReader(Zeros(entry["zeros"]))


def write_tar(output, compression, entries):
    with tarfile.open(output, "w:" + compression, format=tarfile.GNU_FORMAT) as archive:
        for entry in entries:
            info = tarfile.TarInfo(entry["name"])
            info.mtime = MTIME
            kind = entry.get("type")
            if kind:
                info.type = TAR_TYPES[kind]
                info.mode = 0o755 if kind == "dir" else 0o644
                info.linkname = entry.get("target", "")
                if kind == "chardev":
                    info.devmajor, info.devminor = 1, 3
                archive.addfile(info)
            else:
                info.size, stream = content(entry)
                info.mode = 0o644
                archive.addfile(info, stream)


def write_zip(output, entries):
    with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as archive:
        for entry in entries:
            info = zipfile.ZipInfo(entry["name"], time.gmtime(MTIME)[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            kind = entry.get("type")
            if kind == "symlink":
                info.external_attr = 0o120777 << 16
                archive.writestr(info, entry["target"])
            elif kind == "dir":
                info.external_attr = (0o40755 << 16) | 0x10
                archive.writestr(info, b"")
            else:
                info.external_attr = 0o100644 << 16
                _, stream = content(entry)
                with archive.open(info, "w", force_zip64=True) as member:
                    while True:
                        piece = stream.read(1 << 20)
                        if not piece:
                            break
                        member.write(piece)


def main():
    output = sys.argv[1]
    spec = json.load(sys.stdin)
    kind = spec["format"]
    if kind == "zip":
        write_zip(output, spec["entries"])
    else:
        compression = {"tar": "", "tar.gz": "gz", "tar.xz": "xz", "tar.bz2": "bz2"}[kind]
        write_tar(output, compression, spec["entries"])


if __name__ == "__main__":
    import warnings
    warnings.simplefilter("ignore")  # zipfile warns about a repeated name, which a test wants
    main()
