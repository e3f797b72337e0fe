# SPDX-License-Identifier: GPL-3.0-or-later
# The WebAssembly build (`make web`, Emscripten): the same `taper` target, linked as taper.js +
# taper.wasm. main() still runs under Node.js (`node taper.js bench`); the page's workers call
# the functions of app/web_api.cpp instead. No pthreads: a page needs no cross-origin
# isolation, and the search runs on the worker's thread (search/threads.hpp, ThreadsAvailable).
target_sources(taper PRIVATE app/web_api.cpp)
target_link_options(taper PRIVATE
  -sENVIRONMENT=web,worker,node
  -sALLOW_MEMORY_GROWTH=1          # Hash can be set above the initial memory
  -sINITIAL_MEMORY=64MB
  -sTOTAL_STACK=8MB                # a deep search recursion, as a native thread's default stack
  "-sEXPORTED_FUNCTIONS=_main,_taper_uci,_taper_eval_json,_taper_review_begin,_taper_review_step,_taper_review_result,_taper_report_begin,_taper_report_step,_taper_report_result,_taper_judge_move,_malloc,_free"
  "-sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString,stringToUTF8,lengthBytesUTF8"
  --pre-js ${CMAKE_SOURCE_DIR}/web/node_wasm_loader.js)
set_property(TARGET taper APPEND PROPERTY LINK_DEPENDS ${CMAKE_SOURCE_DIR}/web/node_wasm_loader.js)
