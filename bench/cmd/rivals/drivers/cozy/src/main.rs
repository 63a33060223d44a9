//! Perft of cozy-chess, for bench/cmd/rivals: the library's public API at
//! its best, as its own perft example uses it. Copy-make: each child is a
//! clone of its parent with the move played (`Board::play_unchecked`); at
//! depth 1 the moves are counted in bulk, each piece's move set by its
//! `len()` (a promotion's four moves included), without being played.
//!
//! Usage: cozy-perft MIN_NS [FEN DEPTH]
//!
//! With FEN and DEPTH it measures that one perft; without, it reads lines
//! `FEN<TAB>DEPTH` on stdin until its end and answers each. A measurement
//! runs one untimed perft to depth 4 at most (a warm-up), then the perft
//! until the timed calls add up to MIN_NS nanoseconds (one call at least),
//! timing the call alone (std::time::Instant, a monotonic clock), and prints
//! one line: the nodes of a call, the calls, and their nanoseconds in all.
//! Every call must count the same nodes; an error ends the program with a
//! message on stderr and exit status 1.

use std::hint::black_box;
use std::io::{self, BufRead, Write};
use std::process::exit;
use std::time::{Duration, Instant};

use cozy_chess::Board;

fn perft(board: &Board, depth: u8) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn run(board: &Board, depth: u8) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft(black_box(board), depth)
}

/// measure answers one request: nodes, calls, nanoseconds.
fn measure(fen: &str, depth: &str, min: Duration) -> Result<(u64, u64, u128), String> {
    let board = Board::from_fen(fen, false).map_err(|e| format!("FEN {:?}: {:?}", fen, e))?;
    let depth: u8 = depth.trim().parse().map_err(|_| format!("depth {:?}", depth))?;
    black_box(run(&board, depth.min(4)));
    let (mut nodes, mut calls, mut total) = (0, 0u64, Duration::ZERO);
    while calls == 0 || total < min {
        let start = Instant::now();
        let n = black_box(run(&board, depth));
        total += start.elapsed();
        if calls > 0 && n != nodes {
            return Err(format!("{} depth {}: a call counted {} nodes, the first {}", fen, depth, n, nodes));
        }
        nodes = n;
        calls += 1;
    }
    Ok((nodes, calls, total.as_nanos()))
}

fn fail(msg: String) -> ! {
    eprintln!("cozy-perft: {}", msg);
    exit(1)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 1 && args.len() != 3 {
        fail("usage: cozy-perft MIN_NS [FEN DEPTH]".to_string());
    }
    let min = Duration::from_nanos(args[0].parse().unwrap_or_else(|_| fail(format!("MIN_NS {:?}", args[0]))));
    let mut out = io::stdout().lock();
    let mut answer = |fen: &str, depth: &str| {
        let (nodes, calls, ns) = measure(fen, depth, min).unwrap_or_else(|e| fail(e));
        writeln!(out, "{} {} {}", nodes, calls, ns).and_then(|_| out.flush()).unwrap_or_else(|e| fail(e.to_string()));
    };
    if args.len() == 3 {
        answer(&args[1], &args[2]);
        return;
    }
    for line in io::stdin().lock().lines() {
        let line = line.unwrap_or_else(|e| fail(e.to_string()));
        if line.is_empty() {
            continue;
        }
        match line.split_once('\t') {
            Some((fen, depth)) => answer(fen, depth),
            None => fail(format!("line {:?}: want FEN<TAB>DEPTH", line)),
        }
    }
}
