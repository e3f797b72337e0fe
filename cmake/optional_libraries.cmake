# SPDX-License-Identifier: GPL-3.0-or-later
# Libraries the engine can do without. A missing one switches one feature off, with a message
# here and a clear answer at run time; none of them stops the build.

# zlib and liblzma: only the tuner's readers of .gz and .xz data (src/tune/input.cpp).
if(TARGET taper_layer_tune)
  find_package(ZLIB QUIET)
  find_package(LibLZMA QUIET)
  if(ZLIB_FOUND)
    target_link_libraries(taper_layer_tune PRIVATE ZLIB::ZLIB)
    target_compile_definitions(taper_layer_tune PUBLIC TAPER_HAS_ZLIB=1)
  else()
    message(STATUS "zlib not found: the tuner reads no .gz files (apt-get install zlib1g-dev)")
  endif()
  if(LIBLZMA_FOUND)
    target_link_libraries(taper_layer_tune PRIVATE LibLZMA::LibLZMA)
    target_compile_definitions(taper_layer_tune PUBLIC TAPER_HAS_LZMA=1)
  else()
    message(STATUS "liblzma not found: the tuner reads no .xz files (apt-get install liblzma-dev)")
  endif()
endif()

# Syzygy tablebases through Fathom (MIT licence), in one of two ways:
#   TAPER_FATHOM_SOURCE names Fathom's source tree (Debian's `fathom` source package, fetched
#     by scripts/fetch_fathom.sh): tbprobe.c is compiled into the binary. The release builds do
#     this, so their binaries need no libfathom and Windows gets tablebases too.
#   otherwise Debian's shared libfathom (apt-get install libfathom-dev), when installed.
# With neither, the engine is built without a prober and `SyzygyPath` says so in an info string.
set(TAPER_FATHOM_SOURCE "" CACHE PATH "Fathom's source tree (scripts/fetch_fathom.sh) to compile the Syzygy prober from")
option(TAPER_SYSTEM_FATHOM "Use the installed libfathom when TAPER_FATHOM_SOURCE is not given" ON)
option(TAPER_FATHOM_NO_THREADS "Compile TAPER_FATHOM_SOURCE without Fathom's lock, as Debian's libfathom is (tests/tsan.sh)" OFF)
set(TAPER_SYZYGY "none")
if(TAPER_FATHOM_SOURCE)
  if(NOT EXISTS ${TAPER_FATHOM_SOURCE}/src/tbprobe.c)
    message(FATAL_ERROR "TAPER_FATHOM_SOURCE=${TAPER_FATHOM_SOURCE} has no src/tbprobe.c")
  endif()
  enable_language(C)
  add_library(taper_fathom STATIC ${TAPER_FATHOM_SOURCE}/src/tbprobe.c)
  set_target_properties(taper_fathom PROPERTIES C_STANDARD 99 C_EXTENSIONS ON)
  # Popcount through the compiler, so each flavour gets the instruction it may use. Fathom's
  # own locking stays on (Debian's libfathom is built with TB_NO_THREADS), unless
  # TAPER_FATHOM_NO_THREADS builds it as Debian does: tests/tsan.sh does, so that
  # ThreadSanitizer sees Fathom's memory and checks Taper's own locking (tb/warm_tables.hpp).
  target_compile_options(taper_fathom PRIVATE "-DTB_CUSTOM_POP_COUNT(x)=__builtin_popcountll(x)")
  if(TAPER_FATHOM_NO_THREADS)
    target_compile_definitions(taper_fathom PRIVATE TB_NO_THREADS)
  endif()
  # Third-party code: its warnings are not ours to fix.
  target_compile_options(taper_fathom PRIVATE -w)
  target_include_directories(taper_fathom PUBLIC ${TAPER_FATHOM_SOURCE}/src)
  target_link_libraries(taper_fathom PUBLIC Threads::Threads)
  target_link_libraries(taper_layer_tb PUBLIC taper_fathom)
  target_compile_definitions(taper_layer_tb PUBLIC TAPER_HAS_FATHOM=1)
  set(TAPER_SYZYGY "fathom-source")
  message(STATUS "Syzygy support: Fathom compiled from ${TAPER_FATHOM_SOURCE}")
elseif(TAPER_SYSTEM_FATHOM)
  find_path(FATHOM_INCLUDE_DIR tbprobe.h)
  find_library(FATHOM_LIBRARY fathom)
  if(FATHOM_INCLUDE_DIR AND FATHOM_LIBRARY)
    target_include_directories(taper_layer_tb PUBLIC ${FATHOM_INCLUDE_DIR})
    target_link_libraries(taper_layer_tb PUBLIC ${FATHOM_LIBRARY})
    target_compile_definitions(taper_layer_tb PUBLIC TAPER_HAS_FATHOM=1)
    set(TAPER_SYZYGY "libfathom")
    message(STATUS "Syzygy support: libfathom found (${FATHOM_LIBRARY})")
  endif()
endif()
if(TAPER_SYZYGY STREQUAL "none")
  message(STATUS "Syzygy support: none; SyzygyPath will say so (apt-get install libfathom-dev, or TAPER_FATHOM_SOURCE)")
endif()
