import sys
line = 'x' * 63 + '\n'
for i in range(17000):
    sys.stdout.write(f'{i:06d}' + line[6:])
print('end')
