# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when a source file includes a header of a layer it may not use (src/layers.cmake):
#   cmake -DSRC_DIR=src -DLAYERS_FILE=src/layers.cmake -P tests/check_layers.cmake
# It reads the same layer list as the build, so a new layer needs no change here. A folder of
# src/ that is not a layer fails too: its files would silently not be built.
cmake_minimum_required(VERSION 3.20)
include(${CMAKE_CURRENT_LIST_DIR}/../cmake/layers.cmake)
# Relative arguments are relative to the caller's working directory.
get_filename_component(SRC_DIR "${SRC_DIR}" ABSOLUTE BASE_DIR "$ENV{PWD}")
get_filename_component(LAYERS_FILE "${LAYERS_FILE}" ABSOLUTE BASE_DIR "$ENV{PWD}")
taper_parse_layers(${LAYERS_FILE})

set(violations "")
file(GLOB dirs LIST_DIRECTORIES true RELATIVE ${SRC_DIR} ${SRC_DIR}/*)
foreach(dir IN LISTS dirs)
  if(IS_DIRECTORY ${SRC_DIR}/${dir} AND NOT dir IN_LIST TAPER_LAYER_NAMES)
    list(APPEND violations "src/${dir}/ is not a layer of ${LAYERS_FILE}: its files would not be built")
  endif()
endforeach()

set(checked 0)
foreach(layer IN LISTS TAPER_LAYER_NAMES)
  file(GLOB_RECURSE files RELATIVE ${SRC_DIR}
       ${SRC_DIR}/${layer}/*.cpp ${SRC_DIR}/${layer}/*.hpp ${SRC_DIR}/${layer}/*.h
       ${SRC_DIR}/${layer}/*.inc ${SRC_DIR}/${layer}/*.def)
  foreach(file IN LISTS files)
    math(EXPR checked "${checked} + 1")
    file(STRINGS ${SRC_DIR}/${file} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS lines)
      if(line MATCHES "\"([A-Za-z0-9_]+)/[^\"]*\"")
        set(target ${CMAKE_MATCH_1})
        if(target IN_LIST TAPER_LAYER_NAMES AND NOT target IN_LIST TAPER_LAYER_REACH_${layer})
          string(STRIP "${line}" line)
          list(APPEND violations "${file}: '${line}': layer ${layer} may use only: ${TAPER_LAYER_REACH_${layer}}")
        endif()
      endif()
    endforeach()
  endforeach()
endforeach()

if(violations)
  list(JOIN violations "\n  " text)
  message(FATAL_ERROR "include of a higher layer:\n  ${text}")
endif()
if(checked EQUAL 0)
  message(FATAL_ERROR "no source files found under ${SRC_DIR}: nothing was checked")
endif()
message(STATUS "layers respected: ${checked} files in ${TAPER_LAYER_NAMES}")
