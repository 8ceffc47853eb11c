import json
data = {'name': 'kiln', 'values': [1, 2.5, None, True], 'nested': {'a': [], 'b': {}}}
text = json.dumps(data, sort_keys=True)
print(text)
print(json.dumps(data, indent=2, sort_keys=True))
print(json.loads(text) == data)
print(json.loads('[1e3, -0.0, "\\u00e9", {"k": null}]'))
print(json.dumps('caf\u00e9'), json.dumps('caf\u00e9', ensure_ascii=False))
try:
    json.loads('{bad json}')
except json.JSONDecodeError as exc:
    print('error:', exc.msg, exc.lineno, exc.colno)
