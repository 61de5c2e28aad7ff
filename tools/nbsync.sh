#!/usr/bin/env bash
# Convert a jupytext percent-format source into a notebook with a python3 kernelspec (authoring aid).
set -euo pipefail
src=$1; dst=$2
jupytext --to ipynb --set-kernel python3 "$src" -o "$dst" >/dev/null
