# Two entry points on a fresh machine: `make train` (the embedded default job) and `make test`.
# Both create .venv with the CPU stack on first use (about 5 minutes).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: install train test suite clean

$(BIN)/.tritonrl-installed: pyproject.toml deploy/requirements-cpu.txt deploy/install_cpu.sh
	VENV=$(VENV) PYTHON=$(PYTHON) bash deploy/install_cpu.sh
	touch $@

install: $(BIN)/.tritonrl-installed

train: install
	$(BIN)/tritonrl train

suite: install
	$(BIN)/tritonrl suite

test: install
	$(BIN)/python -m pytest -q -ra

clean:
	rm -rf $(VENV) runs mlruns.db
