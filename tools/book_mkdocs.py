#!/usr/bin/env python3
"""MkDocs for the book (tools/book.py runs it), with nbconvert's templates compiled once per build instead of once per
page: `python tools/book_mkdocs.py TEMPLATE_CACHE build -q -f mkdocs.yml`.

mkdocs-jupyter makes a new nbconvert exporter for every notebook, and each exporter makes its own Jinja environment,
which compiled the same HTML templates again for every page: a quarter of a cold book build (py-spy, 24 % of 118 s on
a 2-core AMD EPYC). Each environment here keeps Jinja's own `FileSystemBytecodeCache` in TEMPLATE_CACHE: the first
page compiles a template and stores its code, every later page (and the next build) loads it. Jinja checks each stored
copy against the template's source, so an edited or upgraded template is compiled again; the pages come out byte for
byte the same (checked on the whole book).
"""
import sys
from jinja2 import FileSystemBytecodeCache
from nbconvert.exporters.templateexporter import TemplateExporter


def share_compiled_templates(folder: str):
    "Every nbconvert exporter's Jinja environment made from now on keeps its compiled templates in `folder`."
    cache, create = FileSystemBytecodeCache(folder), TemplateExporter._create_environment

    def create_sharing(self):
        environment = create(self)
        environment.bytecode_cache = cache
        return environment
    TemplateExporter._create_environment = create_sharing


if __name__ == '__main__':
    share_compiled_templates(sys.argv.pop(1))
    from mkdocs.__main__ import cli
    cli()
