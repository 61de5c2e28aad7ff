#!/usr/bin/env python3
"""Start JupyterLab on 127.0.0.1 at the project root, with a token, opening nbs/index.ipynb (`make lab`).

Takes the first free port from --port (default 8888), saying which ports are busy, prints the local URL,
then execs `jupyter lab`; Ctrl-C stops the server without asking. Arguments it does not know go to
`jupyter lab` (e.g. `--ServerApp.log_level=WARN`). `--dry-run` prints the URL and the command only.
"""
import argparse, os, secrets, shlex, socket, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = '127.0.0.1'
NOTEBOOK = 'nbs/index.ipynb'

def port_free(port: int) -> bool:
    "True when nothing listens on HOST:port (we can bind it)."
    with socket.socket() as s:
        try:
            s.bind((HOST, port))
            return True
        except OSError: return False

def pick_port(start: int, tries: int = 20) -> int:
    "The first free port from `start`, saying which ones are busy."
    for port in range(start, start + tries):
        if port_free(port): return port
        print(f'lab: port {port} on {HOST} is busy, trying {port + 1}', file=sys.stderr)
    sys.exit(f'lab: ports {start}-{start + tries - 1} on {HOST} are all busy; pass --port N')

def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--port', type=int, default=int(os.environ.get('INSIGHTKIT_LAB_PORT', 8888)),
                   help='first port to try')
    p.add_argument('--no-browser', action='store_true', help='do not open a browser')
    p.add_argument('--dry-run', action='store_true', help='print the URL and the command, start nothing')
    args, extra = p.parse_known_args(argv)
    port, token = pick_port(args.port), os.environ.get('JUPYTER_TOKEN') or secrets.token_hex(24)
    cmd = [sys.executable, '-m', 'jupyterlab', f'--ServerApp.ip={HOST}', f'--ServerApp.port={port}',
           '--ServerApp.port_retries=0', f'--ServerApp.root_dir={ROOT}', f'--IdentityProvider.token={token}',
           '--ServerApp.answer_yes=True',   # one Ctrl-C stops the server (no "Shut down? y/n" prompt)
           f'--ServerApp.open_browser={not args.no_browser}', *extra, NOTEBOOK]
    # containers and CI run as root
    if hasattr(os, 'geteuid') and os.geteuid() == 0: cmd.insert(-1, '--ServerApp.allow_root=True')
    print(f'lab: JupyterLab at http://{HOST}:{port}/lab/tree/{NOTEBOOK}?token={token}  (Ctrl-C stops it)', flush=True)
    if args.dry_run:
        print('lab:', shlex.join(cmd))
        return
    os.chdir(ROOT)
    os.execv(sys.executable, cmd)

if __name__ == '__main__': main()
