print('caf\u00e9 na\u00efve r\u00e9sum\u00e9')
print('\u65e5\u672c\u8a9e \u4e2d\u6587 \ud55c\uad6d\uc5b4')
print('emoji: \U0001f600 \U0001f680')
print('\u03b1\u03b2\u03b3 \u2211 \u222b \u2264')
s = '\u00c5ngstr\u00f6m'
print(len(s), s.upper(), s.encode('utf-8'))
print(ascii('\u00e9\U0001f600'), repr('\u00e9'))
import sys
sys.stderr.write('stderr: \u00fcber\n')
