# SPDX-License-Identifier: GPL-3.0-or-later
# Build step of cmake/bitbases.cmake: OUTPUT gets the generated source of the solved tables,
# from CACHE_DIR when the same inputs were solved before, else by compiling the generator with
# HOST_CXX (optimised, no sanitizer, no target flags) and running it here.
set(all "")
foreach(f IN LISTS INPUTS)
  file(SHA256 ${f} h)
  string(APPEND all ${h})
endforeach()
string(SHA256 key "${all}")
string(SUBSTRING ${key} 0 16 key)
set(cached ${CACHE_DIR}/four_man_${key}.cpp)

if(NOT EXISTS ${cached})
  file(MAKE_DIRECTORY ${WORK_DIR} ${CACHE_DIR})
  message(STATUS "bitbase_gen: compiling the solver for this machine (${HOST_CXX})")
  execute_process(COMMAND ${HOST_CXX} -std=c++20 -O2 -pthread -I${SOURCE_DIR}/src ${SOURCES}
                          -o ${WORK_DIR}/taper_bitbase_gen
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "bitbase_gen: cannot compile the solver with ${HOST_CXX} "
                        "(configure with -DTAPER_EMBED_BITBASES=OFF to build without the tables)")
  endif()
  execute_process(COMMAND ${WORK_DIR}/taper_bitbase_gen ${WORK_DIR}/four_man.cpp RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "bitbase_gen: solving the tables failed")
  endif()
  # Into the cache under a name of its own, then renamed: a parallel build never reads half a file.
  string(RANDOM LENGTH 12 tag)
  execute_process(COMMAND ${CMAKE_COMMAND} -E copy ${WORK_DIR}/four_man.cpp ${cached}.${tag}.tmp)
  file(RENAME ${cached}.${tag}.tmp ${cached})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E copy ${cached} ${OUTPUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bitbase_gen: cannot copy ${cached} to ${OUTPUT}")
endif()
