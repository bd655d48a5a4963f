"""Plots for the docs, drawn from the CSV files the benchmarks wrote on a real GPU.

At the start of every build, each CSV file in docs/data that has a plot recipe below becomes an
SVG in docs/_generated (not versioned), labelled with the device and the date of the run.
Colours work on both the light and the dark theme: the lines and text are mid-grey and the
background is transparent.
"""
import csv
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

GREY = "#888888"


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


def histogram_plot(rows, path):
    bins = sorted({int(r["bins"]) for r in rows})
    methods = [("global", "global atomics"), ("shared", "shared memory per block"), ("cluster 2", "cluster of 2"),
               ("cluster 8", "cluster of 8"), ("auto", "auto"), ("CUB", "CUB HistogramEven")]
    fig, ax = plt.subplots(figsize=(7.5, 3.6))
    width = 0.8 / len(methods)
    for k, (prefix, label) in enumerate(methods):
        xs, ys = [], []
        for i, b in enumerate(bins):
            match = [r for r in rows if int(r["bins"]) == b and r["method"].startswith(prefix)]
            if match:
                xs.append(i + (k - len(methods) / 2) * width + width / 2)
                ys.append(float(match[0]["gelements_per_s"]))
        ax.bar(xs, ys, width, label=label)
    ax.set_xticks(range(len(bins)), [f"{b:,}" for b in bins])
    ax.set_yscale("log")
    ax.set_xlabel("bins")
    ax.set_ylabel("G elements / s")
    r = rows[0]
    _style(ax, f"Histogram of {int(r['n']):,} values: {r['device']}, CUDA driver API {r['cuda_driver_api']}, {r['date']}")
    _legend(ax)
    fig.tight_layout()
    fig.savefig(path, transparent=True)
    plt.close(fig)


def bank_conflicts_plot(rows, path):
    strides = [r for r in rows if r["variant"].startswith("stride")]
    s = [int(r["variant"].split()[1]) for r in strides]
    fig, ax = plt.subplots(figsize=(6.5, 3.6))
    ax.plot(s, [float(r["predicted_ratio"]) for r in strides], "o--", label="predicted: wavefronts per request (emulator)")
    ax.plot(s, [float(r["measured_ratio"]) for r in strides], "s-", label="measured: time relative to stride 1")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log", base=2)
    ax.set_xlabel("stride between the words of neighbouring lanes")
    ax.set_ylabel("relative cost")
    r = rows[0]
    _style(ax, f"Shared-memory loads by stride: {r['device']}, {r['date']}")
    _legend(ax)
    fig.tight_layout()
    fig.savefig(path, transparent=True)
    plt.close(fig)


RECIPES = {"histogram_h100.csv": histogram_plot, "bank_conflicts_h100.csv": bank_conflicts_plot}


def draw(app):
    data = os.path.join(app.confdir, "data")
    out = os.path.join(app.confdir, "_generated")
    os.makedirs(out, exist_ok=True)
    for name, recipe in RECIPES.items():
        with open(os.path.join(data, name), newline="") as f:
            recipe(list(csv.DictReader(f)), os.path.join(out, name.replace(".csv", ".svg")))


def setup(app):
    app.connect("builder-inited", draw)
    return {"parallel_read_safe": True, "version": "1"}
