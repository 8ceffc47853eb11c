import sys
for i in range(2000):
    print(i, end=' ')
sys.stdout.write('no newline before the error')
sys.stderr.write('stderr text\n')
1 / 0
