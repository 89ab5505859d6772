# kernels-relaxed.wasm: the wasm build's hot kernels (${wasm_hot_kernels}, the files
# src/core/kernels/hot_kernels.def names) compiled again with f32x4.relaxed_madd, by clang-16 and
# wasm-ld-16 (Debian's clang-16 and lld-16), because Emscripten 3.1.6's clang and binaryen cannot
# (core/kernels/wasm_kernels.h says why). Its exports are the kernels' names (export_name on their
# declarations, wasm_kernels.h). The module imports the main module's memory and has no stack or
# data of its own (tests/js/relaxed-simd checks); the JS loader installs it where the engine has
# relaxed SIMD. Without clang-16 it is not built and the SIMD128 kernels run everywhere. Included
# where kernels_wasmsimd is defined. Programs that can install it themselves (tests, kernel-bench)
# link src/wasm/relaxed_kernels.cpp with ${relaxed_link_options}: src/wasm/relaxed-pre.js installs
# it when AL_RELAXED_KERNELS names it.
find_program(CLANG16 clang-16)
find_program(WASM_LD16 wasm-ld-16)
if(NOT CLANG16 OR NOT WASM_LD16)
  message(STATUS "relaxed-SIMD kernels: clang-16 or wasm-ld-16 not found, SIMD128 kernels only")
  return()
endif()

file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/relaxed)
set(relaxed_objects)
foreach(src ${wasm_hot_kernels})
  get_filename_component(stem ${src} NAME_WE)
  set(obj ${CMAKE_BINARY_DIR}/relaxed/${stem}.o)
  add_custom_command(OUTPUT ${obj}
    COMMAND ${CLANG16} --target=wasm32-unknown-emscripten --sysroot=${EMSCRIPTEN_SYSROOT} -std=c++17 -O3
      -msimd128 -mrelaxed-simd -DAL_RELAXED_SIMD -fno-exceptions -Wall -Wextra -I${CMAKE_SOURCE_DIR}/src
      -MD -MF ${obj}.d -c ${CMAKE_SOURCE_DIR}/${src} -o ${obj}
    DEPENDS ${CMAKE_SOURCE_DIR}/${src} DEPFILE ${obj}.d
    COMMENT "Compiling ${src} with relaxed SIMD (clang-16)")
  list(APPEND relaxed_objects ${obj})
endforeach()
set(relaxed_module ${CMAKE_BINARY_DIR}/kernels-relaxed.wasm)
add_custom_command(OUTPUT ${relaxed_module}
  COMMAND ${WASM_LD16} --no-entry --import-memory -o ${relaxed_module} ${relaxed_objects}
  DEPENDS ${relaxed_objects}
  COMMENT "Linking kernels-relaxed.wasm (wasm-ld-16)")
# the shipped copy, an output of its own: a dist/ removed since is written again
set(relaxed_shipped ${CMAKE_SOURCE_DIR}/dist/wasm/kernels-relaxed.wasm)
add_custom_command(OUTPUT ${relaxed_shipped}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_SOURCE_DIR}/dist/wasm
  COMMAND ${CMAKE_COMMAND} -E copy ${relaxed_module} ${relaxed_shipped}
  DEPENDS ${relaxed_module}
  COMMENT "Copying kernels-relaxed.wasm to dist/wasm")
add_custom_target(kernels_relaxed ALL DEPENDS ${relaxed_module} ${relaxed_shipped})
set(relaxed_link_options --pre-js ${CMAKE_SOURCE_DIR}/src/wasm/relaxed-pre.js -sALLOW_TABLE_GROWTH=1
  -sEXPORTED_RUNTIME_METHODS=addFunction)
