"""Makes Debian's furo theme run its JavaScript.

Debian's furo package (2022.12.07+dfsg) ships the theme's JavaScript unbundled: furo.js starts
with `import Gumshoe from "./gumshoe-patched.js";`, but the theme loads it as a classic script
(browsers refuse the import) and gumshoe-patched.js is not an ES module anyway (it is a UMD
script that sets window.Gumshoe). The dark-mode toggle and the navigation scripts then never run.
tools/site_check found this.

When the installed furo is of that kind, this extension loads gumshoe-patched.js as a classic
script just before furo.js, and rewrites that one import line in the built site's copy of
furo.js to read window.Gumshoe. With a bundled furo it does nothing.

The same package's furo.css imports normalize.css from `/javascript/normalize.css/`, where a
Debian web server with javascript-common serves the node-normalize.css package; a static site
has no such folder (every page's request for it failed: tools/site_check found this too). The
site gets that file beside furo.css, and the import points there.
"""
import os
import shutil

IMPORT_LINE = 'import Gumshoe from "./gumshoe-patched.js";'


def _furo_is_unbundled():
    try:
        import furo
    except ImportError:
        return False
    path = os.path.join(os.path.dirname(furo.__file__), "theme", "furo", "static", "scripts",
                        "furo.js")
    try:
        with open(path, encoding="utf-8") as f:
            return f.readline().strip() == IMPORT_LINE
    except OSError:
        return False


def _load_gumshoe_first(app):
    if app.builder.format == "html" and _furo_is_unbundled():
        app.add_js_file("scripts/gumshoe-patched.js", priority=199)  # furo.js has priority 200


CSS_IMPORT = "@import url(/javascript/normalize.css/normalize.css);"
NORMALIZE_CSS = "/usr/share/javascript/normalize.css/normalize.css"


def _rewrite_import(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    path = os.path.join(app.outdir, "_static", "scripts", "furo.js")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if text.startswith(IMPORT_LINE):
            with open(path, "w", encoding="utf-8") as f:
                shim = "const Gumshoe = window.Gumshoe;  // docs/_ext/furo_debian_scripts.py"
                f.write(text.replace(IMPORT_LINE, shim, 1))
    styles = os.path.join(app.outdir, "_static", "styles")
    path = os.path.join(styles, "furo.css")
    if os.path.exists(path) and os.path.exists(NORMALIZE_CSS):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if CSS_IMPORT in text:
            shutil.copyfile(NORMALIZE_CSS, os.path.join(styles, "normalize.css"))
            with open(path, "w", encoding="utf-8") as f:
                f.write(text.replace(CSS_IMPORT, "@import url(normalize.css);", 1))


def setup(app):
    app.connect("builder-inited", _load_gumshoe_first, priority=900)
    app.connect("build-finished", _rewrite_import)
    return {"parallel_read_safe": True, "version": "1"}
