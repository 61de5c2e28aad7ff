# The README's two commands. Each first installs what is missing (tools/install.py), then does its job.
PYTHON ?= python3
MODE ?= quick
FIGURES_ARGS ?=

.PHONY: install figures test export clean

install:
	@$(PYTHON) tools/install.py

figures: install
	$(PYTHON) -m insightkit.cli figures --$(MODE) $(FIGURES_ARGS)

test: install
	$(PYTHON) -m nbdev.cli nbdev_test --n_workers 1 --timing 2>/dev/null || nbdev_test --n_workers 1
	$(PYTHON) -m pytest tests

export:
	nbdev_export

clean:
	rm -rf paper_figures/out _docs _proc build dist *.egg-info
