# the program is in cmd_c_error.args (-c)
