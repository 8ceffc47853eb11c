# -m with a module that does not exist
