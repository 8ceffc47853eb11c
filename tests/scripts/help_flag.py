# expected-from: kiln
# `kiln --help` is the manual.
