# a directory with __main__.py runs it
