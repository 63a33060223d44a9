package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Option is an option the engine declared in its handshake:
//
//	option name Hash type spin default 16 min 1 max 33554432
//
// Type is its UCI type: "check" (a boolean, "true" or "false"), "spin"
// (an integer from Min to Max), "combo" (one of Vars), "button" (no value:
// setting it acts) or "string". Default is the engine's default as it
// wrote it ("<empty>" is the usual empty string). Min and Max bound a spin
// (math.MinInt and math.MaxInt where the engine gave none); Vars are a
// combo's values.
type Option struct {
	Name     string
	Type     string
	Default  string
	Min, Max int
	Vars     []string
}

// optionWords are the words that begin the fields of an option line.
var optionWords = map[string]bool{"name": true, "type": true, "default": true, "min": true, "max": true, "var": true}

// parseOption reads an option line ("option name ... type ...").
func parseOption(line string) (Option, error) {
	o := Option{Min: math.MinInt, Max: math.MaxInt}
	words := strings.Fields(line)
	if len(words) == 0 || words[0] != "option" {
		return o, errors.New("not an option line")
	}
	words = words[1:]
	// The fields: each keyword and the words up to the next one. A name
	// runs to "type"; a string's default runs to the end of the line.
	var fields []struct {
		key   string
		value []string
	}
	for len(words) > 0 {
		key := words[0]
		if !optionWords[key] {
			return o, fmt.Errorf("%q where a field's name (name, type, default, min, max, var) belongs", key)
		}
		words = words[1:]
		n := 0
		switch {
		case key == "name":
			for n < len(words) && words[n] != "type" {
				n++
			}
		case key == "default" && o.Type == "string":
			n = len(words)
		default:
			for n < len(words) && !optionWords[words[n]] {
				n++
			}
		}
		fields = append(fields, struct {
			key   string
			value []string
		}{key, words[:n]})
		if key == "type" {
			o.Type = strings.Join(words[:n], " ")
		}
		words = words[n:]
	}
	seen := map[string]bool{}
	for _, f := range fields {
		value := strings.Join(f.value, " ")
		if f.key != "var" {
			if seen[f.key] {
				return o, fmt.Errorf("two %s fields", f.key)
			}
			seen[f.key] = true
		}
		switch f.key {
		case "name":
			o.Name = value
		case "type":
			switch value {
			case "check", "spin", "combo", "button", "string":
			default:
				return o, fmt.Errorf("type %q, want check, spin, combo, button or string", value)
			}
		case "default":
			o.Default = value
		case "min", "max":
			n, err := strconv.Atoi(value)
			if err != nil {
				return o, &wrapped{fmt.Sprintf("%s %q is not an integer", f.key, value), err}
			}
			if f.key == "min" {
				o.Min = n
			} else {
				o.Max = n
			}
		case "var":
			o.Vars = append(o.Vars, value)
		}
	}
	switch {
	case o.Name == "":
		return o, errors.New("no name")
	case o.Type == "":
		return o, errors.New("no type")
	case o.Min > o.Max:
		return o, fmt.Errorf("min %d above max %d", o.Min, o.Max)
	}
	return o, nil
}

// Options returns the options the engine declared, in its order.
func (e *Engine) Options() []Option {
	out := make([]Option, len(e.options))
	copy(out, e.options)
	for i := range out {
		out[i].Vars = append([]string(nil), out[i].Vars...)
	}
	return out
}

// Option returns the option the engine declared under name, compared
// without regard to case (UCI's names are not case sensitive), and
// whether there is one.
func (e *Engine) Option(name string) (Option, bool) {
	o, ok := e.option(name)
	if ok {
		o.Vars = append([]string(nil), o.Vars...)
	}
	return o, ok
}

func (e *Engine) option(name string) (Option, bool) {
	for _, o := range e.options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// SetOption sets the engine's option name to value, after checking them
// against what the engine declared: the name must be one of its options
// (any case; the engine's own spelling is sent), and the value one the
// option takes: "true" or "false" for a check (any case), an integer from
// Min to Max for a spin, one of Vars for a combo (any case; the engine's
// spelling is sent), "" for a button, any text without a line end for a
// string. Then it sends isready and waits for readyok, so that the engine
// has taken the option when SetOption returns; any line the engine writes
// in the meantime but info is its rejection ("No such option: ...", as
// Stockfish writes), and SetOption's error quotes it. The engine stays
// usable after either kind of error.
//
// MultiPV and UCI_Chess960 are remembered: a search's Limit.MultiPV
// changes the first when it differs, and the second is switched on for
// positions in Chess960 mode, off for others unless set true here.
func (e *Engine) SetOption(ctx context.Context, name, value string) error {
	if err := e.acquire(ctx, "setoption"); err != nil {
		return err
	}
	defer func() { <-e.sem }()
	return e.setOptions(ctx, "setoption", []string{name}, func(string) string { return value })
}

// setOptions checks every option first, then sends them and syncs.
func (e *Engine) setOptions(ctx context.Context, op string, names []string, value func(string) string) error {
	cmds := make([]string, len(names))
	vals := make([]string, len(names))
	opts := make([]Option, len(names))
	for i, name := range names {
		o, v, err := e.checkOption(name, value(name))
		if err != nil {
			return &Error{Engine: e.name, Op: op, Msg: err.Error(), Err: errors.Unwrap(err)}
		}
		opts[i], vals[i] = o, v
		cmds[i] = "setoption name " + o.Name
		if o.Type != "button" {
			cmds[i] += " value " + v
			cmds[i] = strings.TrimRight(cmds[i], " ")
		}
	}
	for _, cmd := range cmds {
		if err := e.write(cmd); err != nil {
			return e.fail(op, "readyok", writeError{err: err})
		}
	}
	if err := e.sync(ctx, op, cmds); err != nil {
		return err
	}
	for i, o := range opts {
		switch {
		case strings.EqualFold(o.Name, "UCI_Variant"):
			e.uciVariant = vals[i]
		case strings.EqualFold(o.Name, "MultiPV"):
			e.multiPV, _ = strconv.Atoi(vals[i])
		case strings.EqualFold(o.Name, "UCI_Chess960"):
			e.chess960 = vals[i] == "true"
			// The caller's setting (Start's Config.Options, SetOption),
			// not the switch a search ("search", "play") makes for its
			// game.
			if op == "start" || op == "setoption" {
				e.user960 = e.chess960
			}
		}
	}
	return nil
}

// checkOption returns the option name names and value as the engine is to
// be sent it, or why not.
func (e *Engine) checkOption(name, value string) (Option, string, error) {
	if strings.ContainsAny(name, "\r\n") || strings.ContainsAny(value, "\r\n") {
		return Option{}, "", fmt.Errorf("option %q: a name or value with a line end", name)
	}
	o, ok := e.option(strings.TrimSpace(name))
	if !ok {
		return o, "", fmt.Errorf("option %q: the engine has no such option", name)
	}
	bad := func(cause error, format string, args ...any) (Option, string, error) {
		return o, "", &wrapped{fmt.Sprintf("option %s (%s): %s", o.Name, o.Type, fmt.Sprintf(format, args...)), cause}
	}
	switch o.Type {
	case "check":
		switch strings.ToLower(strings.TrimSpace(value)) {
		case "true":
			return o, "true", nil
		case "false":
			return o, "false", nil
		}
		return bad(nil, "value %q, want true or false", value)
	case "spin":
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil {
			return bad(err, "value %q is not an integer", value)
		}
		if n < o.Min || n > o.Max {
			return bad(nil, "value %d outside %d to %d", n, o.Min, o.Max)
		}
		return o, strconv.Itoa(n), nil
	case "combo":
		for _, v := range o.Vars {
			if strings.EqualFold(v, strings.TrimSpace(value)) {
				return o, v, nil
			}
		}
		return bad(nil, "value %q, want one of %s", value, strings.Join(o.Vars, ", "))
	case "button":
		if value != "" {
			return bad(nil, "value %q: a button takes none", value)
		}
		return o, "", nil
	}
	return o, value, nil
}
