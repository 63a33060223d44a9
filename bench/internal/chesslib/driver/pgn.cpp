// The bench's driver of chess-library's PGN parser (bench/internal/chesslib):
// it parses a PGN file with chess-library's pgn::StreamParser and one of two
// visitors:
//
//	empty  does nothing: the parse alone (its tokenizer, the tags and the
//	       moves handed over as text);
//	moves  parses each SAN with uci::parseSan on a Board (from the FEN tag
//	       where there is one) and makes the move: every move checked.
//
// Usage: pgn FILE empty|moves NANOSECONDS reads the file into memory and
// parses it again and again until the time given has passed (bench/cmd/pgn);
// pgn FILE stream-empty|stream-moves 0 parses it once as it is read, from
// the file or, for -, the standard input (bench/cmd/pgndb: a database that
// memory need not hold). It prints one line: GAMES MOVES ERRORS PASSES
// NANOSECONDS (the counts of one pass).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "chess.hpp"

using namespace chess;

struct Empty : pgn::Visitor {
    long games = 0, moves = 0, errors = 0;
    void startPgn() override { games++; }
    void header(std::string_view, std::string_view) override {}
    void startMoves() override {}
    void move(std::string_view, std::string_view) override { moves++; }
    void endPgn() override {}
};

struct Moves : pgn::Visitor {
    long games = 0, moves = 0, errors = 0;
    Board board;
    std::string fen;
    bool chess960 = false;
    void startPgn() override {
        games++;
        fen.clear();
        chess960 = false;
    }
    void header(std::string_view key, std::string_view value) override {
        if (key == "FEN") fen = value;
        if (key == "Variant" && (value.find("960") != std::string_view::npos || value.find("ischer") != std::string_view::npos))
            chess960 = true;
    }
    void startMoves() override {
        board.set960(chess960);
        board.setFen(fen.empty() ? std::string(constants::STARTPOS) : fen);
    }
    void move(std::string_view san, std::string_view) override {
        Move m;
        try {
            m = uci::parseSan(board, san);
        } catch (...) {
            m = Move::NO_MOVE;
        }
        if (m == Move::NO_MOVE) {
            errors++;
            skipPgn(true);
            return;
        }
        board.makeMove(m);
        moves++;
    }
    void endPgn() override {}
};

template <typename V>
static void run(const std::string& data, long long minNs) {
    long long passes = 0;
    long games = 0, moves = 0, errors = 0;
    auto start = std::chrono::steady_clock::now();
    long long el = 0;
    do {
        V v;
        std::istringstream in(data);
        pgn::StreamParser parser(in);
        parser.readGames(v);
        games = v.games, moves = v.moves, errors = v.errors;
        passes++;
        el = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
    } while (el < minNs);
    std::printf("%ld %ld %ld %lld %lld\n", games, moves, errors, passes, el);
}

// stream parses in, once, as it is read.
template <typename V>
static void stream(std::istream& in) {
    auto start = std::chrono::steady_clock::now();
    V v;
    pgn::StreamParser parser(in);
    parser.readGames(v);
    long long el = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
    std::printf("%ld %ld %ld 1 %lld\n", v.games, v.moves, v.errors, el);
}

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: pgn FILE empty|moves|stream-empty|stream-moves NANOSECONDS\n");
        return 2;
    }
    std::string mode = argv[2];
    if (mode == "stream-empty" || mode == "stream-moves") {
        std::ifstream file;
        std::istream* in = &std::cin;
        if (std::string(argv[1]) != "-") {
            file.open(argv[1], std::ios::binary);
            if (!file) {
                std::fprintf(stderr, "pgn: cannot open %s\n", argv[1]);
                return 1;
            }
            in = &file;
        } else {
            std::ios::sync_with_stdio(false);
        }
        if (mode == "stream-empty") {
            stream<Empty>(*in);
        } else {
            stream<Moves>(*in);
        }
        return 0;
    }
    std::ifstream f(argv[1], std::ios::binary);
    if (!f) {
        std::fprintf(stderr, "pgn: cannot open %s\n", argv[1]);
        return 1;
    }
    std::stringstream ss;
    ss << f.rdbuf();
    std::string data = ss.str();
    long long minNs = std::atoll(argv[3]);
    if (mode == "empty") {
        run<Empty>(data, minNs);
    } else if (mode == "moves") {
        run<Moves>(data, minNs);
    } else {
        std::fprintf(stderr, "pgn: mode %s: want empty or moves\n", argv[2]);
        return 2;
    }
    return 0;
}
