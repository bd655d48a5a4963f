"""A link on every page to the same page in the other language.

The docs target builds the English site into html/ and the Japanese one into html/ja/, with
the same page names, so the counterpart of page P is ja/P.html (from English) or ../P.html
(from Japanese), relative to the site root. docs/_templates/sidebar/language-switch.html shows
the link at the top of the sidebar.
"""


def add_switch(app, pagename, templatename, context, doctree):
    to_root = "../" * pagename.count("/")
    if app.config.language == "ja":
        context["language_switch"] = {"href": f"{to_root}../{pagename}.html", "label": "English",
                                      "lang": "en"}
    else:
        context["language_switch"] = {"href": f"{to_root}ja/{pagename}.html", "label": "日本語",
                                      "lang": "ja"}


def setup(app):
    app.connect("html-page-context", add_switch)
    return {"parallel_read_safe": True, "version": "1"}
