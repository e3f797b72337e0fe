#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `make release`: stripped release binaries, named with the version, into one folder.
#   Linux x86-64 (glibc 2.36+; C++ runtime, zlib and liblzma linked in) and Windows x86-64
#   (cross-compiled with Debian's MinGW-w64, fully static), each in these flavours:
#     x86-64          any 64-bit x86 processor
#     x86-64-v2       + popcnt, SSE4.2
#     x86-64-v3       + AVX2, BMI1/2, magic sliders (best on AMD Zen 1/2, where PEXT is slow)
#     x86-64-v3-pext  + PEXT sliders (Intel Haswell and later, AMD Zen 3 and later)
#   and Linux ARM64 (target arm64: Debian's aarch64 cross compiler, fully static, one flavour,
#   magic sliders; no zlib/liblzma for that target, so its tuner reads plain files only).
#   Fathom, the Syzygy prober, is compiled in from Debian's fathom source package
#   (scripts/fetch_fathom.sh), so no binary needs libfathom; if it cannot be fetched the
#   binaries are built without tablebases and say so (loudly here, and on SyzygyPath).
# Environment: RELEASE_DIR (release), FLAVOURS (of the x86-64 targets), TARGETS ("linux windows
#   arm64"; a cross compiler that is missing stops the script with the package to install), JOBS (2),
#   TAPER_FATHOM_SOURCE (an unpacked Fathom tree instead of fetching one).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${RELEASE_DIR:-release}
flavours=${FLAVOURS:-"x86-64 x86-64-v2 x86-64-v3 x86-64-v3-pext"}
targets=${TARGETS:-"linux windows arm64"}
jobs=${JOBS:-2}
version=$(sed -n 's/^project(Taper VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
generator=(); command -v ninja >/dev/null && generator=(-G Ninja)

fathom=${TAPER_FATHOM_SOURCE:-}
if [ -z "$fathom" ]; then
  if ! fathom=$(scripts/fetch_fathom.sh build/fathom); then
    fathom=""
    echo "release: WARNING: could not fetch Fathom's source; the binaries have NO Syzygy support" >&2
  fi
fi

mkdir -p "$out"
for target in $targets; do
  # os: the name's OS part; target_flavours: the x86-64 flavours, or ARM64's one.
  os=$target; target_flavours=$flavours
  case $target in
    linux) toolchain=(); strip_tool=strip; suffix="" ;;
    windows)
      command -v x86_64-w64-mingw32-g++-posix >/dev/null ||
        { echo "release: x86_64-w64-mingw32-g++-posix missing: apt-get install g++-mingw-w64-x86-64-posix" >&2; exit 1; }
      toolchain=(-DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/mingw-w64-x86_64.cmake"); strip_tool=x86_64-w64-mingw32-strip
      suffix=".exe" ;;
    arm64)
      command -v aarch64-linux-gnu-g++ >/dev/null ||
        { echo "release: aarch64-linux-gnu-g++ missing: apt-get install g++-aarch64-linux-gnu" >&2; exit 1; }
      toolchain=(-DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/aarch64-linux-gnu.cmake"); strip_tool=aarch64-linux-gnu-strip
      suffix=""; os=linux; target_flavours=arm64 ;;
    *) echo "release: unknown target '$target' (linux, windows, arm64)" >&2; exit 1 ;;
  esac
  for flavour in $target_flavours; do
    build="build/release-$os-$flavour"
    echo "== $os $flavour ($build)"
    cmake -S . -B "$build" "${generator[@]}" "${toolchain[@]}" -DCMAKE_BUILD_TYPE=Release \
      -DTAPER_ARCH="$flavour" -DTAPER_STATIC_RUNTIME=ON -DTAPER_TESTS=OFF -DTAPER_BENCHMARKS=OFF \
      -DTAPER_SYSTEM_FATHOM=OFF -DTAPER_FATHOM_SOURCE="$fathom" >/dev/null
    cmake --build "$build" -j "$jobs" --target taper >/dev/null
    name="taper-$version-$os-$flavour$suffix"
    "$strip_tool" -o "$out/$name" "$build/taper$suffix"
  done
done
(cd "$out" && sha256sum taper-* > SHA256SUMS)
ls -l "$out"
