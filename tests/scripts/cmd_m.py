# runs pkg_demo.runme with -m
