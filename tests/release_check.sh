#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `make release-check` (part of `make test`): builds the release binaries CI can afford and runs
# them the way users will, failing loudly at the first wrong answer.
#   1. every Linux flavour (scripts/release.sh) runs `bench` in a clean environment: a chroot
#      holding only the binary and the glibc files it names (no libstdc++, zlib, liblzma or
#      libfathom), and must give the same signature as the baseline; its NEEDED list must name
#      nothing but glibc;
#   2. the Windows baseline (MinGW-w64) runs under Wine: same `bench` signature, the perft
#      suites, a scripted UCI session and SyzygyPath (tests/release_session.py);
#   3. the Linux ARM64 binary (Debian's aarch64 cross compiler) runs under qemu-user: fully
#      static (no interpreter, no NEEDED entry), same `bench` signature, the perft suites, the
#      UCI session and SyzygyPath, as under Wine;
#   4. the signature equals the `Bench:` line of the newest commit that states one.
# Without wine, MinGW, the aarch64 cross compiler or qemu-user, or without root for the chroot, a
# step is skipped with a message, unless
# RELEASE_CHECK_STRICT=1 (set by .ci/run), which makes every skip a failure.
# Environment: JOBS, RELEASE_CHECK_DIR (build/release-check), RELEASE_CHECK_FLAVOURS (the Linux
# x86-64 flavours to build and check, x86-64 among them: it is the reference; all four by default).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${RELEASE_CHECK_DIR:-build/release-check}
data=$(realpath -m tests/data)   # the repository's own test data (tests/data/README.md)
strict=${RELEASE_CHECK_STRICT:-0}
version=$(sed -n 's/^project(Taper VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
failures=0
. scripts/lib/find_binary.sh  # find_binary: wine, qemu-aarch64
fail() { echo "release-check: FAIL: $*" >&2; failures=$((failures + 1)); }
skip() {
  if [ "$strict" = 1 ]; then fail "$* (RELEASE_CHECK_STRICT=1: skipping is not allowed)"
  else echo "release-check: SKIP: $*" >&2; fi
}
signature() { "$@" bench 2>/dev/null | tr -d '\r' | sed -n 's/^\([0-9]*\) nodes [0-9]* nps$/\1/p' | tail -1; }

# The host must be able to execute a flavour to test it (x86-64-v3 needs AVX2 and BMI2, ...).
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
runs_here() {
  local need
  case $1 in
    x86-64) need="" ;;
    x86-64-v2) need="popcnt sse4_2" ;;
    x86-64-v3|x86-64-v3-pext) need="popcnt sse4_2 avx2 bmi1 bmi2 fma movbe" ;;
  esac
  for f in $need; do [[ " $flags " == *" $f "* ]] || return 1; done
}

# All four Linux flavours unless RELEASE_CHECK_FLAVOURS names fewer. CI checks two, x86-64 and
# x86-64-v3-pext, which between them take every code path the flavours differ in (software and
# hardware popcount, magic and PEXT sliders); each build is a whole LTO build, ~2 minutes on CI.
# Unset, scripts/release.sh builds its own list, all four.
linux_flavours=${RELEASE_CHECK_FLAVOURS:-}
[[ -z $linux_flavours || " $linux_flavours " == *" x86-64 "* ]] ||
  { echo "release-check: RELEASE_CHECK_FLAVOURS must include x86-64, the reference" >&2; exit 2; }
echo "== building the release binaries into $out (Linux: ${linux_flavours:-all flavours})"
RELEASE_DIR=$out TARGETS=linux FLAVOURS="$linux_flavours" scripts/release.sh >/dev/null
if command -v x86_64-w64-mingw32-g++-posix >/dev/null; then
  RELEASE_DIR=$out TARGETS=windows FLAVOURS=x86-64 scripts/release.sh >/dev/null
else
  skip "no MinGW-w64 (apt-get install g++-mingw-w64-x86-64-posix): Windows binary not built"
fi
if command -v aarch64-linux-gnu-g++ >/dev/null; then
  RELEASE_DIR=$out TARGETS=arm64 scripts/release.sh >/dev/null
else
  skip "no aarch64 cross compiler (apt-get install g++-aarch64-linux-gnu): ARM64 binary not built"
fi
ls -l "$out"

base="$out/taper-$version-linux-x86-64"
expected=$(signature "$base")
[ -n "$expected" ] || { echo "release-check: FAIL: $base bench printed no signature" >&2; exit 1; }
echo "== reference: $base bench = $expected"

echo "== Linux binaries in a clean environment"
for bin in "$out"/taper-"$version"-linux-*; do
  name=$(basename "$bin")
  [[ $name == *-arm64 ]] && continue   # checked under qemu below
  needed=$(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
  for lib in $needed; do
    case $lib in libc.so.*|libm.so.*|ld-linux*|libpthread.so.*|libdl.so.*) ;;
      *) fail "$name needs $lib (only glibc may be shared)" ;; esac
  done
  flavour=${name#taper-$version-linux-}
  if ! runs_here "$flavour"; then skip "$name: this processor lacks its instructions"; continue; fi
  root="$out/clean-root/$flavour"
  rm -rf "$root" && mkdir -p "$root"
  for lib in $(ldd "$bin" | grep -o '/[^ ]*'); do mkdir -p "$root$(dirname "$lib")"; cp -L "$lib" "$root$lib"; done
  cp "$bin" "$root/taper"
  if [ "$(id -u)" = 0 ]; then runner=(chroot "$root" /taper)
  elif unshare -r true 2>/dev/null; then runner=(unshare -r chroot "$root" /taper)
  else skip "$name: no root and no user namespaces for a chroot"; continue; fi
  got=$(signature "${runner[@]}")
  if [ "$got" = "$expected" ]; then echo "$name: bench $got in a chroot with only: $needed"
  else fail "$name: bench '$got' in the clean environment, expected $expected"; fi
done

echo "== Windows baseline under Wine"
exe="$out/taper-$version-windows-x86-64.exe"
wine=$(find_binary wine || true)
if [ ! -f "$exe" ]; then :
elif [ -z "$wine" ]; then skip "no wine (apt-get install wine64): $exe not run"
else
  export WINEPREFIX=$(realpath -m "$out/wineprefix") WINEDEBUG=-all
  [ -d "$WINEPREFIX" ] || { echo "creating the Wine prefix (once)"; "$wine" wineboot -i >/dev/null 2>&1 || true; }
  got=$(signature "$wine" "$exe")
  if [ "$got" = "$expected" ]; then echo "$(basename "$exe"): bench $got under Wine"
  else fail "$(basename "$exe"): bench '$got' under Wine, expected $expected"; fi
  python3 tests/release_session.py session "$out/wine-session.txt" -- "$wine" "$exe" ||
    fail "UCI session under Wine (transcript: $out/wine-session.txt)"
  if [ -d "$data/perft" ]; then
    python3 tests/release_session.py perft "$out/wine-perft.txt" "$data/perft/standard.epd" \
      "$data/perft/fischer.epd" -- "$wine" "$exe" || fail "perft under Wine"
  else skip "no perft suites in $data"; fi
  if [ -d "$data/syzygy" ]; then
    # With Fathom compiled in the tables load and probe; without, SyzygyPath must say so.
    prober=none
    grep -q '^TAPER_FATHOM_SOURCE:PATH=.' build/release-windows-x86-64/CMakeCache.txt && prober=found
    python3 tests/release_session.py syzygy "$out/wine-syzygy.txt" "Z:${data//\//\\}\\syzygy" "$prober" \
      -- "$wine" "$exe" || fail "SyzygyPath under Wine"
  fi
fi

echo "== Linux ARM64 under qemu-user"
arm="$out/taper-$version-linux-arm64"
qemu=$(find_binary qemu-aarch64 || true)
if [ ! -f "$arm" ]; then :
elif [ -z "$qemu" ]; then skip "no qemu-aarch64 (apt-get install qemu-user): $arm not run"
else
  # Fully static: no program interpreter and no shared library, so it needs no ARM64 sysroot.
  if readelf -l "$arm" | grep -q INTERP || readelf -d "$arm" | grep -q NEEDED; then
    fail "$(basename "$arm") is not fully static: $(readelf -d "$arm" | grep NEEDED | tr -s ' ')"
  fi
  started=$SECONDS
  got=$(signature "$qemu" "$arm")
  if [ "$got" = "$expected" ]; then echo "$(basename "$arm"): bench $got under $(basename "$qemu") ($((SECONDS - started)) s)"
  else fail "$(basename "$arm"): bench '$got' under qemu, expected $expected"; fi
  python3 tests/release_session.py session "$out/arm64-session.txt" -- "$qemu" "$arm" ||
    fail "UCI session under qemu (transcript: $out/arm64-session.txt)"
  python3 tests/release_session.py perft "$out/arm64-perft.txt" "$data/perft/standard.epd" \
    "$data/perft/fischer.epd" -- "$qemu" "$arm" || fail "perft under qemu"
  prober=none
  grep -q '^TAPER_FATHOM_SOURCE:PATH=.' build/release-linux-arm64/CMakeCache.txt && prober=found
  python3 tests/release_session.py syzygy "$out/arm64-syzygy.txt" "$data/syzygy" "$prober" -- "$qemu" "$arm" ||
    fail "SyzygyPath under qemu"
  echo "ARM64 under qemu: $((SECONDS - started)) s"
fi

echo "== Bench: line of the newest commit that states one"
if ! command -v git >/dev/null || ! git rev-parse --git-dir >/dev/null 2>&1; then
  echo "release-check: no git repository: Bench: check skipped"
else
  stated=$(git log --format=%B | sed -n 's/^Bench: *\([0-9][0-9]*\) *$/\1/p' | head -1)
  if [ -z "$stated" ]; then
    if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
      echo "release-check: shallow clone without a Bench: line: Bench: check skipped"
    else echo "release-check: no commit states a Bench: line: check skipped"; fi
  elif [ "$stated" = "$expected" ]; then echo "Bench: $stated (commit $(git log --format=%h -1 --grep='^Bench: ')) = binary"
  else fail "the newest commit that states one says Bench: $stated, the binary gives $expected"; fi
fi

if [ "$failures" -gt 0 ]; then echo "release-check: $failures FAILURE(S)" >&2; exit 1; fi
echo "release-check: all passed"
