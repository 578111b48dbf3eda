"""Rewrites a PocketSphinx `sendump` (8-bit quantised mixture weights) as the float
`mixture_weights` file sphinxtrain's bw / map_adapt need (the Debian model ships only the
sendump). Usage: python3 sendump2mixw.py <sendump> <mixture_weights>  (needs numpy)."""
import struct
import sys

import numpy as np


def main(src: str, dst: str) -> None:
    data = open(src, 'rb').read()
    pos = 0

    def read_int() -> int:
        nonlocal pos
        n = struct.unpack_from('<I', data, pos)[0]
        pos += 4
        return n

    title = read_int()
    pos += title
    header = {}
    while True:
        n = read_int()
        if n == 0:
            break
        words = data[pos:pos + n - 1].decode('latin1').split()
        pos += n
        if len(words) == 2:
            header[words[0]] = words[1]
    n_feat = int(header.get('feature_count', 1))
    shift = int(header.get('mixw_shift', 10))
    codewords = read_int()
    senones = read_int()
    q = np.frombuffer(data, dtype=np.uint8, count=n_feat * codewords * senones, offset=pos)
    # Stored as -log_1.0001(p) >> shift, codeword-major per feature stream.
    p = np.power(1.0001, -(q.reshape(n_feat, codewords, senones).astype(np.float64) * (1 << shift)))
    mixw = p.transpose(2, 0, 1)
    mixw = (mixw / mixw.sum(axis=2, keepdims=True)).astype('<f4')
    head = 's3\nversion 1.0\n'
    pad = (len(head) + len('endhdr\n')) & 3
    head += (' ' * (4 - pad) if pad else '') + 'endhdr\n'
    with open(dst, 'wb') as out:
        out.write(head.encode())
        out.write(struct.pack('<i', 0x11223344))
        out.write(struct.pack('<IIII', senones, n_feat, codewords, mixw.size))
        out.write(mixw.tobytes())


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
