# Sphinx configuration. The source directory is the repository root (so that each chapter's
# README.md is its own page, with paths relative to the chapter), restricted by
# include_patterns; this folder holds the site's own pages. CMake's `docs` target runs it.
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "_ext"))

project = "CUDA Programming Model Tutorial"
author = "The CUDA Programming Model Tutorial authors"
copyright = "2026, " + author

root_doc = "docs/index"
include_patterns = ["docs/**", "chapters/*/README.md"]
exclude_patterns = ["build", "docs/site_root", "docs/_generated", "docs/_templates", "docs/locales"]
source_suffix = {".md": "markdown"}

extensions = ["myst_parser", "breathe", "sphinx.ext.graphviz", "sample_output", "csv_plots",
              "bank_map_figure", "furo_debian_scripts", "english_api_reference", "language_switch",
              "translatable_diagrams", "run_panel"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

html_theme = "furo"
html_title = project
templates_path = ["_templates"]
# furo's sidebar, with the link to the other language under the project's name.
html_sidebars = {"**": ["sidebar/scroll-start.html", "sidebar/brand.html",
                        "sidebar/language-switch.html", "sidebar/search.html",
                        "sidebar/navigation.html", "sidebar/scroll-end.html"]}
html_extra_path = ["site_root"]  # an index.html at the site root that opens docs/index.html
graphviz_output_format = "svg"

# Breathe reads the XML Doxygen wrote for common/ (the docs target passes its location).
breathe_projects = {"common": os.environ.get("TUTORIAL_DOXYGEN_XML", "")}
breathe_default_project = "common"
breathe_domain_by_extension = {"hpp": "cpp", "cpp": "cpp", "cu": "cpp", "cuh": "cpp"}

# CUDA's keywords, so that kernel signatures parse as C++ declarations.
cpp_id_attributes = ["__global__", "__device__", "__host__", "__shared__", "__constant__",
                     "__forceinline__", "__noinline__", "__restrict__", "__managed__"]
cpp_paren_attributes = ["__launch_bounds__", "__cluster_dims__", "alignas"]

# Where the sample_output directive finds what the samples printed during the docs build.
sample_output_dir = os.environ.get("TUTORIAL_SAMPLE_OUTPUT", "")

# The chapters' Run panels: their script, the WASI layer and the worker that runs a sample
# (docs/run_panel), and the samples' WebAssembly modules (_static/wasm/, where tools/wasm built
# them: the docs target passes the folder).
run_panel_wasm_dir = os.environ.get("TUTORIAL_WASM_STATIC", "")
html_static_path = ["run_panel"] + ([run_panel_wasm_dir] if run_panel_wasm_dir else [])
html_js_files = [("run_panel.js", {"type": "module"})]
html_css_files = ["run_panel.css"]

# `sphinx-build -b linkcheck` checks the internal links; there is no network to check others.
linkcheck_ignore = [r"https?://.*"]

# Japanese: `-D language=ja` builds the site from the translations in docs/locales (gettext .po
# files, one per page, kept up to date with sphinx-intl). The docs target builds it into html/ja.
locale_dirs = [os.environ.get("TUTORIAL_LOCALE_DIR", "docs/locales")]
gettext_compact = False
gettext_location = False  # no source paths and line numbers in the .po files: they churn

# The site's name in the sidebar and the browser tab, per language. `-D language=ja` is applied
# after this file has run, so the name is chosen once the configuration is complete.
SITE_TITLE = {"ja": "CUDA プログラミングモデル・チュートリアル"}  # as docs/index.po names it


def _title_in_build_language(app, config):
    config.html_title = SITE_TITLE.get(config.language, config.html_title)


# The Japanese site (html/ja/) runs the modules the English one carries (html/_static/wasm/):
# one copy of them in the built site, not two.
def _one_copy_of_the_modules(app, config):
    if config.language == "ja" and config.run_panel_wasm_dir:
        config.html_static_path = [p for p in config.html_static_path
                                   if p != config.run_panel_wasm_dir]
        config.run_panel_module_prefix = "../"


def setup(app):
    app.connect("config-inited", _title_in_build_language)
    app.connect("config-inited", _one_copy_of_the_modules)
