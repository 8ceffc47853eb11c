def parse(text):
    try:
        return int(text)
    except ValueError as exc:
        raise RuntimeError('could not parse') from exc


parse('abc')
