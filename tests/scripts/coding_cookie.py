# -*- coding: latin-1 -*-
text = 'été à la plage'
print(text, len(text))
print(text.encode('utf-8'))
