# the program is in cmd_c.args (-c)
