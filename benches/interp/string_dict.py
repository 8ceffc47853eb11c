"""String and dict work: records built with f-strings, split and joined, str methods,
dict get/setdefault/items, sorted keys."""

CITIES = ["Oslo", "Lima", "Pune", "Kyiv", "Bern", "Doha", "Riga", "Baku", "Suva", "Apia"]
ITEMS = ["apple", "bread", "chalk", "denim", "eagle", "flute", "grape", "honey"]


def make_records(n):
    records = []
    for i in range(n):
        h = (i * 2654435761) % 4294967296
        city = CITIES[(h >> 8) % len(CITIES)]
        item = ITEMS[(h >> 16) % len(ITEMS)]
        qty = (i * 13) % 29 + 1
        price = ((i * 17) % 500) / 100
        records.append(f"{i:06d};{city.lower()};{item};{qty};{price:.2f}")
    return records


def summarise(records):
    per_city = {}
    per_item = {}
    tags = {}
    for line in records:
        ident, city, item, qty, price = line.split(";")
        city = city.title()
        amount = int(qty) * float(price)
        per_city[city] = per_city.get(city, 0.0) + amount
        per_item.setdefault(item.upper(), []).append(int(ident))
        key = item[:2] + city[-2:].lower()
        if key.startswith("a") or key.endswith("a"):
            key = key.replace("a", "@")
        tags[key] = tags.get(key, 0) + 1
    return per_city, per_item, tags


def report(per_city, per_item, tags):
    lines = []
    for city in sorted(per_city):
        lines.append(f"{city:<6}{per_city[city]:>14.2f}")
    for item, idents in sorted(per_item.items()):
        lines.append(f"{item}: {len(idents)} first={idents[0]} last={idents[-1]}")
    ranked = sorted(tags.items(), key=lambda kv: (-kv[1], kv[0]))
    lines.append(", ".join(f"{k}={v}" for k, v in ranked[:10]))
    return "\n".join(lines)


def text_hash(text):
    h = 0
    for ch in text:
        h = (h * 31 + ord(ch)) % 1000000007
    return h


def main():
    text = ""
    for round_ in range(3):
        records = make_records(30_000)
        text = report(*summarise(records))
    lines = text.splitlines()
    print("checksum:", len(lines), len(text), text.count("@"), text_hash(text))


main()
