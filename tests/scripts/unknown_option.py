# expected-from: kiln
# An unknown option is a usage error: status 2 and a pointer to -h.
