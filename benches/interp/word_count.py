"""Word counting with collections.Counter over a generated text."""

from collections import Counter

WORDS = (
    "the quick brown fox jumps over lazy dog and then runs into forest where "
    "an old owl watches every small mouse under bright moon while wind moves "
    "through tall grass near river bank stones water light shadow"
).split()


def generate_text(n_words, seed):
    state = seed
    lines = []
    line = []
    for i in range(n_words):
        state = (state * 1103515245 + 12345) % 2147483648
        word = WORDS[(state >> 16) % len(WORDS)]
        if state % 7 == 0:
            word = word.capitalize()
        line.append(word)
        if len(line) == 12:
            lines.append(" ".join(line) + ".")
            line = []
    lines.append(" ".join(line))
    return "\n".join(lines)


def count_words(text):
    counts = Counter()
    for line in text.splitlines():
        for word in line.split():
            counts[word.strip(".").lower()] += 1
    return counts


def main():
    text = generate_text(400_000, 42)
    counts = count_words(text)
    top = counts.most_common(5)
    print("checksum:", len(counts), sum(counts.values()), top)


main()
