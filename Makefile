# SPDX-License-Identifier: GPL-3.0-or-later
# Thin wrapper over CMake so that `make` builds ./taper (OpenBench convention: EXE=, CXX=).
#   make                  portable Release build, copied to $(EXE)
#   make ARCH=native      use the host's instructions (popcnt, BMI2/PEXT)
#   make TUNABLE=1        search constants as UCI options, for SPSA (docs/OPENBENCH.md)
#   make test             Release tests, then the same tests under ASan + UBSan, then each
#                         libFuzzer target for FUZZ_SECONDS (default 20; needs clang)
#   make bench-perft      perft speed against Stockfish (needs /usr/games/stockfish)

EXE ?= taper
ARCH ?= portable
TUNABLE ?= 0
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE ?= cmake
COMPILER := $(notdir $(CXX))
BUILD_DIR := build/make-$(ARCH)-$(COMPILER)$(if $(filter 1,$(TUNABLE)),-tunable,)
NATIVE_FLAG := $(if $(filter native,$(ARCH)),ON,OFF)
GENERATOR := $(if $(shell command -v ninja 2>/dev/null),-G Ninja,)

.PHONY: all taper native test test-release test-sanitize test-fuzz test-slow clean

all: taper

taper:
	$(CMAKE) -S . -B $(BUILD_DIR) $(GENERATOR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) \
	  -DTAPER_NATIVE=$(NATIVE_FLAG) -DTAPER_TESTS=OFF -DTAPER_BENCHMARKS=OFF \
	  -DTAPER_TUNABLE_SEARCH=$(if $(filter 1,$(TUNABLE)),ON,OFF)
	$(CMAKE) --build $(BUILD_DIR) -j $(JOBS) --target taper
	cp $(BUILD_DIR)/taper $(EXE)

native:
	$(MAKE) ARCH=native

test: test-release test-sanitize test-fuzz

test-release:
	$(CMAKE) -S . -B build/test-release $(GENERATOR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) \
	  -DTAPER_WERROR=ON
	$(CMAKE) --build build/test-release -j $(JOBS)
	cd build/test-release && ctest --output-on-failure -LE slow -j $(JOBS)

test-sanitize:
	$(CMAKE) -S . -B build/test-sanitize $(GENERATOR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=$(CXX) \
	  -DTAPER_SANITIZE=address,undefined -DTAPER_BENCHMARKS=OFF -DTAPER_WERROR=ON
	$(CMAKE) --build build/test-sanitize -j $(JOBS)
	cd build/test-sanitize && ctest --output-on-failure -LE slow -j $(JOBS)

# A short, bounded run of each fuzzer on its seed corpus (long runs: fuzz/run.sh SECONDS).
FUZZ_SECONDS ?= 20
test-fuzz:
	FUZZ_BUILD=build/test-fuzz FUZZ_TIMEOUT=120 CXX=clang++ fuzz/run.sh $(FUZZ_SECONDS)

test-slow:
	$(CMAKE) -S . -B build/test-release $(GENERATOR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX)
	$(CMAKE) --build build/test-release -j $(JOBS)
	cd build/test-release && ctest --output-on-failure -L slow

clean:
	rm -rf build $(EXE)
