try:
    import pkg_demo.broken
except SyntaxError as exc:
    print(type(exc).__name__, exc.msg)
    print(exc.lineno, exc.offset)
    print(exc.filename.endswith('broken.py'))
