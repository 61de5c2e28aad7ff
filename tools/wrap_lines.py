#!/usr/bin/env python
"""Wrap code lines over 120 characters in notebooks: `python tools/wrap_lines.py nbs/X.ipynb [nbs/Y.ipynb ...]`.

Per code cell, one long line at a time: a trailing comment moves onto its own line above (long comment lines are
wrapped); then the house's compact style is tried first (a one-line `if x: y` split at its colon, breaks after commas
aligned under the open bracket, at `;`), then a one-line function docstring becomes a wrapped triple-quoted one, then
black (line length 120, no quote normalisation) on that statement alone or on that line's range. Every rewrite is
checked: the cell's AST must be unchanged (docstring whitespace aside) and lines outside the statement untouched.
Cells that are not Python (`%`/`!` magics) are skipped. Lines black cannot wrap (docstrings, unbreakable words)
are listed at the end for a hand edit. Each notebook is written with nbdev's JSON layout and then `nbdev_clean`ed;
one whose file changed meanwhile is left alone. Needs `pip install black` (a tool, not a project dependency).
"""
import ast, dataclasses, difflib, io, json, subprocess, sys, textwrap, tokenize
from pathlib import Path

import black
from black.mode import Preview

MAX = 120
PLAIN = black.Mode(line_length=MAX, string_normalization=False, magic_trailing_comma=False)
STRINGS = black.Mode(line_length=MAX, string_normalization=False, magic_trailing_comma=False,
                     enabled_features={Preview.string_processing})

def long_lines(src):
    "1-based numbers of the lines of `src` longer than `MAX`."
    return [i for i, l in enumerate(src.split('\n'), 1) if len(l) > MAX]

def move_comments(src):
    "Put the trailing comment of each long line on its own line above; wrap long comment-only lines."
    lines = src.split('\n')
    try: toks = list(tokenize.generate_tokens(io.StringIO(src + '\n').readline))
    except (tokenize.TokenError, SyntaxError, IndentationError): return src
    spanned = {r for t in toks if t.start[0] < t.end[0] for r in range(t.start[0] + 1, t.end[0] + 1)}
    edits = {}
    for t in toks:
        row, col = t.start
        if t.type != tokenize.COMMENT or len(lines[row - 1]) <= MAX or t.string.startswith('#|'): continue
        line = lines[row - 1]
        indent = line[:len(line) - len(line.lstrip())]
        code = line[:col].rstrip()
        if code and row in spanned: continue  # the line starts inside a multi-line string: leave it
        body = t.string.lstrip('#').strip()
        width = max(MAX - len(indent) - 2, 40)
        comment = [f'{indent}# {c}' for c in textwrap.wrap(body, width, break_long_words=False, break_on_hyphens=False)]
        edits[row] = comment + ([code] if code else [])
    if not edits: return src
    return '\n'.join(l for i, line in enumerate(lines, 1) for l in edits.get(i, [line]))

COMPOUND = {'if', 'elif', 'else', 'for', 'while', 'with', 'def', 'class', 'try', 'except', 'finally', 'async', 'match'}

def header_split(line):
    "A one-line compound statement (`if x: y`) as its header and its body on the next line, or None."
    try: toks = list(tokenize.generate_tokens(io.StringIO(line + '\n').readline))
    except (tokenize.TokenError, SyntaxError, IndentationError): return None
    toks = [t for t in toks if t.type not in (tokenize.INDENT, tokenize.DEDENT)]
    if toks[0].string not in COMPOUND: return None
    depth = 0
    for t, nxt in zip(toks, toks[1:]):
        if t.type == tokenize.OP and t.string in '([{': depth += 1
        elif t.type == tokenize.OP and t.string in ')]}': depth -= 1
        elif t.string == ':' and not depth:
            if nxt.type in (tokenize.NEWLINE, tokenize.COMMENT): return None
            indent = toks[0].start[1]
            return [line[:t.end[1]], ' ' * (indent + 4) + line[nxt.start[1]:]]
    return None

def compact_line(block, k):
    """Line `k` of the statement `block` (its lines) broken after commas (aligned under the open bracket), before
    `for`/`if`/`and`/`or` inside brackets, or at `;`: the house's compact style. None when that cannot fit it."""
    line, src = block[k], '\n'.join(block)
    try: toks = list(tokenize.generate_tokens(io.StringIO(src + '\n').readline))
    except (tokenize.TokenError, SyntaxError, IndentationError): return None
    toks = [t for t in toks if t.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT,
                                               tokenize.ENDMARKER)]
    if not toks or any(t.type == tokenize.COMMENT and t.start[0] == k + 1 for t in toks): return None
    indent, row = toks[0].start[1], k + 1
    cands, stack, skip = [], [], []  # cands: (end of the kept part, start of the next part, depth, open bracket)
    for i, t in enumerate(toks):
        nxt = toks[i + 1].start if i + 1 < len(toks) else None
        here = t.start[0] == row and nxt is not None and nxt[0] == row
        if t.type == tokenize.OP and t.string in '([{': stack.append(t.start); skip.append(False)
        elif t.type == tokenize.OP and t.string in ')]}': stack.pop(); skip.pop()
        elif t.string in ('for', 'lambda') and stack: skip[-1] = True  # no break between `for` and `in`
        elif t.string in ('in', ':') and stack and skip[-1]: skip[-1] = False
        if not here: continue
        if t.string == ',' and stack and not skip[-1]: cands.append((t.end[1], nxt[1], len(stack), stack[-1]))
        elif t.string in ('for', 'if', 'else', 'and', 'or') and stack and toks[i - 1].start[0] == row:
            cands.append((toks[i - 1].end[1], t.start[1], len(stack) + 0.5, stack[-1]))
        elif t.string == ';' and not stack and toks[0].string not in COMPOUND:
            cands.append((t.start[1], nxt[1], 0, None))
    segs = [[0, 0, len(line)]]  # [start in `line`, indent on its new line, end in `line`]
    col = lambda x: next(ind + x - st for st, ind, _ in reversed(segs) if st <= x)
    while col(len(line)) > MAX:
        st, ind, _ = segs[-1]
        fit = [c for c in cands if c[1] > st and ind + c[0] - st <= MAX and c[0] - st > 10]
        if not fit: return None
        end, nxt, depth, br = min(fit, key=lambda c: (c[2], -c[0]))
        segs[-1][2] = end
        at = indent if br is None else (col(br[1]) if br[0] == row else br[1]) + 1
        segs.append([nxt, at, len(line)])
    out = [(' ' * ind + line[st:end].lstrip() if i else line[:end]).rstrip() for i, (st, ind, end) in enumerate(segs)]
    return out if all(len(l) <= MAX for l in out) else None

def compact(src, n):
    "`src` with its long line `n` wrapped in the compact style (`header_split`, `compact_line`), or None."
    lines = src.split('\n')
    try: starts, ends, inside = logical_bounds(src)
    except (tokenize.TokenError, SyntaxError, IndentationError): return None
    if n in inside: return None
    a = max((s for s in starts if s <= n), default=None); b = min((e for e in ends if e >= n), default=None)
    if a is None or b is None: return None
    block, k = lines[a - 1:b], n - a
    out = None
    if a == b and (parts := header_split(lines[n - 1])):
        out = [q for p in parts for q in ([p] if len(p) <= MAX else compact_line([p], 0) or [None])]
        if None in out: out = None
    out = out or compact_line(block, k)
    if not out: return None
    new = '\n'.join(lines[:n - 1] + out + lines[n:])
    try: return new if ast.dump(ast.parse(new)) == ast.dump(ast.parse(src)) else None
    except SyntaxError: return None

def one_hunk(old, new, n):
    "Whether `new` differs from `old` only in one run of lines that includes line `n`."
    ops = [o for o in difflib.SequenceMatcher(None, old.split('\n'), new.split('\n')).get_opcodes() if o[0] != 'equal']
    return len(ops) == 1 and ops[0][1] <= n - 1 < max(ops[0][2], ops[0][1] + 1)

def run_black(src, n, mode):
    "`src` with black applied to its line `n` under `mode`, or None when black fails or leaves it as long."
    try: out = black.format_file_contents(src + '\n', fast=False, mode=mode, lines=[(n, n)]).rstrip('\n')
    except Exception: return None
    return out if len(long_lines(out)) < len(long_lines(src)) and one_hunk(src, out, n) else None

def logical_bounds(src):
    "Lines where a logical line starts and lines where one ends, and lines inside a multi-line string."
    toks = list(tokenize.generate_tokens(io.StringIO(src + '\n').readline))
    starts, ends, prev = set(), set(), tokenize.NEWLINE
    for t in toks:
        if t.type in (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT): continue
        if t.type == tokenize.NEWLINE: ends.add(t.start[0])
        elif prev == tokenize.NEWLINE: starts.add(t.start[0])
        prev = t.type
    inside = {r for t in toks if t.type == tokenize.STRING and t.start[0] < t.end[0]
              for r in range(t.start[0], t.end[0] + 1)}
    return starts, ends, inside

def black_statement(src, n, base=PLAIN):
    "`src` with the statement(s) of line `n` cut out, formatted alone by black, and put back; None when that fails."
    lines = src.split('\n')
    try: starts, ends, inside = logical_bounds(src)
    except (tokenize.TokenError, SyntaxError, IndentationError): return None
    if n in inside: return None
    for a in range(n, max(n - 10, 0), -1):
        if a not in starts: continue
        for b in range(n, min(n + 10, len(lines)) + 1):
            if b not in ends or any(r in inside for r in range(a, b + 1)): continue
            block = lines[a - 1:b]
            indent = block[0][:len(block[0]) - len(block[0].lstrip())]
            if not all(l.startswith(indent) or not l.strip() for l in block): continue
            snippet = '\n'.join(l[len(indent):] for l in block)
            try: ast.parse(snippet)
            except SyntaxError: continue
            mode = dataclasses.replace(base, line_length=MAX - len(indent))
            try: out = black.format_file_contents(snippet + '\n', fast=False, mode=mode).rstrip('\n')
            except Exception: return None
            new = '\n'.join(lines[:a - 1] + [indent + l if l else l for l in out.split('\n')] + lines[b:])
            try: same = ast.dump(ast.parse(new)) == ast.dump(ast.parse(src))
            except SyntaxError: same = False
            return new if same and len(long_lines(new)) < len(long_lines(src)) else None
    return None

def normalised(tree):
    "`ast.dump` of `tree` with whitespace runs in function docstrings made single spaces."
    for f in ast.walk(tree):
        if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and isinstance(f.body[0], ast.Expr) \
           and isinstance(f.body[0].value, ast.Constant) and isinstance(f.body[0].value.value, str):
            f.body[0].value.value = ' '.join(f.body[0].value.value.split())
    return ast.dump(tree)

def docstring(src, n):
    "`src` with the one-line function docstring on line `n` wrapped into a triple-quoted one, or None."
    lines = src.split('\n'); line = lines[n - 1]; text = line.strip()
    try: tree = ast.parse(src)
    except SyntaxError: return None
    docs = [f.body[0].value.value for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
            and isinstance(f.body[0], ast.Expr) and isinstance(f.body[0].value, ast.Constant)
            and isinstance(f.body[0].value.value, str) and f.body[0].lineno == f.body[0].end_lineno == n]
    if not docs or not (text[0] == text[-1] == '"') or text.startswith('"""') or '"' in text[1:-1]: return None
    indent = line[:len(line) - len(line.lstrip())]
    parts = textwrap.wrap(text[1:-1], MAX - len(indent) - 3, break_long_words=False, break_on_hyphens=False)
    out = [indent + ('"""' if i == 0 else '') + p + ('"""' if i == len(parts) - 1 else '') for i, p in enumerate(parts)]
    new = '\n'.join(lines[:n - 1] + out + lines[n:])
    try: same = normalised(ast.parse(new)) == normalised(tree)
    except SyntaxError: return None
    ok = same and all(len(l) <= MAX for l in out)
    return new if ok else None

def wrap_source(src):
    "`src` with its long lines wrapped (None when the cell is not Python)."
    if not long_lines(src): return src
    if any(l.lstrip().startswith(('%', '!')) for l in src.split('\n')): return None
    new, stuck = move_comments(src), set()
    # one line at a time, and the line's statement alone when black's line ranges fail (they can produce invalid
    # code next to one-line `try:`/`if:` bodies)
    while todo := [n for n in long_lines(new) if new.split('\n')[n - 1] not in stuck]:
        n = todo[0]
        out = (compact(new, n) or docstring(new, n) or black_statement(new, n, STRINGS) or black_statement(new, n)
               or run_black(new, n, STRINGS) or run_black(new, n, PLAIN))
        if out is None: stuck.add(new.split('\n')[n - 1])
        else: new = out
    directives = lambda s: [l for l in s.split('\n') if l.startswith('#|')]
    assert directives(new) == directives(src), 'nbdev directives changed'
    return new

def to_lines(src):
    "A source string as nbformat's list of lines."
    return src.splitlines(keepends=True)

def wrap_notebook(path):
    "Wrap the long lines of one notebook in place; returns the long lines left as `notebook: line` strings."
    path = Path(path)
    mtime, text = path.stat().st_mtime, path.read_text()
    nb, changed = json.loads(text), 0
    for cell in nb['cells']:
        if cell['cell_type'] != 'code': continue
        src = ''.join(cell['source'])
        new = wrap_source(src)
        if new is not None and new != src: cell['source'], changed = to_lines(new), changed + 1
    if changed:
        if path.stat().st_mtime != mtime: print(f'{path}: changed on disk meanwhile, skipped'); return []
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + '\n')
        subprocess.run(['nbdev_clean', '--fname', str(path)], check=True)
    left = [f'{path.name}: {l}' for c in nb['cells'] if c['cell_type'] == 'code'
            for l in ''.join(c['source']).split('\n') if len(l) > MAX]
    print(f'{path}: {changed} cells rewrapped, {len(left)} lines still over {MAX}')
    return left

if __name__ == '__main__':
    if len(sys.argv) < 2: sys.exit(__doc__)
    left = [l for p in sys.argv[1:] for l in wrap_notebook(p)]
    for l in left: print(l)
