# runs the package pkg_demo (its __main__) with -m
