"""The yardstick: a plain static-site script with the same libraries (jinja2 + markdown-it-py),
building a synthetic site of 4,977 pages. Its CPU per page, measured in the same run as the
project's, makes the project's figure hold from machine to machine (``benchmarks/run.py``).

Usage:  python benchmarks/reference.py OUT      (OUT must not exist)

Each page: a Markdown body of six to twenty paragraphs (emphasis, links, a list, now and then a
table) made from a seeded generator, rendered by markdown-it, put in a jinja2 page template
that extends a base with a navigation of 60 links, and written to ``OUT/<section>/<n>/index.html``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from jinja2 import DictLoader, Environment
from markdown_it import MarkdownIt

PAGES = 4977
SECTIONS = 60
WORDS = ("天 地 人 和 陰 陽 五 行 生 剋 旺 相 休 囚 死 甲 乙 丙 丁 戊 己 庚 辛 壬 癸 "
         "lesson plate transmission general branch stem hexagram line change void month day "
         "사람 하늘 땅 때 달 날 해 물 불 나무 쇠 흙").split()

BASE = """<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>{{ title }} · Reference</title>
<link rel="stylesheet" href="{{ root }}assets/site.css"></head>
<body><nav><ul>{% for s in sections %}<li><a href="{{ root }}{{ s.slug }}/index.html">{{ s.title }}</a></li>{% endfor %}</ul></nav>
<main>{% block main %}{% endblock %}</main>
<footer><p>{{ title }} — page {{ number }} of {{ total }}</p></footer></body></html>
"""
PAGE = """{% extends "base.html" %}{% block main %}<h1>{{ title }}</h1>
<p class="meta">{{ section.title }} · {{ words }} words</p>
{{ body | safe }}
<ul class="related">{% for r in related %}<li><a href="{{ root }}{{ r.href }}">{{ r.title }}</a></li>{% endfor %}</ul>
{% endblock %}"""


def paragraph(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(20, 60))]
    i = rng.randrange(len(words))
    words[i] = f"**{words[i]}**"
    j = rng.randrange(len(words))
    words[j] = f"[{words[j]}](../{rng.randrange(SECTIONS)}/index.html)"
    return " ".join(words)


def body(rng: random.Random) -> str:
    parts = [paragraph(rng) for _ in range(rng.randint(6, 20))]
    parts.insert(2, "\n".join(f"- {rng.choice(WORDS)} {rng.choice(WORDS)}" for _ in range(5)))
    if rng.random() < 0.3:
        parts.append("| a | b | c |\n| --- | --- | --- |\n" + "\n".join(
            f"| {rng.choice(WORDS)} | {rng.choice(WORDS)} | {rng.randint(1, 99)} |" for _ in range(6)))
    return "\n\n".join(parts)


def main(out: Path) -> None:
    rng = random.Random(4977)
    md = MarkdownIt("commonmark").enable("table")
    env = Environment(loader=DictLoader({"base.html": BASE, "page.html": PAGE}), autoescape=True)
    template = env.get_template("page.html")
    sections = [{"slug": str(i), "title": f"Section {i} {WORDS[i % len(WORDS)]}"} for i in range(SECTIONS)]
    out.mkdir()
    for n in range(PAGES):
        section = sections[n % SECTIONS]
        text = body(rng)
        related = [{"href": f"{rng.randrange(SECTIONS)}/{rng.randrange(PAGES)}/index.html",
                    "title": f"{rng.choice(WORDS)} {rng.choice(WORDS)}"} for _ in range(8)]
        html = template.render(title=f"{section['title']} {n}", root="../../", sections=sections,
                               section=section, body=md.render(text), related=related,
                               words=len(text.split()), number=n + 1, total=PAGES)
        folder = out / section["slug"] / str(n)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "index.html").write_text(html, encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
