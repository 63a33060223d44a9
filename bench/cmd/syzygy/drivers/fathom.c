// The driver of bench/cmd/syzygy for Fathom (github.com/jdart1/Fathom):
// it reads positions on stdin and writes Fathom's values of each on
// stdout, as the command asks. The command writes this file next to a
// Fathom checkout's src/ and compiles it there; it includes tbprobe.c to
// call Fathom's probes of one position (probe_wdl, probe_dtz) as well as
// its public API (tb_probe_wdl, tb_probe_root_dtz).
//
//   fathom-driver DIR values   records in: 8 little-endian 64-bit
//                              bitboards (white, black, kings, queens,
//                              rooks, bishops, knights, pawns), the en-passant
//                              square (0 for none), the side to move (1 white);
//                              out: WDL (int8, -128 if the probe failed), DTZ
//                              (int16, little-endian)
//   fathom-driver DIR root     records in: as values, then the halfmove
//                              clock and whether the position has repeated
//                              (a byte each); out: the number of moves (a
//                              byte, 255 if the probe failed), then for each
//                              move from, to, promotion (a byte each), its
//                              rank by tb_probe_root_dtz and its rank by
//                              tb_probe_root_wdl (int32s, little-endian),
//                              both with the fifty-move rule
//   fathom-driver DIR bench    records in: as values, until a record whose
//                              side byte is 255; then for each line "wdl" on
//                              stdin, it probes every position's WDL with
//                              tb_probe_wdl, and for each line "dtz N" the
//                              DTZ of the first N positions with probe_dtz,
//                              and prints the nanoseconds taken and the sum
//                              of the values (WDL+2, DTZ: a check that the
//                              probes ran)
//
// DIR is one directory, or several joined by the system's list separator
// (':' here), as Fathom's tb_init takes them.
#include "tbprobe.c"

#include <time.h>

typedef struct {
  uint64_t bb[8];
  uint8_t ep, turn;
} rec;

static int read_rec(rec *r) {
  unsigned char b[66];
  if (fread(b, 1, sizeof b, stdin) != sizeof b) return 0;
  for (int i = 0; i < 8; i++) {
    uint64_t v = 0;
    for (int j = 7; j >= 0; j--) v = v << 8 | b[8 * i + j];
    r->bb[i] = v;
  }
  r->ep = b[64];
  r->turn = b[65];
  return 1;
}

static Pos to_pos(const rec *r, uint8_t rule50) {
  Pos p = {r->bb[0], r->bb[1], r->bb[2], r->bb[3], r->bb[4], r->bb[5], r->bb[6], r->bb[7],
           rule50, r->ep, r->turn == 1};
  return p;
}

static void put16(int v) {
  putchar(v & 0xff);
  putchar((v >> 8) & 0xff);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s DIR values|root|bench\n", argv[0]);
    return 2;
  }
  if (!tb_init(argv[1]) || TB_LARGEST == 0) {
    fprintf(stderr, "fathom: no tables in %s\n", argv[1]);
    return 1;
  }
  static char inbuf[1 << 16], outbuf[1 << 16];
  setvbuf(stdin, inbuf, _IOFBF, sizeof inbuf);
  setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
  rec r;
  if (!strcmp(argv[2], "values")) {
    while (read_rec(&r)) {
      Pos p = to_pos(&r, 0);
      int ok = 1;
      int wdl = probe_wdl(&p, &ok);
      int dtz = 0;
      if (ok) dtz = probe_dtz(&p, &ok);
      putchar(ok ? (wdl & 0xff) : 0x80);
      put16(ok ? dtz : 0);
    }
    fflush(stdout);
    return 0;
  }
  if (!strcmp(argv[2], "root")) {
    static struct TbRootMoves rm, rw;
    unsigned char extra[2];
    while (read_rec(&r) && fread(extra, 1, 2, stdin) == 2) {
      int ok = tb_probe_root_dtz(r.bb[0], r.bb[1], r.bb[2], r.bb[3], r.bb[4], r.bb[5], r.bb[6], r.bb[7],
                                 extra[0], 0, r.ep, r.turn == 1, extra[1] != 0, true, &rm);
      int okw = tb_probe_root_wdl(r.bb[0], r.bb[1], r.bb[2], r.bb[3], r.bb[4], r.bb[5], r.bb[6], r.bb[7],
                                  extra[0], 0, r.ep, r.turn == 1, true, &rw);
      if (!ok || !okw || rw.size != rm.size) {
        putchar(255);
        continue;
      }
      putchar(rm.size);
      for (unsigned i = 0; i < rm.size; i++) {
        TbMove m = rm.moves[i].move;
        putchar(TB_MOVE_FROM(m));
        putchar(TB_MOVE_TO(m));
        putchar(TB_MOVE_PROMOTES(m));
        if (rw.moves[i].move != m) {
          fprintf(stderr, "fathom-driver: the two root probes list the moves in different orders\n");
          return 1;
        }
        int32_t rank = rm.moves[i].tbRank, wrank = rw.moves[i].tbRank;
        put16(rank & 0xffff);
        put16((rank >> 16) & 0xffff);
        put16(wrank & 0xffff);
        put16((wrank >> 16) & 0xffff);
      }
    }
    fflush(stdout);
    return 0;
  }
  if (!strcmp(argv[2], "bench")) {
    size_t n = 0, cap = 1 << 16;
    rec *rs = malloc(cap * sizeof *rs);
    while (read_rec(&r) && r.turn != 255) {
      if (n == cap) rs = realloc(rs, (cap *= 2) * sizeof *rs);
      rs[n++] = r;
    }
    char line[64];
    while (fgets(line, sizeof line, stdin)) {
      size_t m = 0;
      int dtz = 0;
      if (!strcmp(line, "wdl\n")) {
        m = n;
      } else if (sscanf(line, "dtz %zu", &m) == 1 && m <= n) {
        dtz = 1;
      } else {
        fprintf(stderr, "fathom-driver: bench: %s is not wdl or dtz N (N up to %zu)\n", line, n);
        return 2;
      }
      struct timespec t0, t1;
      long sum = 0;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      if (!dtz) {
        for (size_t i = 0; i < m; i++) {
          rec *q = &rs[i];
          unsigned v = tb_probe_wdl(q->bb[0], q->bb[1], q->bb[2], q->bb[3], q->bb[4], q->bb[5], q->bb[6],
                                    q->bb[7], 0, 0, q->ep, q->turn == 1);
          sum += v == TB_RESULT_FAILED ? 1000000 : (long)v;
        }
      } else {
        for (size_t i = 0; i < m; i++) {
          Pos p = to_pos(&rs[i], 0);
          int ok = 1;
          int v = probe_dtz(&p, &ok);
          sum += ok ? (long)v : 1000000;
        }
      }
      clock_gettime(CLOCK_MONOTONIC, &t1);
      printf("%lld %ld\n", (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec), sum);
      fflush(stdout);
    }
    return 0;
  }
  fprintf(stderr, "fathom-driver: unknown mode %s\n", argv[2]);
  return 2;
}
