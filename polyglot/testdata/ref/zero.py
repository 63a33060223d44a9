# zero.py IN OUT: writes the book IN with the weight of every third entry
# (entries 1, 4, 7, ...) set to 0, as a book deletes moves without
# compacting; make-book writes no weight 0.
import sys

data = bytearray(open(sys.argv[1], "rb").read())
for i in range(1, len(data) // 16, 3):
    data[i * 16 + 10 : i * 16 + 12] = b"\0\0"
open(sys.argv[2], "wb").write(bytes(data))
