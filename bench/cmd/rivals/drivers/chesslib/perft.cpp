// Perft of Disservin's chess-library, for bench/cmd/rivals: the library's
// public API at its best, as its own perft benchmark uses it. Make/unmake
// on one Board: movegen::legalmoves into a Movelist (a fixed array on the
// stack), then Board::makeMove and Board::unmakeMove for each move; at
// depth 1 the moves are counted in bulk, the list's size, without being
// made.
//
// Usage: chesslib-perft MIN_NS [FEN DEPTH]
//
// With FEN and DEPTH it measures that one perft; without, it reads lines
// FEN<TAB>DEPTH on stdin until its end and answers each. A measurement
// runs one untimed perft to depth 4 at most (a warm-up), then the perft
// until the timed calls add up to MIN_NS nanoseconds (one call at least),
// timing the call alone (std::chrono::steady_clock, a monotonic clock),
// and prints one line: the nodes of a call, the calls, and their
// nanoseconds in all. Every call must count the same nodes; an error ends
// the program with a message on stderr and exit status 1.
//
// The command compiles it with -O3 -std=c++17 -DNDEBUG (the library's
// asserts off, as its documentation says to), and again with
// -march=native, plus -DCHESS_USE_PEXT on a CPU with BMI2.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "chess.hpp"

namespace {

// opaque keeps the compiler from assuming anything of *p across it: each
// timed call is a perft of its own, not one it may reuse.
template <typename T>
inline void opaque(T* p) {
#if defined(__GNUC__) || defined(__clang__)
    asm volatile("" : : "r"(p) : "memory");
#else
    (void)p;
#endif
}

std::uint64_t perft(chess::Board& board, int depth) {
    chess::Movelist moves;
    chess::movegen::legalmoves(moves, board);
    if (depth == 1) {
        return static_cast<std::uint64_t>(moves.size());
    }
    std::uint64_t nodes = 0;
    for (const chess::Move move : moves) {
        board.makeMove(move);
        nodes += perft(board, depth - 1);
        board.unmakeMove(move);
    }
    return nodes;
}

std::uint64_t run(chess::Board& board, int depth) {
    opaque(&board);
    return depth == 0 ? 1 : perft(board, depth);
}

[[noreturn]] void fail(const std::string& msg) {
    std::cerr << "chesslib-perft: " << msg << std::endl;
    std::exit(1);
}

void answer(const std::string& fen, const std::string& depthText, std::int64_t minNs) {
    chess::Board board;
    if (!board.setFen(fen)) {
        fail("FEN \"" + fen + "\": not read");
    }
    char* end = nullptr;
    const long depth = std::strtol(depthText.c_str(), &end, 10);
    if (depthText.empty() || *end != '\0' || depth < 0 || depth > 64) {
        fail("depth \"" + depthText + "\"");
    }
    const int d = static_cast<int>(depth);
    std::uint64_t warm = run(board, d < 4 ? d : 4);
    opaque(&warm);
    std::uint64_t nodes = 0, calls = 0;
    std::int64_t total = 0;
    while (calls == 0 || total < minNs) {
        const auto start = std::chrono::steady_clock::now();
        std::uint64_t n = run(board, d);
        const auto stop = std::chrono::steady_clock::now();
        opaque(&n);
        total += std::chrono::duration_cast<std::chrono::nanoseconds>(stop - start).count();
        if (calls > 0 && n != nodes) {
            fail(fen + " depth " + depthText + ": a call counted " + std::to_string(n) + " nodes, the first " +
                 std::to_string(nodes));
        }
        nodes = n;
        calls++;
    }
    std::printf("%llu %llu %lld\n", static_cast<unsigned long long>(nodes), static_cast<unsigned long long>(calls),
                static_cast<long long>(total));
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2 && argc != 4) {
        fail("usage: chesslib-perft MIN_NS [FEN DEPTH]");
    }
    char* end = nullptr;
    const long long minNs = std::strtoll(argv[1], &end, 10);
    if (*end != '\0' || minNs < 0) {
        fail(std::string("MIN_NS \"") + argv[1] + "\"");
    }
    if (argc == 4) {
        answer(argv[2], argv[3], minNs);
        return 0;
    }
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty()) {
            continue;
        }
        const auto tab = line.find('\t');
        if (tab == std::string::npos) {
            fail("line \"" + line + "\": want FEN<TAB>DEPTH");
        }
        answer(line.substr(0, tab), line.substr(tab + 1), minNs);
    }
    return 0;
}
