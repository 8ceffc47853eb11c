# `-i` runs the program, then reads statements from stdin in __main__'s namespace.
