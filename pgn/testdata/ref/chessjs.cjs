// chessjs.cjs writes, for each PGN file of pgn/testdata, its reading by
// chess.js: pgn/testdata/ref/<file>.chessjs.jsonl, one JSON object a game in
// file order:
//
//	{"tags":[["Event","..."],...],"uci":["e2e4",...],"result":"1-0","error":"","line":1}
//
// tags as getHeaders() gives them (its order: the Seven Tag Roster, "?" for
// one missing, then the tags it knows in its order, then the others), uci
// the moves of history({verbose: true}) as from, to and promotion (a null
// move 0000), result the Result header after the game is loaded (loadPgn
// sets it to the termination marker), error the message of the exception
// loadPgn throws (its line the file's), line the game's first line in the
// file. The reading of a file over 1 MB is gzipped, <file>.chessjs.jsonl.gz.
//
// chess.js reads one game at a time: the file is split into games by the
// rule of split.awk, and each game's text is given to a new Chess's
// loadPgn, in its default (permissive) mode. A file that is not UTF-8 is
// taken as Latin-1, each byte a character.
//
// Run from the repository root, with chess.js installed where Node finds
// it (npm install chess.js@1.4.0 in a directory D, then NODE_PATH=D/node_modules):
//
//	node pgn/testdata/ref/chessjs.cjs [file.pgn ...]

'use strict'

const fs = require('fs')
const path = require('path')
const zlib = require('zlib')
const { Chess } = require('chess.js')

const version = require('chess.js/package.json').version
if (version !== '1.4.0') {
	console.error(`chessjs.cjs: chess.js ${version}: the readings are of chess.js 1.4.0`)
}

const dir = 'pgn/testdata'

// starts returns the first line (from 1) of each game of lines, as
// split.awk does.
function starts(lines) {
	const out = []
	let started = false, moves = false, ended = false, incomment = false, depth = 0
	const symbolByte = /[A-Za-z0-9_+#=:\/*-]/

	function scan(s) {
		for (let i = 0; i < s.length; i++) {
			const c = s[i]
			if (incomment) {
				if (c === '}') incomment = false
				continue
			}
			if (c === '{') {
				incomment = true
			} else if (c === ';') {
				return
			} else if (c === '(') {
				depth++
			} else if (c === ')') {
				if (depth > 0) depth--
			} else if (symbolByte.test(c)) {
				let sym = c
				while (i + 1 < s.length && symbolByte.test(s[i + 1])) sym += s[++i]
				if (depth === 0 && (sym === '1-0' || sym === '0-1' || sym === '1/2-1/2' || sym === '*')) ended = true
			}
		}
	}

	function hasSymbol(s) {
		let inC = incomment
		for (const c of s) {
			if (inC) {
				if (c === '}') inC = false
			} else if (c === '{') {
				inC = true
			} else if (c === ';') {
				return false
			} else if (/[A-Za-z0-9]/.test(c)) {
				return true
			}
		}
		return false
	}

	lines.forEach((raw, k) => {
		let line = raw
		if (k === 0 && line.startsWith('\ufeff')) line = line.slice(1)
		line = line.replace(/\r$/, '')
		if (!started && /[^ \t]/.test(line)) {
			out.push(1)
			started = true
		}
		if (!incomment) {
			if (line.startsWith('%')) return
			let t = line.replace(/^[ \t]+/, '')
			if (t === '') return
			if (t.startsWith('[')) {
				if (moves) {
					out.push(k + 1)
					moves = false
					ended = false
					depth = 0
				}
				// Movetext after the tag pairs, on their line.
				let m
				while ((m = t.match(/^\[[^"\]]*"([^"\\]|\\.)*"[ \t]*\][ \t]*/))) t = t.slice(m[0].length)
				if (t === '' || t.startsWith('[')) return
				moves = true
				scan(t)
				return
			}
		}
		if (ended && hasSymbol(line)) {
			out.push(k + 1)
			ended = false
			depth = 0
		}
		moves = true
		scan(line)
	})
	return out
}

function decode(bytes) {
	try {
		return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
	} catch {
		return bytes.toString('latin1')
	}
}

function readGame(text, start) {
	const chess = new Chess()
	let error = ''
	try {
		chess.loadPgn(text)
	} catch (e) {
		error = e.message.replace(/\s+/g, ' ').trim()
		if (e.location && e.location.start) {
			error = `line ${e.location.start.line + start - 1}, column ${e.location.start.column}: ${error}`
		}
	}
	const tags = Object.entries(chess.getHeaders())
	const uci = chess.history({ verbose: true }).map((m) => (m.san === '--' ? '0000' : m.from + m.to + (m.promotion || '')))
	const result = chess.getHeaders().Result || ''
	return { tags, uci, result, error, line: start }
}

let files = process.argv.slice(2)
if (files.length === 0) {
	files = fs.readdirSync(dir).filter((f) => f.endsWith('.pgn')).sort().map((f) => path.join(dir, f))
}
for (const f of files) {
	const lines = decode(fs.readFileSync(f)).split('\n')
	const s = starts(lines)
	let out = ''
	s.forEach((start, i) => {
		const end = i + 1 < s.length ? s[i + 1] - 1 : lines.length
		const text = lines.slice(start - 1, end).join('\n')
		out += JSON.stringify(readGame(text, start)) + '\n'
	})
	// The reading of a file over 1 MB is kept gzipped.
	const name = path.join(dir, 'ref', path.basename(f) + '.chessjs.jsonl')
	fs.rmSync(name, { force: true })
	fs.rmSync(name + '.gz', { force: true })
	if (fs.statSync(f).size > 1000000) {
		fs.writeFileSync(name + '.gz', zlib.gzipSync(out, { level: 9 }))
	} else {
		fs.writeFileSync(name, out)
	}
}
