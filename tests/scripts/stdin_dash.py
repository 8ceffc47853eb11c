# the program comes from stdin_dash.stdin via '-'
