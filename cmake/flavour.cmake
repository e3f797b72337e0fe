# SPDX-License-Identifier: GPL-3.0-or-later
# TAPER_ARCH, the instruction set a build targets; `taper --version` and `id name` name it.
#   native          the building machine's instructions (the default, unless cross-compiling)
#   x86-64          baseline: any 64-bit x86 processor
#   x86-64-v2       + popcnt, SSE4.2 (Nehalem, 2008, and later)
#   x86-64-v3       + AVX2, BMI1/2 (Haswell, Zen 1 and later); magic sliders, because PEXT is
#                   microcoded and slow on AMD Zen 1 and 2
#   x86-64-v3-pext  x86-64-v3 with PEXT slider lookups (Intel Haswell+, AMD Zen 3+)
#   arm64           64-bit ARM (ARMv8-A, AArch64): Linux and Android phones, Raspberry Pi 3 and
#                   later, Apple and Ampere machines running Linux; magic sliders
#   portable        the compiler's default target (any architecture)
#   wasm            WebAssembly through Emscripten (`make web`; the default there)
# The search and the evaluation do not depend on the flavour: `bench` gives the same signature.
if(EMSCRIPTEN)
  set(TAPER_DEFAULT_ARCH wasm)
elseif(CMAKE_CROSSCOMPILING AND CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64|arm64|ARM64")
  set(TAPER_DEFAULT_ARCH arm64)
elseif(CMAKE_CROSSCOMPILING)
  set(TAPER_DEFAULT_ARCH x86-64)
else()
  set(TAPER_DEFAULT_ARCH native)
endif()
set(TAPER_ARCH ${TAPER_DEFAULT_ARCH} CACHE STRING
    "Instruction set: native, x86-64, x86-64-v2, x86-64-v3, x86-64-v3-pext, arm64, portable, wasm")
set_property(CACHE TAPER_ARCH PROPERTY STRINGS native x86-64 x86-64-v2 x86-64-v3 x86-64-v3-pext arm64 portable wasm)
# The old switch still works: -DTAPER_NATIVE=ON means TAPER_ARCH=native.
if(TAPER_NATIVE)
  set(TAPER_ARCH native CACHE STRING "" FORCE)
endif()

if(TAPER_ARCH STREQUAL "native")
  add_compile_options(-march=native)
elseif(TAPER_ARCH STREQUAL "portable")
  # No -march: whatever the compiler targets by default.
elseif(TAPER_ARCH STREQUAL "wasm")
  if(NOT EMSCRIPTEN)
    message(FATAL_ERROR "TAPER_ARCH=wasm needs Emscripten's toolchain: use `make web`")
  endif()
elseif(TAPER_ARCH STREQUAL "arm64")
  if(NOT CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64|arm64|ARM64")
    message(FATAL_ERROR "TAPER_ARCH=arm64 needs an AArch64 compiler (cmake/aarch64-linux-gnu.cmake), not ${CMAKE_SYSTEM_PROCESSOR}")
  endif()
  # The ARMv8-A baseline: every 64-bit ARM processor. No PEXT exists there: magic sliders.
  add_compile_options(-march=armv8-a)
  # GCC notes that the ABI for passing some structs changed in GCC 10; everything is built by
  # one compiler, so the note says nothing about this program.
  add_compile_options(-Wno-psabi)
elseif(TAPER_ARCH MATCHES "^x86-64(-v[23])?(-pext)?$")
  if(NOT CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64|amd64")
    message(FATAL_ERROR "TAPER_ARCH=${TAPER_ARCH} needs an x86-64 target, not ${CMAKE_SYSTEM_PROCESSOR}: use native or portable")
  endif()
  string(REGEX REPLACE "-pext$" "" march ${TAPER_ARCH})
  add_compile_options(-march=${march})
  if(TAPER_ARCH STREQUAL "x86-64-v3")
    add_compile_definitions(TAPER_NO_PEXT)
  elseif(TAPER_ARCH MATCHES "-pext$" AND NOT march STREQUAL "x86-64-v3")
    message(FATAL_ERROR "PEXT needs BMI2: use TAPER_ARCH=x86-64-v3-pext")
  endif()
else()
  message(FATAL_ERROR "unknown TAPER_ARCH '${TAPER_ARCH}': native, x86-64, x86-64-v2, x86-64-v3, x86-64-v3-pext, arm64, portable or wasm")
endif()
message(STATUS "Taper flavour: ${TAPER_ARCH}")
