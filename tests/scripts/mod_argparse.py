import argparse
parser = argparse.ArgumentParser(description='A test CLI.')
parser.add_argument('files', nargs='+')
parser.add_argument('-n', '--count', type=int, default=1, help='how many')
parser.add_argument('--verbose', action='store_true')
parser.add_argument('--mode', choices=['fast', 'slow'], default='fast')
args = parser.parse_args()
print(args)
print(vars(args))
print(parser.format_usage().split()[0], parser.description)
try:
    parser.parse_args(['--count', 'x', 'f'])
except SystemExit as exc:
    print('exit code', exc.code)
