#!/usr/bin/env python3
"""Keep the LLM usage of the last figures run (paper_figures/out/manifest.json) in paper_figures/usage.json, the basis
of a fresh clone's `insightkit figures --dry-run` estimate (chapter 12_estimate). Run it after a run worth keeping:
`python tools/record_usage.py [--data "the embedded data"]`."""
import argparse, json
from pathlib import Path

from insightkit.estimate import record_usage

ROOT = Path(__file__).resolve().parent.parent

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--data', default='the embedded data', help='what the notebooks read, in words')
    a = ap.parse_args()
    manifest = json.loads((ROOT/'paper_figures/out/manifest.json').read_text(encoding='utf-8'))
    rec = record_usage(manifest, ROOT/'paper_figures/usage.json', a.data)
    print(f"paper_figures/usage.json: {len(rec['figures'])} notebooks recorded on {rec['recorded']}")
