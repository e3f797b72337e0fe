# SPDX-License-Identifier: GPL-3.0-or-later
# Thin wrapper over CMake so that `make` builds ./taper (OpenBench convention: EXE=, CXX=).
#   make                  Release build for this machine's instructions (ARCH=native), copied to $(EXE)
#   make ARCH=x86-64      any 64-bit x86; also x86-64-v2 (popcnt), x86-64-v3 (AVX2/BMI2, magic
#                         sliders), x86-64-v3-pext, portable (the compiler's default target)
#   make release          the release binaries, Linux (x86-64, ARM64) and Windows, into release/ (scripts/release.sh)
#   make TUNABLE=1        search constants as UCI options, for SPSA (docs/OPENBENCH.md)
#   make test             Release tests, then the same tests under ASan + UBSan, then each
#                         libFuzzer target for FUZZ_SECONDS (default 20; needs clang)
#   make bench-perft      perft speed against Stockfish (needs /usr/games/stockfish)
#   make release-check    run the release binaries: Wine, qemu-user (ARM64), clean environment, Bench: of the last commit
#   make web              the WebAssembly build and its page, a static folder (build/web/site; web/build.sh)
#   make test-web         that page in headless Chromium (web/test/run.sh); skipped without chromium or node

EXE ?= taper
ARCH ?= native
TUNABLE ?= 0
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE ?= cmake
COMPILER := $(notdir $(CXX))
BUILD_DIR := build/make-$(ARCH)-$(COMPILER)$(if $(filter 1,$(TUNABLE)),-tunable,)
GENERATOR := $(if $(shell command -v ninja 2>/dev/null),-G Ninja,)

.PHONY: all taper native release release-check test test-release test-sanitize test-fuzz test-slow test-web web web-screenshots clean

all: taper

taper:
	$(CMAKE) -S . -B $(BUILD_DIR) $(GENERATOR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) \
	  -DTAPER_ARCH=$(ARCH) -DTAPER_TESTS=OFF -DTAPER_BENCHMARKS=OFF \
	  -DTAPER_TUNABLE_SEARCH=$(if $(filter 1,$(TUNABLE)),ON,OFF)
	$(CMAKE) --build $(BUILD_DIR) -j $(JOBS) --target taper
	cp $(BUILD_DIR)/taper $(EXE)

native:
	$(MAKE) ARCH=native

# Release binaries: every x86-64 flavour for Linux and Windows (MinGW-w64), Linux ARM64 (Debian's
# aarch64 cross compiler), stripped, into release/.
release:
	JOBS=$(JOBS) scripts/release.sh

# What CI checks of them (tests/release_check.sh): the Windows baseline under Wine, each Linux
# flavour in a clean environment, and the Bench: line of the last commit that states one.
release-check:
	JOBS=$(JOBS) tests/release_check.sh

test: test-release test-sanitize test-fuzz test-web release-check

# Taper in the browser: the engine built with Emscripten plus the page (web/), one static folder.
web:
	JOBS=$(JOBS) web/build.sh

# The page in Debian's headless Chromium against the native engine (web/test/run.sh); skipped with
# a message when Chromium, Node.js or Emscripten is missing (WEB_TEST_STRICT=1 makes that a failure).
test-web:
	JOBS=$(JOBS) web/test/run.sh

# The two screenshots of docs/ (a game, the evaluation view), taken by the same headless Chromium.
web-screenshots:
	JOBS=$(JOBS) web/test/run.sh --screenshots docs

test-release:
	$(CMAKE) -S . -B build/test-release $(GENERATOR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) \
	  -DTAPER_WERROR=ON
	$(CMAKE) --build build/test-release -j $(JOBS)
	cd build/test-release && ctest --output-on-failure -LE slow -j $(JOBS)

# -O1 -g1, the optimisation AddressSanitizer's documentation suggests, with line tables for its
# reports: 28 % less CPU than -O2 -g for build and tests; it was the largest part of CI's run.
test-sanitize:
	$(CMAKE) -S . -B build/test-sanitize $(GENERATOR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=$(CXX) \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
	  -DTAPER_SANITIZE=address,undefined -DTAPER_BENCHMARKS=OFF -DTAPER_WERROR=ON
	$(CMAKE) --build build/test-sanitize -j $(JOBS)
	cd build/test-sanitize && ctest --output-on-failure -LE slow -j $(JOBS)

# A short, bounded run of each fuzzer on its seed corpus (long runs: fuzz/run.sh SECONDS). The
# seed is fixed so that a clean run here predicts CI's; exploring new inputs is the long runs' job
# (a random seed each), and what they find becomes a seed in fuzz/corpus and a regression test.
FUZZ_SECONDS ?= 20
FUZZ_SEED ?= 1
test-fuzz:
	FUZZ_BUILD=build/test-fuzz FUZZ_TIMEOUT=120 FUZZ_SEED=$(FUZZ_SEED) CXX=clang++ fuzz/run.sh $(FUZZ_SECONDS)

test-slow:
	$(CMAKE) -S . -B build/test-release $(GENERATOR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX)
	$(CMAKE) --build build/test-release -j $(JOBS)
	cd build/test-release && ctest --output-on-failure -L slow

clean:
	rm -rf build release $(EXE)
