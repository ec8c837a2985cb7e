# The two commands of the README. Everything else is CMake presets (CMakePresets.json).
JOBS ?= $(shell nproc)
BIN := build/release/manyworlds

.PHONY: run test deps build asan-test fuzz bench clean

run: build
	$(BIN) tour

test: build
	ctest --preset release -j $(JOBS)

deps:
	bash scripts/install-deps.sh

build: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS)

asan-test: deps
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

bench: build
	$(BIN) bench

clean:
	rm -rf build
