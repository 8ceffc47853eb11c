# Run by `kiln -i` in tests/repl.rs: the REPL that follows must see these names.
import sys

greeting = "hello from the script"
numbers = [n * n for n in range(5)]
print("script ran with", len(sys.argv) - 1, "argument(s)")
