"""Sphinx configuration of ireec's documentation.

Built with ireec installed (the reference imports it):
`python -m sphinx -W -b html docs OUT`, run from outside the checkout or
with the checkout built in place (`pip install -e .`), since an unbuilt
`ireec/` refuses to import.
"""

from __future__ import annotations

import os
import re

from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform

import ireec

project = "ireec"
author = "ireec contributors"
copyright = "ireec contributors; Apache-2.0 WITH LLVM-exception"
release = version = ireec.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

# The Markdown pages are MyST; the reference is generated from docstrings
# by autosummary (docs/api/), one page per module of the installed package.
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "OUT", "README.md"]
templates_path = ["_templates"]
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

autosummary_generate = True
autosummary_ignore_module_all = True   # each name once, in the module defining it
autosummary_imported_members = False
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_preserve_defaults = True

# Docstrings are NumPy style (tests/docs/test_docstrings.py checks that every
# public name has one); `name` in running text is code.
napoleon_google_docstring = False
napoleon_numpy_docstring = True
default_role = "code"

html_theme = "furo"
html_title = f"ireec {release}"


def _list_package_names(app, what, name, obj, options, lines):
    """A package's page lists the names it re-exports (its `__all__`), each
    linked to where it is documented: the module defining it."""
    if what != "module" or not hasattr(obj, "__path__") or not hasattr(obj, "__all__"):
        return
    lines += ["", ".. rubric:: Names", ""]
    for export in obj.__all__:
        value = getattr(obj, export)
        home, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
        if isinstance(home, str) and home.startswith("ireec") and qualname:
            summary = " ".join((getattr(value, "__doc__", None) or "").strip()
                               .split("\n\n")[0].split())   # its first paragraph
            if summary.count("`") % 2:  # a literal the first line leaves open
                summary = summary.replace("`", "")
            # What reStructuredText would read as markup in running text:
            # emphasis, substitutions, a word_ reference.
            summary = re.sub(r"(\w)_(?=\W|$)", r"\1\\_",
                             summary.replace("*", "\\*").replace("|", "\\|"))
            lines.append(f"* :py:obj:`{export} <{home}.{qualname}>`: {summary}")
        else:
            lines.append(f"* ``{export}``")
    lines.append("")


class _NearestArea(SphinxPostTransform):
    """A bare name two areas define (`Buffer`: ireec.hal.buffer.Buffer and
    ireec.vm.buffer.Buffer) links to the one nearest the module naming it:
    the one whose module shares the most leading components with it. Such
    names reach the reference from annotations autodoc cannot evaluate
    (types imported under TYPE_CHECKING) as plain text; a name still
    ambiguous after this is left to fail the build."""

    default_priority = 5  # before the references are resolved (10)

    def run(self, **kwargs) -> None:
        domain = self.env.domains["py"]
        for node in self.document.findall(addnodes.pending_xref):
            target, here = node.get("reftarget", ""), node.get("py:module")
            if node.get("refdomain") != "py" or "." in target or not here:
                continue
            objtypes = domain.objtypes_for_role(node["reftype"]) or ()
            candidates = [name for name, entry in domain.objects.items()
                          if name.endswith("." + target) and not entry.aliased
                          and entry.objtype in objtypes]
            if len(candidates) < 2:
                continue
            shared = {name: len(os.path.commonprefix([name.split(".")[:-1], here.split(".")]))
                      for name in candidates}
            nearest = max(shared.values())
            best = [name for name, length in shared.items() if length == nearest]
            if len(best) == 1:
                node["reftarget"] = best[0]


def setup(app):
    app.connect("autodoc-process-docstring", _list_package_names)
    app.add_post_transform(_NearestArea)
    # MLIR, which Pygments does not know, is shown as it is.
    from pygments.lexers.special import TextLexer
    app.add_lexer("mlir", TextLexer)
