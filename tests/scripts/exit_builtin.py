print('using the exit() builtin from site')
exit(4)
