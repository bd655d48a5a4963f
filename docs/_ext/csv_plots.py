"""Plots and tables for the docs, drawn from the CSV files the benchmarks wrote on a real GPU.

At the start of every build, each CSV file in docs/data that has a plot recipe below becomes an
SVG in docs/_generated (not versioned), labelled with the device and the date of the run, in
the build's language: NAME.svg in English, NAME.ja.svg in the Japanese build, which picks it
instead of NAME.svg (Sphinx's ``figure_language_filename``). Japanese text is drawn with the
font fontconfig picks for Japanese (Debian fonts-ipafont-gothic). Colours work on both the
light and the dark theme: the lines and text are mid-grey and the background is transparent.

``{bandwidth-table} vector_add_h100.csv`` shows a table that ``--benchmark --csv`` wrote
(common/bandwidth_report) under a line naming the device, the CUDA driver API and the date;
``{histogram-table} histogram_h100.csv`` summarises chapter 04's benchmark the same way.
"""
import csv
import os
import subprocess

from docutils import nodes
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import font_manager  # noqa: E402

GREY = "#888888"


def _driver_api(value):
    """cudaDriverGetVersion's 13000 as 13.0."""
    api = int(value)
    return f"{api // 1000}.{api % 1000 // 10}"


def _style(ax, title):
    ax.set_title(title, color=GREY, fontsize=10)
    for spine in ax.spines.values():
        spine.set_color(GREY)
    ax.tick_params(colors=GREY, which="both")
    ax.xaxis.label.set_color(GREY)
    ax.yaxis.label.set_color(GREY)
    ax.grid(True, color=GREY, alpha=0.25)


def _legend(ax):
    legend = ax.legend(frameon=False, fontsize=8)
    for text in legend.get_texts():
        text.set_color(GREY)


# Every word a plot shows, in English and in Japanese; {placeholders} are filled from the CSV.
PLOT_LANGUAGES = ("en", "ja")
PLOT_TEXT = {
    "global": ("global atomics", "グローバルアトミック"),
    "shared": ("shared memory per block", "ブロックごとの共有メモリ"),
    "cluster 2": ("cluster of 2", "クラスタ 2"),
    "hot-bin cache": ("global, hot bins cached", "グローバル＋ホットビンのキャッシュ"),
    "auto": ("auto", "auto"),
    "CUB": ("CUB HistogramEven", "CUB HistogramEven"),
    "bins": ("bins", "ビン数"),
    "elements per second": ("G elements / s", "G 要素 / 秒"),
    "histogram title": ("Histogram of {n} values: {device}, CUDA driver API {api}, {date}",
                        "{n} 値のヒストグラム: {device}、CUDA ドライバ API {api}、{date}"),
    "predicted": ("predicted: emulator's wavefronts at the stride-1 rate",
                  "予測: エミュレータのウェーブフロント数をストライド 1 の速度で"),
    "measured": ("measured: time relative to stride 1", "測定: ストライド 1 に対する時間"),
    "stride": ("stride between the words of neighbouring lanes", "隣り合うレーンが読むワードの間隔（ストライド）"),
    "relative cost": ("relative cost", "相対コスト"),
    "bank title": ("Shared-memory loads by stride: {device}, {date}",
                   "ストライド別の共有メモリ読み出し: {device}、{date}"),
    "of ceiling": ("fraction of the ceiling the access pattern allows",
                   "アクセスパターンが許す上限に対する割合"),
    "memory spaces title": ("Chapter 08 kernels: {device}, {date}", "第 08 章のカーネル: {device}、{date}"),
}


def _plan(r):
    """What a row of histogram_h100.csv timed, from its columns: (kind, strategy, cluster size,
    warp-aggregated, number of hot bins cached)."""
    return (r["kind"], r["strategy"], int(r["cluster_size"]), r["warp_aggregated"] == "yes",
            int(r["hot_bins"]))


# The bars of the plot: which rows each takes, and its legend's key in TEXT.
HISTOGRAM_BARS = [
    ("global", lambda p: p == ("plan", "global", 1, False, 0)),
    ("shared", lambda p: p == ("plan", "shared", 1, False, 0)),
    ("cluster 2", lambda p: p == ("plan", "cluster", 2, False, 0)),
    ("hot-bin cache", lambda p: p[:4] == ("plan", "global", 1, False) and p[4] > 0),
    ("auto", lambda p: p[0] == "auto"),
    ("CUB", lambda p: p[0] == "cub"),
]


def histogram_plot(rows, path, text, language):
    """One panel per distribution of the input, bars by number of bins."""
    distributions = list(dict.fromkeys(r["distribution"] for r in rows))
    fig, axes = plt.subplots(1, len(distributions), figsize=(11, 3.8), sharey=True)
    width = 0.8 / len(HISTOGRAM_BARS)
    for ax, distribution in zip(axes, distributions):
        of = [r for r in rows if r["distribution"] == distribution]
        bins = sorted({int(r["bins"]) for r in of})
        for k, (key, takes) in enumerate(HISTOGRAM_BARS):
            xs, ys = [], []
            for i, b in enumerate(bins):
                match = [r for r in of if int(r["bins"]) == b and takes(_plan(r))]
                if match:
                    xs.append(i + (k - len(HISTOGRAM_BARS) / 2) * width + width / 2)
                    ys.append(float(match[0]["gelements_per_s"]))
            ax.bar(xs, ys, width, label=text[key])
        ax.set_xticks(range(len(bins)), [f"{b:,}" for b in bins], fontsize=7)
        ax.set_yscale("log")
        ax.set_xlabel(text["bins"])
        _style(ax, DISTRIBUTION_NAME[language].get(distribution, distribution))
    axes[0].set_ylabel(text["elements per second"])
    legend = fig.legend(*axes[0].get_legend_handles_labels(), loc="lower center",
                        ncol=len(HISTOGRAM_BARS), frameon=False, fontsize=8)
    for label in legend.get_texts():
        label.set_color(GREY)
    r = rows[0]
    fig.suptitle(text["histogram title"].format(n=f"{int(r['n']):,}", device=r["device"],
                                                api=_driver_api(r["cuda_driver_api"]),
                                                date=r["date"]), color=GREY, fontsize=10)
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    fig.savefig(path, transparent=True)
    plt.close(fig)


def bank_conflicts_plot(rows, path, text, language):
    strides = [r for r in rows if r["kernel"] == "StridedLoads"]
    s = [int(r["parameter"]) for r in strides]
    base = next(r for r in strides if int(r["parameter"]) == 1)

    def predicted(r):
        return max(float(r["shared_bound_ms"]), float(r["memory_bound_ms"]))

    fig, ax = plt.subplots(figsize=(6.5, 3.6))
    ax.plot(s, [predicted(r) / predicted(base) for r in strides], "o--", label=text["predicted"])
    ax.plot(s, [float(r["median_ms"]) / float(base["median_ms"]) for r in strides], "s-",
            label=text["measured"])
    ax.set_xscale("log", base=2)
    ax.set_yscale("log", base=2)
    ax.set_xlabel(text["stride"])
    ax.set_ylabel(text["relative cost"])
    r = rows[0]
    _style(ax, text["bank title"].format(device=r["device"], date=r["date"]))
    _legend(ax)
    fig.tight_layout()
    fig.savefig(path, transparent=True)
    plt.close(fig)


def memory_spaces_plot(rows, path, text, language):
    """Chapter 08: each kernel's rate as a fraction of the ceiling its access pattern allows."""
    fig, ax = plt.subplots(figsize=(7.5, 3.6))
    names = [f"{r['part']}: {r['kernel']}" for r in rows]
    ax.barh(range(len(rows)), [float(r["of_ceiling"]) for r in rows], color="#4c8cbf")
    ax.set_yticks(range(len(rows)), names, fontsize=7)
    ax.invert_yaxis()
    ax.axvline(1.0, color=GREY, linestyle="--", linewidth=1)
    ax.set_xlabel(text["of ceiling"])
    r = rows[0]
    _style(ax, text["memory spaces title"].format(device=r["device"], date=r["date"]))
    fig.tight_layout()
    fig.savefig(path, transparent=True)
    plt.close(fig)


RECIPES = {"histogram_h100.csv": histogram_plot, "bank_conflicts_h100.csv": bank_conflicts_plot,
           "memory_spaces_h100.csv": memory_spaces_plot}


def _use_japanese_font():
    """Adds the font fontconfig picks for Japanese as matplotlib's fallback after DejaVu Sans."""
    found = subprocess.run(["fc-match", "--format=%{file}", ":lang=ja"], capture_output=True,
                           text=True)
    path = found.stdout.strip()
    if found.returncode != 0 or not os.path.isfile(path):
        raise ExtensionError("csv_plots: no Japanese font found by fc-match "
                             "(install fonts-ipafont-gothic)")
    font_manager.fontManager.addfont(path)
    japanese = font_manager.FontProperties(fname=path).get_name()
    plt.rcParams["font.family"] = ["DejaVu Sans", japanese]


def draw(app):
    """Draws the plots in the language of this build (English unless it is a Japanese one)."""
    language = app.config.language if app.config.language in PLOT_LANGUAGES else "en"
    if language == "ja":
        _use_japanese_font()
    text = {key: words[PLOT_LANGUAGES.index(language)] for key, words in PLOT_TEXT.items()}
    data = os.path.join(app.confdir, "data")
    out = os.path.join(app.confdir, "_generated")
    os.makedirs(out, exist_ok=True)
    for name, recipe in RECIPES.items():
        with open(os.path.join(data, name), newline="") as f:
            rows = list(csv.DictReader(f))
        suffix = ".svg" if language == "en" else f".{language}.svg"
        recipe(rows, os.path.join(out, name.replace(".csv", suffix)), text, language)


# The line above a table, per language of the build.
MEASURED_ON = {
    "en": "Measured on {device} (CUDA driver API {api}), {date}, {problem}:",
    "ja": "{device}（CUDA ドライバ API {api}）で {date} に測定、{problem}:",
}
HEADER = {
    "en": ["kernel", "median ms", "GB/s", "of the copy"],
    "ja": ["カーネル", "中央値 ms", "GB/s", "コピー比"],
}
HISTOGRAM_HEADER = {
    "en": ["values", "bins", "auto chooses", "auto", "best strategy", "CUB", "auto vs CUB"],
    "ja": ["値の分布", "ビン数", "auto の選択", "auto", "最速の方式", "CUB", "auto / CUB"],
}
DISTRIBUTION_NAME = {
    "en": {"uniform": "uniform", "skewed": "skewed", "single": "one bin"},
    "ja": {"uniform": "一様", "skewed": "偏り", "single": "1 ビン"},
}
BANK_HEADER = {
    "en": ["variant", "measured ms", "shared bound ms", "memory bound ms", "limit", "off by"],
    "ja": ["パターン", "測定 ms", "共有メモリの下限 ms", "デバイスメモリの下限 ms", "律速", "ずれ"],
}
BANK_PROBLEM = {"en": "median of 25 runs", "ja": "25 回の中央値"}
HISTOGRAM_PROBLEM = {"en": "n = {n}, G elements/s", "ja": "n = {n}、G 要素/秒"}


def _entry(child):
    entry = nodes.entry()
    entry += nodes.paragraph("", "", child)
    return entry


def _read(directive):
    path = os.path.join(directive.env.app.confdir, "data", directive.arguments[0])
    directive.env.note_dependency(path)
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    language = directive.config.language if directive.config.language in MEASURED_ON else "en"
    return rows, language


def _caption(first, language, problem):
    caption = nodes.paragraph(text=MEASURED_ON[language].format(
        device=first["device"], api=_driver_api(first["cuda_driver_api"]), date=first["date"],
        problem=problem))
    caption["translatable"] = False  # already in the build's language; no .po entry
    return caption


def _table(header, body_rows, widths):
    table = nodes.table()
    group = nodes.tgroup(cols=len(header))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    row = nodes.row()
    for title in header:
        row += _entry(nodes.Text(title))
    head += row
    group += head
    body = nodes.tbody()
    for cells in body_rows:
        row = nodes.row()
        for cell in cells:
            row += _entry(cell if isinstance(cell, nodes.Node) else nodes.Text(cell))
        body += row
    group += body
    return table


def _ratio(r, column):
    """A row's ratio to its ceiling, "0.92x", flagged when the run's output did not match."""
    return f"{float(r[column]):.2f}x" + ("" if r["verified"] == "yes" else " (mismatch)")


class BandwidthTable(SphinxDirective):
    required_arguments = 1

    def run(self):
        rows, language = _read(self)
        body = [[nodes.literal(text=r["kernel"]), f"{float(r['median_ms']):.3f}",
                 f"{float(r['gbs']):,.0f}", _ratio(r, "of_copy")] for r in rows]
        return [_caption(rows[0], language, rows[0]["problem"]),
                _table(HEADER[language], body, (50, 15, 15, 15))]


class HistogramTable(SphinxDirective):
    """Per bin count: what auto chose and its speed, the fastest fixed strategy, and CUB."""
    required_arguments = 1

    def run(self):
        rows, language = _read(self)
        body = []
        distributions = list(dict.fromkeys(r["distribution"] for r in rows))
        for distribution in distributions:
            of = [r for r in rows if r["distribution"] == distribution]
            for bins in sorted({int(r["bins"]) for r in of}):
                at = [r for r in of if int(r["bins"]) == bins]
                auto = next(r for r in at if r["kind"] == "auto")
                cub = next(r for r in at if r["kind"] == "cub")
                best = max((r for r in at if r["kind"] == "plan"),
                           key=lambda r: float(r["gelements_per_s"]))
                _, strategy, size, aggregated, hot = _plan(auto)
                chosen = (f"cluster {size}" if strategy == "cluster" else strategy) + \
                    (", warp-aggregated" if aggregated else "") + \
                    (f", hot-bin cache ({hot})" if hot else "")
                speed = {id(r): float(r["gelements_per_s"]) for r in (auto, cub, best)}
                flag = "" if all(r["verified"] == "yes" for r in at) else " (mismatch)"
                body.append([DISTRIBUTION_NAME[language].get(distribution, distribution),
                             f"{bins:,}", chosen, f"{speed[id(auto)]:.0f}{flag}",
                             f"{best['method']}: {speed[id(best)]:.0f}", f"{speed[id(cub)]:.0f}",
                             f"{speed[id(auto)] / speed[id(cub)]:.2f}x"])
        problem = HISTOGRAM_PROBLEM[language].format(n=f"{int(rows[0]['n']):,}")
        return [_caption(rows[0], language, problem),
                _table(HISTOGRAM_HEADER[language], body, (9, 10, 24, 8, 30, 8, 10))]


class BankModelTable(SphinxDirective):
    """Chapter 05's benchmark: each variant's time beside the two bounds of the model."""
    required_arguments = 1

    def run(self):
        rows, language = _read(self)
        body = []
        for r in rows:
            measured = float(r["median_ms"])
            predicted = max(float(r["shared_bound_ms"]), float(r["memory_bound_ms"]))
            flag = "" if r["verified"] == "yes" else " (mismatch)"
            body.append([r["variant"], f"{measured:.3f}{flag}",
                         f"{float(r['shared_bound_ms']):.3f}",
                         f"{float(r['memory_bound_ms']):.3f}",
                         nodes.literal(text=r["limit"]),
                         f"{100 * (measured / predicted - 1):+.1f}%"])
        return [_caption(rows[0], language, BANK_PROBLEM[language]),
                _table(BANK_HEADER[language], body, (28, 12, 14, 14, 10, 10))]


MEMORY_SPACES_HEADER = {
    "en": ["part", "kernel", "median ms", "rate", "ceiling", "of the ceiling"],
    "ja": ["部分", "カーネル", "中央値 ms", "速度", "上限", "上限比"],
}


class MemorySpacesTable(SphinxDirective):
    """Chapter 08's benchmark: each kernel's rate beside the ceiling its access pattern allows."""
    required_arguments = 1

    def run(self):
        rows, language = _read(self)
        body = [[r["part"], nodes.literal(text=r["kernel"]), f"{float(r['median_ms']):.3f}",
                 f"{float(r['rate']):,.1f} {r['unit']}",
                 f"{float(r['ceiling']):,.1f} ({r['ceiling_name']})", _ratio(r, "of_ceiling")]
                for r in rows]
        return [_caption(rows[0], language, rows[0]["problem"]),
                _table(MEMORY_SPACES_HEADER[language], body, (8, 34, 9, 13, 26, 10))]


def setup(app):
    app.connect("builder-inited", draw)
    app.add_directive("bandwidth-table", BandwidthTable)
    app.add_directive("histogram-table", HistogramTable)
    app.add_directive("bank-model-table", BankModelTable)
    app.add_directive("memory-spaces-table", MemorySpacesTable)
    return {"parallel_read_safe": True, "version": "1"}
