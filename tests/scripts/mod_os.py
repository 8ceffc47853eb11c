import os, tempfile
print(os.path.join('a', 'b', 'c.txt'), os.path.splitext('x/y.tar.gz'), os.path.split('/a/b/c'))
print(os.path.basename('/x/y/z.py'), os.path.dirname('/x/y/z.py'), os.path.normpath('a//b/../c/.'))
print(os.sep, os.curdir, os.pardir, os.name)
os.environ['KILN_TEST_VAR'] = 'value 1'
print(os.environ.get('KILN_TEST_VAR'), os.getenv('KILN_NOT_SET', 'default'))
print(os.path.isdir('pkg_demo'), os.path.isfile('mod_os.py'), os.path.exists('nope'))
print(sorted(os.listdir('pkg_demo/sub')))
with tempfile.TemporaryDirectory() as d:
    os.makedirs(os.path.join(d, 'a', 'b'))
    open(os.path.join(d, 'a', 'f.txt'), 'w').close()
    print(sorted((os.path.relpath(root, d), sorted(dirs), sorted(files)) for root, dirs, files in os.walk(d)))
    os.rename(os.path.join(d, 'a', 'f.txt'), os.path.join(d, 'g.txt'))
    print(sorted(os.listdir(d)), os.stat(os.path.join(d, 'g.txt')).st_size)
print(os.getcwd() == os.path.abspath('.'), os.getpid() > 0, type(os.cpu_count()))
print(os.path.expanduser('~') != '~', os.fspath('p'))
