# expected-from: kiln
# `kiln kernel` with an unknown command: the error and the kernel's usage, status 2.
