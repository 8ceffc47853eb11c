# no arguments at all: the program is read from the piped stdin
