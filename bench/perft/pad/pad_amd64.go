package pad

// Pad is Base+N bytes of code: a RET, then INT3s (pad_amd64.s, or the
// file of a padded build). It is never called.
func Pad()
