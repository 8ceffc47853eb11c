# expected-from: kiln
# `kiln --version` prints kiln's version and the Python version it implements.
