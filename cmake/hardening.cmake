# Hardening: the bad-input and numerics tests, a sanitizer build and libFuzzer targets.
# Included at the end of CMakeLists.txt, after attention_core, the kernels, catch_main,
# catch2_headers, ${fast_kernels} and ${test_link_options}. docs/HARDENING.md has the results.
#
# ASan + UBSan, in a build folder of its own (g++ or clang++):
#   cmake -S . -B build/asan -DATTENTION_LENS_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
#   cmake --build build/asan -j2 --target core_tests core_tests_scalar asset_tests hardening_tests
#   ctest --test-dir build/asan --output-on-failure
# libFuzzer (clang only; scripts/fuzz.sh does all of it and runs the targets):
#   cmake -S . -B build/fuzz -DATTENTION_LENS_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo
#   cmake --build build/fuzz -j2 --target fuzzers

option(ATTENTION_LENS_SANITIZE "Native: compile and link every target with ASan + UBSan" OFF)
option(ATTENTION_LENS_FUZZ "Clang: build the libFuzzer targets (everything instrumented, ASan + UBSan)" OFF)

# ---- bad input and numerics: in every build (native, wasm SIMD, wasm baseline) -------------
add_executable(hardening_tests tests/native/test_bad_input.cpp tests/native/bad_input_checks.cpp
  tests/native/test_numerics.cpp tests/native/test_softmax_extremes.cpp)
target_link_libraries(hardening_tests PRIVATE catch_main catch2_headers attention_reference attention_core ${fast_kernels})
target_compile_options(hardening_tests PRIVATE ${warnings})
target_link_options(hardening_tests PRIVATE ${test_link_options})
add_test(NAME hardening_tests COMMAND hardening_tests --use-colour no)

# ---- sanitizers -----------------------------------------------------------------------------
if((ATTENTION_LENS_SANITIZE OR ATTENTION_LENS_FUZZ) AND EMSCRIPTEN)
  message(WARNING "ATTENTION_LENS_SANITIZE and ATTENTION_LENS_FUZZ apply to native builds only: ignored")
elseif(ATTENTION_LENS_SANITIZE OR ATTENTION_LENS_FUZZ)
  set(sanitizers address,undefined)
  if(ATTENTION_LENS_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
      message(FATAL_ERROR "ATTENTION_LENS_FUZZ needs clang (libFuzzer): configure a fresh build folder "
                          "with -DCMAKE_CXX_COMPILER=clang++-14, or run scripts/fuzz.sh")
    endif()
    # coverage instrumentation everywhere; the fuzz targets alone link libFuzzer's main
    set(sanitizers fuzzer-no-link,${sanitizers})
  endif()
  # CMAKE_CXX_FLAGS and CMAKE_EXE_LINKER_FLAGS are read when the build files are generated, at
  # the end of this directory: appending here reaches the targets above as well as those below.
  string(APPEND CMAKE_CXX_FLAGS " -fsanitize=${sanitizers} -fno-sanitize-recover=all -fno-omit-frame-pointer")
  string(APPEND CMAKE_EXE_LINKER_FLAGS " -fsanitize=address,undefined -fno-sanitize-recover=all")
endif()

# ---- libFuzzer targets ----------------------------------------------------------------------
# fuzz_png: the CLI's PNG reader (cli_png, with libspng); fuzz_image: the core's image entry;
# fuzz_weights: the trained weights file (what users load); fuzz_embedding_asset: the word
# vectors' files and the store on top.
set(fuzz_targets fuzz_tokenizer fuzz_embedding_asset fuzz_analyze fuzz_png fuzz_image fuzz_weights)
function(add_fuzz_target t)
  add_executable(${t} ${ARGN})
  target_include_directories(${t} PRIVATE tests/native)  # asset_builder.h
  target_link_libraries(${t} PRIVATE attention_core ${fast_kernels})
  if(t MATCHES "^fuzz_png")
    target_link_libraries(${t} PRIVATE cli_png)
  endif()
  target_compile_options(${t} PRIVATE ${warnings})
endfunction()
if(ATTENTION_LENS_FUZZ AND NOT EMSCRIPTEN)
  foreach(t ${fuzz_targets})
    add_fuzz_target(${t} tests/fuzz/${t}.cpp)
    target_link_options(${t} PRIVATE -fsanitize=fuzzer)
  endforeach()
  add_custom_target(fuzzers DEPENDS ${fuzz_targets})
elseif(NOT EMSCRIPTEN)
  # the picture path's and the files' targets without libFuzzer: their seed corpus and seeded
  # mutations of it, a short run in every native ctest (under ASan + UBSan in the sanitizer build,
  # npm test)
  foreach(t fuzz_png fuzz_image fuzz_weights fuzz_embedding_asset)
    add_fuzz_target(${t}_replay tests/fuzz/${t}.cpp tests/fuzz/replay_main.cpp)
  endforeach()
  add_test(NAME fuzz_png_replay COMMAND fuzz_png_replay ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/fuzz_png 5000)
  add_test(NAME fuzz_image_replay COMMAND fuzz_image_replay ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/fuzz_image 200)
  add_test(NAME fuzz_weights_replay COMMAND fuzz_weights_replay ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/fuzz_weights 5000)
  add_test(NAME fuzz_embedding_asset_replay COMMAND fuzz_embedding_asset_replay
                                            ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/fuzz_embedding_asset 5000)
endif()
