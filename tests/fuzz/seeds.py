#!/usr/bin/env python3
"""Writes the first seed corpora of the fuzz targets from real inputs.

Usage: tests/fuzz/seeds.py <out dir> [<shared data dir>]

Protocol sessions come from the lines the protocol tests send, games and
boards from tests/data and the shared data, the book and weights seeds from
the shipped files (truncated, and re-encoded small). The committed corpora
(tests/fuzz/corpus/) grew from these; this script is how they started.
"""

import gzip
import pathlib
import re
import struct
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
START = "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27


def literal_sends(test_file):
    """Per TEST_CASE, the string literals the test sends, in order."""
    text = (ROOT / "tests/protocol" / test_file).read_text()
    sessions = []
    for case in re.split(r"TEST_CASE\(", text)[1:]:
        lines = [bytes(m, "utf-8").decode("unicode_escape")
                 for m in re.findall(r'send\w*\(\s*"((?:[^"\\]|\\.)*)"\s*[,)]', case)]
        if lines:
            sessions.append(lines)
    return sessions


def write(out, target, name, data):
    folder = out / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))


def games(data):
    """Move transcripts: the book test games, eOthello and XOT lines."""
    found = (ROOT / "tests/data/book-games.txt").read_text().split()[:8]
    csv = data / "eothello/eothello-games.csv"
    if csv.exists():
        found += [line.split(",")[2] for line in csv.read_text().splitlines()[1:9]]
    xot = data / "xot/xot-small.txt"
    if xot.exists():
        found += xot.read_text().split()[:8]
    logbook = data / "logistello/logbook.gam.gz"
    if logbook.exists():
        with gzip.open(logbook, "rt") as f:
            for _, line in zip(range(4), f):
                found.append(re.sub(r"[+-]", "", line.split(":")[0]))
    return found


def obf_lines():
    lines = []
    for f in sorted((ROOT / "tests/data").glob("*.obf")):
        lines += [l for l in f.read_text().splitlines() if l.strip()]
    return lines


def ggf(moves, board=START, side="*"):
    out = "(;GM[Othello]PC[NBoard]DT[2026.11.29]PB[a]PW[b]RE[+2.000]TI[15:00//02:00]TY[8]"
    out += "BO[8 " + board.replace("X", "*") + " " + side + "]"
    for i in range(0, len(moves), 2):
        colour = "B" if (i // 2) % 2 == 0 else "W"
        out += "%s[%s/%d.00/0.5]" % (colour, moves[i:i + 2].upper(), i // 2)
    return out + ";)"


def protocol_seeds(out, data):
    sessions = {"uci": literal_sends("uci_test.cpp") + literal_sends("session_test.cpp"),
                "nboard": literal_sends("nboard_test.cpp"),
                "gtp": literal_sends("gtp_test.cpp")}
    g = games(data)
    sessions["uci"] += [
        ["uci", "setoption name Level value 2", "position startpos moves " + g[0][:20], "go depth 3", "show",
         "query gameover", "eval", "perft 3"],
        ["ugi", "uginewgame", "position fen " + START + " X moves f5d6", "go btime 1000 wtime 1000 binc 10 winc 10",
         "isready", "query p1turn"],
        ["position board " + "XO" + "-" * 62 + " X", "go movetime 5", "position startpos moves " + g[1], "go exact",
         "query result", "setoption name MultiPV value 3", "position startpos", "go depth 2"],
        ["setoption name OwnBook value true", "position startpos", "go p1time 100 p2time 100", "go infinite", "stop"],
    ]
    sessions["nboard"] += [
        ["nboard 2", "set depth 2", "set game " + ggf(g[0][:24]), "ping 1", "go", "hint 3", "analyze", "learn"],
        ["nboard 2", "set game " + ggf(g[2][:40]), "move " + g[2][40:42].upper() + "/1.5/0.2", "set contempt 0",
         "set depth 1", "go", "ping 2"],
    ]
    sessions["gtp"] += [
        ["protocol_version", "1 set_game Othello", "2 boardsize 8", "3 clear_board", "4 genmove black",
         "5 play white c5", "6 showboard", "7 undo", "8 final_score", "9 list_commands", "10 known_command play"],
        ["time_settings 10 1 5", "time_left black 5 0", "genmove b", "play w pass", "komi 0.5", "list_games", "quit"],
    ]
    for target, found in sessions.items():
        for i, lines in enumerate(found):
            write(out, target, "test-%02d" % i, "\n".join(lines) + "\n")


def text_seeds(out, data):
    g = games(data)
    for i, moves in enumerate(g):
        write(out, "notation", "game-%02d" % i, START + " X\n" + moves)
        write(out, "ggf", "game-%02d" % i, ggf(moves))
    for i, line in enumerate(obf_lines()[::6]):
        board = line.split(";")[0].strip()
        write(out, "notation", "obf-%02d" % i, board + "\n" + g[i % len(g)][:8])
        write(out, "ggf", "obf-%02d" % i, ggf("", board[:64], "*" if board[65] == "X" else "O"))
    write(out, "notation", "pass", "pass\nf5d6c3d3c4f4f6f3e6e7d7")
    write(out, "notation", "square", "a1\n")
    for name in ["ffo-1-19.obf", "ffo-20-39.obf", "ffo-40-59.obf"]:
        write(out, "obf", name, (ROOT / "tests/data" / name).read_text())
    for i, line in enumerate(obf_lines()[::10]):
        write(out, "obf", "line-%02d" % i, line + "\n")


def fnv1a64(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def fnv1a32(data):
    h = 2166136261
    for b in data:
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return h


def cells(player, opponent):
    return "".join("X" if player >> sq & 1 else "O" if opponent >> sq & 1 else "-" for sq in range(64))


def book_seeds(out):
    book = (ROOT / "book/book.bin").read_bytes()
    header, records = book[:24], book[24:]
    for n in [1, 3, 16, 64]:
        part = records[:28 * n]
        write(out, "book", "book-%d" % n, header[:12] + struct.pack("<IQ", n, fnv1a64(part)) + part)
    write(out, "book", "book-truncated", book[:24 + 28 * 2 + 9])
    text = ["# Parity book"]
    for i in range(0, 28 * 16, 28):
        player, opponent, score, leaf_score, depth, exact, leaf, _, seen = struct.unpack(
            "<QQhhBBBBI", records[i:i + 28])
        name = "-" if leaf == 255 else "pass" if leaf == 64 else "abcdefgh"[leaf % 8] + str(leaf // 8 + 1)
        text.append("%s %d %d %d %d %s %d" % (cells(player, opponent), score, depth, exact, seen, name, leaf_score))
    write(out, "book", "book-text", "\n".join(text) + "\n")
    edax = struct.pack("<IIBB8x5iI", 0x45444158, 0x424F4F4B, 4, 4, 60, 60, 0, 0, 0, 4)
    for i in range(0, 28 * 4, 28):
        player, opponent, score, _, depth, _, leaf, _, seen = struct.unpack("<QQhhBBBBI", records[i:i + 28])
        discs = max(-64, min(64, round(score / 100)))
        edax += struct.pack("<QQIIIIhhhBBbB", player, opponent, 0, 0, 0, seen, discs, discs, discs, 0,
                            min(depth, 60), discs, 65 if leaf == 255 else leaf)
    write(out, "book", "book-edax", edax)


def varint(v):
    out = b""
    while v >= 0x80:
        out += bytes([(v & 0x7F) | 0x80])
        v >>= 7
    return out + bytes([v])


def weights_seeds(out):
    full = (ROOT / "data/eval/weights.bin").read_bytes()
    # The whole file takes seconds an input under the sanitizers (the eval
    # tests read it whole); its first 64 KB, checksum repaired, keep real data.
    head = full[:65536]
    write(out, "weights", "weights-head", head + struct.pack("<I", fnv1a32(head)))
    header = full[:24]
    stages, size = struct.unpack("<II", header[16:24])

    def encoded(values_of_stage):
        body = header
        for stage in range(stages):
            values = values_of_stage(stage)
            i = 0
            while i < size:
                if values.get(i, 0) == 0:
                    run = 0
                    while i + 1 + run < size and values.get(i + 1 + run, 0) == 0:
                        run += 1
                    body += varint(0) + varint(run)
                    i += run + 1
                else:
                    v = values[i]
                    body += varint(((v << 1) ^ (v >> 31)) & 0xFFFFFFFF)
                    i += 1
        return body + struct.pack("<I", fnv1a32(body))

    write(out, "weights", "weights-zero", encoded(lambda s: {}))
    write(out, "weights", "weights-sparse", encoded(lambda s: {0: 50 * s - 300, 7: 1200, 100: -32768, size - 1: 32767}))
    cut = full[:4096]
    write(out, "weights", "weights-truncated", cut + struct.pack("<I", fnv1a32(cut)))


def main():
    out = pathlib.Path(sys.argv[1])
    data = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else ROOT.parent / "shared/data")
    protocol_seeds(out, data)
    text_seeds(out, data)
    book_seeds(out)
    weights_seeds(out)


if __name__ == "__main__":
    main()
