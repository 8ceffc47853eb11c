import os, tempfile
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, 'data.txt')
    with open(path, 'w', encoding='utf-8') as fh:
        fh.write('line one\nline two\n')
        fh.write('caf\u00e9\n')
    with open(path, encoding='utf-8') as fh:
        print(fh.read().splitlines())
    with open(path, 'a') as fh:
        print('appended', file=fh)
    with open(path, 'rb') as fh:
        raw = fh.read()
    print(len(raw), raw[:8], raw.count(b'\n'))
    bpath = os.path.join(d, 'blob.bin')
    with open(bpath, 'wb') as fh:
        fh.write(bytes(range(256)))
    print(os.path.getsize(bpath), sorted(os.listdir(d)))
    with open(bpath, 'rb') as fh:
        fh.seek(250)
        print(list(fh.read()))
    os.remove(bpath)
    print(os.path.exists(bpath))
try:
    open('/nonexistent/dir/file.txt')
except FileNotFoundError as exc:
    print(exc)
