import re
text = 'Contact: ada@example.com, bob@test.org; phone 555-1234'
print(re.findall(r'[\w.]+@[\w.]+', text))
m = re.search(r'(?P<area>\d{3})-(?P<num>\d{4})', text)
print(m.group(0), m.group('area'), m.groupdict(), m.span())
print(re.sub(r'(\w+)@(\w+)', r'\2 at \1', text))
print(re.split(r'[,;]\s*', text))
pattern = re.compile(r'^(\w+):', re.MULTILINE)
print(pattern.findall('a: 1\nb: 2\nc 3'))
print(re.fullmatch(r'\d+', '12345') is not None, re.match(r'x', 'abc'))
print([m.start() for m in re.finditer('o', 'foo boo')])
print(re.escape('a.b*c'), re.IGNORECASE in re.compile('x', re.I).flags.__class__.__mro__ or True)
