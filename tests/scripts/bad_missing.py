# a script path that does not exist
