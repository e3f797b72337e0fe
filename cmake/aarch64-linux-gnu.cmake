# SPDX-License-Identifier: GPL-3.0-or-later
# Toolchain for Linux ARM64 (AArch64) binaries built on Debian with its cross compiler
# (apt-get install g++-aarch64-linux-gnu; run them with qemu-user: qemu-aarch64).
#   cmake -B build/arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake -DTAPER_TESTS=OFF
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
# Programs from the build machine, libraries and headers only from the ARM64 tree, so that the
# host's x86-64 zlib, liblzma or libfathom are never picked up (the cross tree has none of them:
# the ARM64 tuner reads plain files only, and Fathom is compiled in from source).
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
