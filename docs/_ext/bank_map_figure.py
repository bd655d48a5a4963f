"""The ``bank-map`` directive: chapter 05's lane-to-bank map, drawn.

``{bank-map} 05_shared_memory_bank_conflicts`` reads the output that sample printed on the
emulator when the docs were built (the same file ``{sample-output}`` shows), takes the map
under its "Why: the lane-to-bank map" line (rows ``lane``, ``word`` and ``bank``), and draws the
32 lanes of the request above the 32 banks, each lane joined to the bank of its word. The more
different words a bank must deliver, the darker it is: the darkest bank's count is the number
of wavefronts. The figure is written to docs/_generated in the build's language and shown with
the place of the request as its caption.
"""
import os

from docutils import nodes
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from csv_plots import GREY, _use_japanese_font  # noqa: E402

TEXT = {
    "en": {"lanes": "lanes of the warp", "banks": "banks (shade: different words wanted)",
           "caption": "The request at {place}: {waves} wavefronts where {ideal} would do without "
                      "conflicts. Each line joins a lane to the bank of the word it reads or "
                      "writes."},
    "ja": {"lanes": "ワープのレーン", "banks": "バンク（濃さ: 要求された異なるワードの数）",
           "caption": "{place} のリクエスト: ウェーブフロント {waves}（競合がなければ {ideal}）。"
                      "各線はレーンと、そのレーンが読み書きするワードのバンクを結ぶ。"},
}


def parse_map(text):
    """The place, the (wavefronts, conflict-free wavefronts) and the per-lane words and banks of
    the map in `text`."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines)
                  if line.startswith("Why: the lane-to-bank map")), None)
    if start is None:
        raise ExtensionError("bank-map: the captured output has no lane-to-bank map")
    heading = lines[start + 1]
    place = heading.split(" at ", 1)[1].split(" ", 1)[0]
    counts = heading.rsplit("): ", 1)[1].split()  # "32 wavefronts, 1 without conflicts"
    waves = (int(counts[0]), int(counts[2]))
    rows = {"lane": [], "word": [], "bank": []}
    for line in lines[start + 2:start + 8]:
        label, *cells = line.split()
        rows[label] += [None if c == "-" else int(c) for c in cells]
    if any(len(v) != 32 for v in rows.values()):
        raise ExtensionError("bank-map: the map does not have 32 lanes")
    return place, waves, rows["word"], rows["bank"]


def draw(words, banks, path, text):
    wanted = [set() for _ in range(32)]
    for word, bank in zip(words, banks):
        if bank is not None:
            wanted[bank].add(word)
    most = max(len(w) for w in wanted)
    fig, ax = plt.subplots(figsize=(9, 2.6))
    for lane, bank in enumerate(banks):
        if bank is not None:
            ax.plot([lane, bank], [1, 0], color=GREY, linewidth=0.8, alpha=0.8)
    ax.scatter(range(32), [1] * 32, s=60, marker="s", color="none", edgecolors=GREY)
    shades = [len(w) / most for w in wanted]
    ax.scatter(range(32), [0] * 32, s=60, marker="s", c=shades, cmap="Oranges", vmin=0, vmax=1,
               edgecolors=GREY)
    for bank, w in enumerate(wanted):
        if len(w) == most and most > 1:
            ax.annotate(str(most), (bank, 0), xytext=(0, -14), textcoords="offset points",
                        ha="center", color=GREY, fontsize=8)
    ax.set_yticks([0, 1], [text["banks"], text["lanes"]])
    ax.set_xticks(range(0, 32, 4))
    ax.set_ylim(-0.35, 1.2)
    ax.tick_params(colors=GREY)
    for spine in ax.spines.values():
        spine.set_visible(False)
    for label in ax.get_yticklabels():
        label.set_color(GREY)
    fig.tight_layout()
    fig.savefig(path, transparent=True)
    plt.close(fig)


class BankMap(SphinxDirective):
    required_arguments = 1

    def run(self):
        captured = os.path.join(self.config.sample_output_dir, self.arguments[0] + ".txt")
        if not os.path.isfile(captured):
            raise ExtensionError(f"bank-map: no captured output at {captured!r} "
                                 "(build the docs through the CMake 'docs' target)")
        self.env.note_dependency(captured)
        with open(captured, encoding="utf-8") as f:
            place, waves, words, banks = parse_map(f.read())
        language = self.config.language if self.config.language in TEXT else "en"
        if language == "ja":
            _use_japanese_font()
        text = TEXT[language]
        suffix = "" if language == "en" else "." + language
        name = f"bank_map_{self.arguments[0]}{suffix}.svg"
        out = os.path.join(self.env.app.confdir, "_generated")
        os.makedirs(out, exist_ok=True)
        draw(words, banks, os.path.join(out, name), text)
        figure = nodes.figure()
        words_of_caption = text["caption"].format(place=place, waves=waves[0], ideal=waves[1])
        figure += nodes.image(uri="/docs/_generated/" + name, alt=words_of_caption)
        caption = nodes.caption(text=words_of_caption)
        caption["translatable"] = False  # already in the build's language
        figure += caption
        return [figure]


def setup(app):
    app.add_directive("bank-map", BankMap)
    return {"parallel_read_safe": True, "version": "1"}
