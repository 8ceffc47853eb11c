# a directory without __main__.py
