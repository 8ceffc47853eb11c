NAME = 'helper in the same directory'
