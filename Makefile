# The two commands of the README. Everything else is CMake presets (CMakePresets.json).
JOBS ?= $(shell nproc)
FUZZ_SECONDS ?= 20
BIN := build/release/manyworlds

.PHONY: run test deps build asan-test fuzz bench ci clean

run: build
	$(BIN) tour

test: build
	ctest --preset release -j $(JOBS)

deps:
	bash scripts/install-deps.sh --node --browser
	bash tests/tetris/oracle/install.sh

build: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS)

asan-test: deps
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

fuzz:
	bash scripts/install-deps.sh --fuzz
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

# What CI runs: the test suite, the suite again under ASan + UBSan, and every fuzz target.
ci: test asan-test fuzz

bench: build
	$(BIN) bench

clean:
	rm -rf build
