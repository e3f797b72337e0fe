# SPDX-License-Identifier: GPL-3.0-or-later
# Run at every build (cmake -P): writes build_info.cpp with the commit and its date from git, or
# "unknown" when building from a tarball without .git. configure_file only rewrites the file when
# the text changes, so an unchanged commit recompiles nothing.
#   inputs: SOURCE_DIR, OUTPUT, TEMPLATE
set(TAPER_COMMIT "unknown")
set(TAPER_COMMIT_DATE "unknown")
find_package(Git QUIET)
if(GIT_FOUND)
  # Only our own repository counts: a tarball unpacked inside some other git tree is "unknown".
  execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SOURCE_DIR} rev-parse --show-toplevel
                  OUTPUT_VARIABLE top OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  file(REAL_PATH "${SOURCE_DIR}" sourceReal)
  if(top)
    file(REAL_PATH "${top}" top)
  endif()
endif()
if(GIT_FOUND AND top STREQUAL sourceReal)
  execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SOURCE_DIR} rev-parse --short=10 HEAD
                  OUTPUT_VARIABLE commit RESULT_VARIABLE commitFailed OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SOURCE_DIR} log -1 --format=%cd --date=short
                  OUTPUT_VARIABLE date RESULT_VARIABLE dateFailed OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT commitFailed AND commit MATCHES "^[0-9a-f]+$")
    set(TAPER_COMMIT "${commit}")
    # Uncommitted changes in tracked files: the binary is not exactly that commit.
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SOURCE_DIR} diff --quiet HEAD --
                    RESULT_VARIABLE dirty ERROR_QUIET)
    if(dirty EQUAL 1)
      set(TAPER_COMMIT "${commit}-dirty")
    endif()
  endif()
  if(NOT dateFailed AND date MATCHES "^[0-9]+-[0-9]+-[0-9]+$")
    set(TAPER_COMMIT_DATE "${date}")
  endif()
endif()
configure_file(${TEMPLATE} ${OUTPUT} @ONLY)
