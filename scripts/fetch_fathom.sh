#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fetches Fathom (the Syzygy prober, MIT licence) from Debian's `fathom` source package and
# unpacks it, so that release builds compile it in (TAPER_FATHOM_SOURCE) and Windows binaries
# get tablebases too. Nothing of Fathom is kept in this repository.
#   scripts/fetch_fathom.sh [DIR]     (default build/fathom) -> prints the source tree's path
# It uses apt-get with a private configuration under DIR: the system's apt sources and state are
# not touched, and no root is needed. The suite is the running Debian's (bookworm if unknown).
set -euo pipefail
dir=$(realpath -m "${1:-build/fathom}")
mkdir -p "$dir/apt/lists/partial" "$dir/apt/archives/partial" "$dir/download"

existing=$(ls -d "$dir"/fathom-*/src/tbprobe.c 2>/dev/null | head -1 || true)
if [ -n "$existing" ]; then dirname "$(dirname "$existing")"; exit 0; fi

command -v apt-get >/dev/null || { echo "fetch_fathom: apt-get not found (needs Debian or a derivative)" >&2; exit 1; }
suite=$( (. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}") || true)
suite=${suite:-bookworm}
echo "deb-src http://deb.debian.org/debian $suite main" > "$dir/apt/sources.list"
apt_opts=(-o Dir::Etc::SourceList="$dir/apt/sources.list" -o Dir::Etc::SourceParts=/nonexistent
          -o Dir::State::Lists="$dir/apt/lists" -o Dir::Cache="$dir/apt" -o Debug::NoLocking=1
          -o APT::Sandbox::User="$(id -un)")
apt-get -qq "${apt_opts[@]}" update >&2
(cd "$dir/download" && apt-get -qq "${apt_opts[@]}" source --download-only fathom >&2)
orig=$(ls "$dir"/download/fathom_*.orig.tar.* | head -1)
tar -xf "$orig" -C "$dir"
tree=$(ls -d "$dir"/fathom-*/ | head -1)
test -f "$tree/src/tbprobe.c" || { echo "fetch_fathom: $orig has no src/tbprobe.c" >&2; exit 1; }
echo "${tree%/}"
