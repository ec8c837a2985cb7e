# The two commands of the README. Everything else is CMake presets (CMakePresets.json).
JOBS ?= $(shell nproc)
# Tests run at least two at a time and in a random order, so that tests sharing a file or
# depending on their order show up as failures.
TEST_JOBS ?= $(shell n=$$(nproc); [ $$n -lt 2 ] && n=2; echo $$n)
FUZZ_SECONDS ?= 20
# Extra ctest arguments for asan-test (.ci/run passes -E Slow).
ASAN_CTEST_ARGS ?=
BIN := build/release/manyworlds

.PHONY: run test deps build web serve asan-test fuzz bench ci clean

# `run` builds only the tool; `test` builds everything the tests need.
run: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS) --target manyworlds_cli
	$(BIN) tour

# The whole suite, so the last test also checks that every file of tests/data was read.
test: build web
	MANYWORLDS_CHECK_DATA_READS=1 ctest --preset release -j $(TEST_JOBS) --schedule-random

deps:
	bash scripts/install-deps.sh --node --browser --web
	bash tests/tetris/oracle/install.sh
	bash web/install.sh

build: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS)

# The browser app: the engines as WebAssembly and the static site in build/web (docs/web.md).
web: deps
	cmake --preset web >/dev/null
	cmake --build --preset web -j $(JOBS)

# Serves build/web on http://localhost:$(PORT)/ with the headers that allow threads (COOP/COEP).
PORT ?= 8000
serve:
	node web/serve.cjs --port $(PORT) build/web

asan-test: deps
	bash scripts/install-deps.sh --fuzz
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(TEST_JOBS) --schedule-random $(ASAN_CTEST_ARGS)

fuzz:
	bash scripts/install-deps.sh --fuzz
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

# What CI runs: the test suite, the suite again under ASan + UBSan, and every fuzz target.
ci: test asan-test fuzz

bench: build
	$(BIN) bench

clean:
	rm -rf build
