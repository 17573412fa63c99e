# Two entry points on a fresh machine: `make train` (the embedded default job) and `make test`.
# Both create .venv with the CPU stack on first use (about 1.5 minutes: deploy/install_cpu.sh).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# two pytest-xdist processes, each test file kept whole on one (its module fixtures, such as the e2e train run,
# start once), handed out in collection order, where tests/conftest.py puts the slowest files first: xdist's
# default reorders files by test count, which started the e2e run last (20 minutes in, on 2026-11-28). Three
# were tried (2026-11-28): 30.4 minutes instead of 27.2, and Ray heads timed out starting
XDIST := -n 2 --dist loadfile --no-loadscope-reorder
# the edit loop (<= 5 min): no Ray/vLLM/DeepSpeed/model start-up or corpus run (slow), no GPU, no verifier
# run that waits out a timeout or starts a CLI process (heavy)
FAST := -m "not slow and not gpu and not heavy"

.PHONY: install train test test-fast test-all corpus corpus-subset suite clean

$(BIN)/.tritonrl-installed: pyproject.toml deploy/requirements-cpu.txt deploy/install_cpu.sh
	VENV=$(VENV) PYTHON=$(PYTHON) bash deploy/install_cpu.sh
	touch $@

install: $(BIN)/.tritonrl-installed

train: install
	$(BIN)/tritonrl train

suite: install
	$(BIN)/tritonrl suite

# the whole suite as CI runs it (the corpus test runs tests/corpus/ci_subset.txt); prints its wall time
test: install
	@start=$$(date +%s); $(BIN)/python -m pytest -q -ra $(XDIST) --durations=25; rc=$$?; \
	  t=$$(( $$(date +%s) - start )); echo "make test: $$((t / 60)) min $$((t % 60)) s (exit $$rc)"; exit $$rc

test-fast: install
	@start=$$(date +%s); $(BIN)/python -m pytest -q -ra $(FAST); rc=$$?; \
	  t=$$(( $$(date +%s) - start )); echo "make test-fast: $$((t / 60)) min $$((t % 60)) s (exit $$rc)"; exit $$rc

# everything CI runs plus the extended integration runs (a second e2e train run, a live vLLM judge server)
test-all: install
	@start=$$(date +%s); $(BIN)/python -m pytest -q -ra $(XDIST) -m "" --durations=25; rc=$$?; \
	  t=$$(( $$(date +%s) - start )); echo "make test-all: $$((t / 60)) min $$((t % 60)) s (exit $$rc)"; exit $$rc

# the whole red-team corpus through `tritonrl verify` (about 110 minutes on 2 cores; prints its wall time)
corpus: install
	$(BIN)/tritonrl corpus --device cpu -j 2

# CI's stratified corpus subset (tests/corpus/ci_subset.txt) whole; CI itself runs every sixth file of it (~20 min)
corpus-subset: install
	TRITONRL_CORPUS_SUBSET=1 $(BIN)/python -m pytest -q -ra tests/test_corpus.py -k test_corpus_on_cpu

clean:
	rm -rf $(VENV) runs mlruns.db
