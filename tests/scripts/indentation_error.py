def f():
    a = 1
    if a:
        b = 2
      return a
